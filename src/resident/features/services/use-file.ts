/** A resident request's POST, then its list refetched (the new item is first). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export function useFile<B>(path: string, key: readonly string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post(path, body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
