/** A resident request's POST, then its list refetched (the new item is first). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * The mutation filing body `B` with POST `path` (the server's 201 answer is not used), then
 * invalidating list `key`. Fails with ApiError: 400 naming the field, 403, 429.
 */
export function useFile<B>(path: string, key: readonly string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post(path, body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
