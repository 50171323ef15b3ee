import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { FreshQueryClient } from '../../src/shared/fresh-query-client.js';

/**
 * A list read by a screen (an active observer) whose first fetch is answered by hand: each read
 * takes a snapshot of `rows` when it starts, as the server would, and answers when told.
 */
function screenWithSlowFirstRead(client: QueryClient) {
  let rows = ['kept', 'deleted'];
  const pending: (() => void)[] = [];
  const observer = new QueryObserver(client, {
    queryKey: ['posts', 'list', 'q=deleted'],
    queryFn: () => {
      const snapshot = [...rows];
      return new Promise<string[]>((resolve) => pending.push(() => resolve(snapshot)));
    },
    retry: false,
  });
  const unsubscribe = observer.subscribe(() => {});
  return {
    observer,
    unsubscribe,
    deleteRow: () => (rows = rows.filter((row) => row !== 'deleted')),
    answerOldest: () => pending.shift()?.(),
    waitingReads: () => pending.length,
  };
}

/** Answers the reads still waiting, oldest first, and gives what the screen shows once `invalidated` is done. */
async function shownAfter(screen: ReturnType<typeof screenWithSlowFirstRead>, invalidated: Promise<void>) {
  while (screen.waitingReads() > 0) screen.answerOldest();
  await invalidated;
  return screen.observer.getCurrentResult().data;
}

describe('invalidating a list whose first read is still on its way', () => {
  it('reads the list again after the change: the deleted row does not come back', async () => {
    const client = new FreshQueryClient();
    const screen = screenWithSlowFirstRead(client);
    expect(screen.waitingReads()).toBe(1);

    screen.deleteRow();
    const invalidated = client.invalidateQueries({ queryKey: ['posts', 'list'] });
    // The first read was cancelled and a second one started after the delete.
    await vi.waitFor(() => expect(screen.waitingReads()).toBe(2));
    expect(await shownAfter(screen, invalidated)).toEqual(['kept']);
    screen.unsubscribe();
    client.clear();
  });

  it("TanStack Query's own client keeps the first read, and shows the row the member deleted", async () => {
    // Why FreshQueryClient exists: if this ever fails, TanStack Query has fixed it itself.
    const client = new QueryClient();
    const screen = screenWithSlowFirstRead(client);
    screen.deleteRow();
    const invalidated = client.invalidateQueries({ queryKey: ['posts', 'list'] });
    expect(await shownAfter(screen, invalidated)).toEqual(['kept', 'deleted']);
    screen.unsubscribe();
    client.clear();
  });

  it("cancels no first read that it will not fetch again (refetchType 'none')", async () => {
    const client = new FreshQueryClient();
    const screen = screenWithSlowFirstRead(client);
    const invalidated = client.invalidateQueries({ queryKey: ['posts', 'list'], refetchType: 'none' });
    expect(await shownAfter(screen, invalidated)).toEqual(['kept', 'deleted']);
    screen.unsubscribe();
    client.clear();
  });

  it('keeps a filter of its own: a first read the predicate leaves out goes on', async () => {
    const client = new FreshQueryClient();
    const screen = screenWithSlowFirstRead(client);
    const invalidated = client.invalidateQueries({ queryKey: ['posts', 'list'], predicate: () => false });
    expect(await shownAfter(screen, invalidated)).toEqual(['kept', 'deleted']);
    screen.unsubscribe();
    client.clear();
  });
});
