/**
 * The resident app's query client (src/resident/lib/query-client.ts): a 403 from any call but the
 * profile's reads the profile again, so the app's guard shows the screen for a hold it did not know
 * of (a temporary password, a block) instead of failing on every screen.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/resident/lib/api';
import { createQueryClient, keys } from '../../src/resident/lib/query-client';

describe('resident app: a refused call reads the profile again', () => {
  const refusedWith = (status: number) => () => Promise.reject(new ApiError(status, 'Please change your temporary password first.'));

  it('a 403 from a read or a write invalidates the profile; other failures and the profile’s own 403 do not', async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const profileReads = () => invalidate.mock.calls.filter(([filters]) => filters?.queryKey === keys.me).length;
    await client.fetchQuery({ queryKey: keys.bills, queryFn: refusedWith(404) }).catch(() => undefined);
    await client.fetchQuery({ queryKey: keys.alarms, queryFn: refusedWith(500), retry: false }).catch(() => undefined);
    await client.fetchQuery({ queryKey: keys.me, queryFn: refusedWith(403) }).catch(() => undefined);
    expect(profileReads()).toBe(0);

    await client.fetchQuery({ queryKey: keys.consultations, queryFn: refusedWith(403) }).catch(() => undefined);
    expect(profileReads()).toBe(1);
    await client
      .getMutationCache()
      .build(client, { mutationFn: refusedWith(403) })
      .execute(undefined)
      .catch(() => undefined);
    expect(profileReads()).toBe(2);
  });
});
