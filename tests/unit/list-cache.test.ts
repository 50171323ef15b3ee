import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Complaint } from '../../src/shared/contracts/complaints.js';
import type { NotHome } from '../../src/shared/contracts/not-home.js';
import { complaintsDesk } from '../../src/web/features/complaints/api/complaints-desk.js';
import { notHomeRequests } from '../../src/web/features/not-home/api/not-home-requests.js';
import { listPageSchema } from '../../src/web/lib/list-api.js';
import type { ListPage } from '../../src/web/lib/list-cache.js';
import { FIRST_PAGE, type ListView } from '../../src/web/lib/list-params.js';
import { residentCard } from '../support/factories.js';

const resident = residentCard();

/** Factories with overrides (STYLE 9). */
function complaint(_id: number, overrides: Partial<Complaint> = {}): Complaint {
  return {
    _id,
    complain: `Complaint ${_id}`,
    response: null,
    stage: 'new',
    complainStatus: 'new',
    status: false,
    edit: false,
    pressedTime: '2026-11-21T10:00:00.000Z',
    pressedTime1: null,
    pressedTime2: null,
    societyName: 'Green Valley',
    resident,
    ...overrides,
  };
}
function request(_id: number, overrides: Partial<NotHome> = {}): NotHome {
  return {
    _id,
    from: '2026-11-21',
    to: '2026-11-25',
    days: 5,
    Status: true,
    cancelled: false,
    state: 'active',
    pressedTime: '2026-11-20T10:00:00.000Z',
    arrivedAt: null,
    cancelledAt: null,
    guardName: null,
    guardPhone: null,
    guardEmail: null,
    dateAndTime: null,
    societyName: 'Green Valley',
    resident,
    ...overrides,
  };
}

/** `count` rows with descending ids from `top` (lists are newest first). */
function page<T>(make: (id: number) => T, top: number, count: number, total: number, totalExact = true): ListPage<T> {
  return { items: Array.from({ length: count }, (_, i) => make(top - i)), total, totalExact };
}

const view = (p: number, q = '', cursor: ListView['cursor'] = null): ListView => ({ page: p, q, cursor });
const ids = (client: QueryClient, key: QueryKey) => client.getQueryData<ListPage<{ _id: number }>>(key)?.items.map((item) => item._id);
const totalOf = (client: QueryClient, key: QueryKey) => client.getQueryData<ListPage<unknown>>(key)?.total;
const invalidated = (client: QueryClient, key: QueryKey) => client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient();
});

describe('list cache: a created item', () => {
  const desk = complaintsDesk;
  const newTop = desk.keys.list({ stage: 'new' }, FIRST_PAGE);
  const newSearched = desk.keys.list({ stage: 'new' }, view(1, 'leak'));
  const newPage2 = desk.keys.list({ stage: 'new' }, view(2, '', { after: 91 }));
  const processingTop = desk.keys.list({ stage: 'processing' }, FIRST_PAGE);

  beforeEach(() => {
    client.setQueryData(newTop, page(complaint, 100, 10, 25));
    client.setQueryData(newSearched, page(complaint, 100, 2, 2));
    client.setQueryData(newPage2, page(complaint, 90, 10, 25));
    client.setQueryData(
      processingTop,
      page((id) => complaint(id, { stage: 'processing' }), 60, 3, 3),
    );
  });

  it('lands on top of the unsearched first page only (total +1, still 10 rows); other pages of its list refetch', () => {
    desk.applyCreated(client, complaint(101));
    expect(ids(client, newTop)).toEqual([101, 100, 99, 98, 97, 96, 95, 94, 93, 92]);
    expect(totalOf(client, newTop)).toBe(26);
    expect(invalidated(client, newTop)).toBe(false);

    expect(ids(client, newSearched)).toEqual([100, 99]);
    expect(invalidated(client, newSearched)).toBe(true);
    expect(ids(client, newPage2)).toEqual([90, 89, 88, 87, 86, 85, 84, 83, 82, 81]);
    expect(invalidated(client, newPage2)).toBe(true);
    // Another list is not touched.
    expect(invalidated(client, processingTop)).toBe(false);
    expect(totalOf(client, processingTop)).toBe(3);
  });

  it('an arrival already on the page (fetched after it was filed) is not counted twice', () => {
    desk.applyCreated(client, complaint(100));
    expect(ids(client, newTop)?.[0]).toBe(100);
    expect(ids(client, newTop)).toHaveLength(10);
    expect(totalOf(client, newTop)).toBe(25);
  });
});

describe('list cache: a moved item', () => {
  const desk = complaintsDesk;
  const newTop = desk.keys.list({ stage: 'new' }, FIRST_PAGE);
  const newPage3 = desk.keys.list({ stage: 'new' }, view(3));
  const processingTop = desk.keys.list({ stage: 'processing' }, FIRST_PAGE);
  const completedTop = desk.keys.list({ stage: 'completed' }, FIRST_PAGE);

  it('leaves the list it left (total -1, that list refetches), and the list it joined refetches; others are untouched', () => {
    client.setQueryData(newTop, page(complaint, 300, 10, 25));
    client.setQueryData(newPage3, page(complaint, 280, 5, 25));
    client.setQueryData(
      processingTop,
      page((id) => complaint(id, { stage: 'processing' }), 260, 3, 3),
    );
    client.setQueryData(
      completedTop,
      page((id) => complaint(id, { stage: 'completed' }), 250, 4, 4),
    );
    client.setQueryData(desk.keys.detail(297), { ...complaint(297), history: [] });

    desk.applyUpdated(client, complaint(297, { stage: 'processing', complainStatus: 'pending' }));
    expect(ids(client, newTop)).toEqual([300, 299, 298, 296, 295, 294, 293, 292, 291]);
    expect(totalOf(client, newTop)).toBe(24);
    expect(invalidated(client, newTop)).toBe(true);
    expect(invalidated(client, newPage3)).toBe(true);
    expect(invalidated(client, processingTop)).toBe(true);
    expect(invalidated(client, completedTop)).toBe(false);
    // The open drawer sees the new stage at once and keeps its history until the refetch.
    expect(client.getQueryData(desk.keys.detail(297))).toMatchObject({ stage: 'processing', history: [] });
  });

  it('moved from a page that is not cached: the stage it came from still refetches (counts and offsets shift)', () => {
    client.setQueryData(newPage3, page(complaint, 180, 5, 25));
    client.setQueryData(
      completedTop,
      page((id) => complaint(id, { stage: 'completed' }), 150, 4, 4),
    );
    desk.applyUpdated(client, complaint(195, { stage: 'processing', complainStatus: 'pending' }));
    expect(invalidated(client, newPage3)).toBe(true);
    expect(invalidated(client, completedTop)).toBe(false);
  });

  it('applies our own change once: the socket echo of the same stage changes nothing', () => {
    const moved = complaint(397, { stage: 'processing', complainStatus: 'pending' });
    const processingPage2 = desk.keys.list({ stage: 'processing' }, view(2, '', { after: 381 }));
    desk.applyUpdated(client, moved);
    // Fetched after our change (fresh); the item is on page 1, which is not cached.
    client.setQueryData(
      processingPage2,
      page((id) => complaint(id, { stage: 'processing' }), 380, 1, 11),
    );
    desk.applyUpdated(client, moved);
    expect(invalidated(client, processingPage2)).toBe(false);
    client.setQueryData(
      processingTop,
      page((id) => complaint(id, { stage: 'processing' }), 397, 10, 11),
    );
    // The next stage change of the same item is applied.
    desk.applyUpdated(client, complaint(397, { stage: 'completed', complainStatus: 'completed' }));
    expect(ids(client, processingTop)).toEqual([396, 395, 394, 393, 392, 391, 390, 389, 388]);
    expect(totalOf(client, processingTop)).toBe(10);
  });

  it('a total that is a lower bound stays a lower bound when a row leaves', () => {
    const searched = desk.keys.list({ stage: 'new' }, view(1, 'House'));
    client.setQueryData(searched, page(complaint, 500, 10, 1000, false));
    desk.applyUpdated(client, complaint(498, { stage: 'processing', complainStatus: 'pending' }));
    expect(ids(client, searched)).not.toContain(498);
    expect(totalOf(client, searched)).toBe(1000);
  });
});

describe('list cache: not-at-home by state and guard', () => {
  const lists = notHomeRequests;
  const activeTop = lists.keys.list({ state: 'active', guard: 'any' }, FIRST_PAGE);
  const bell = lists.keys.list({ state: 'active', guard: 'unassigned' }, FIRST_PAGE);
  const cancelledTop = lists.keys.list({ state: 'cancelled', guard: 'any' }, FIRST_PAGE);

  it('a new request lands on the active list and the bell, not on the cancelled list', () => {
    client.setQueryData(activeTop, page(request, 40, 3, 3));
    client.setQueryData(bell, page(request, 40, 3, 3));
    client.setQueryData(
      cancelledTop,
      page((id) => request(id, { state: 'cancelled' }), 20, 2, 2),
    );
    lists.applyCreated(client, request(41));
    expect(ids(client, activeTop)).toEqual([41, 40, 39, 38]);
    expect(totalOf(client, bell)).toBe(4);
    expect(ids(client, cancelledTop)).toEqual([20, 19]);
    expect(invalidated(client, cancelledTop)).toBe(false);
  });

  it('a guard assigned: replaced in place on the active list (no refetch), gone from the bell (which refetches)', () => {
    client.setQueryData(activeTop, page(request, 140, 3, 3));
    client.setQueryData(bell, page(request, 140, 3, 7));
    client.setQueryData(
      cancelledTop,
      page((id) => request(id, { state: 'cancelled' }), 120, 2, 2),
    );
    lists.applyUpdated(client, request(139, { guardName: 'Shahid Mehmood', guardPhone: '03001234567', guardEmail: 'g@mail.test' }));
    expect(client.getQueryData<ListPage<NotHome>>(activeTop)?.items[1]?.guardName).toBe('Shahid Mehmood');
    expect(invalidated(client, activeTop)).toBe(false);
    expect(ids(client, bell)).toEqual([140, 138]);
    expect(totalOf(client, bell)).toBe(6);
    expect(invalidated(client, bell)).toBe(true);
    expect(invalidated(client, cancelledTop)).toBe(false);
  });

  it('a cancelled request leaves the active lists and the cancelled lists refetch', () => {
    const activePage2 = lists.keys.list({ state: 'active', guard: 'any' }, view(2, '', { after: 231 }));
    client.setQueryData(activeTop, page(request, 240, 10, 15));
    client.setQueryData(activePage2, page(request, 230, 5, 15));
    client.setQueryData(
      cancelledTop,
      page((id) => request(id, { state: 'cancelled' }), 220, 2, 2),
    );
    lists.applyUpdated(client, request(235, { state: 'cancelled', Status: false, cancelled: true }));
    expect(ids(client, activeTop)).not.toContain(235);
    expect(totalOf(client, activeTop)).toBe(14);
    expect(invalidated(client, activePage2)).toBe(true);
    expect(invalidated(client, cancelledTop)).toBe(true);
  });
});

describe('list page schema', () => {
  it('reads a missing totalExact as exact, and keeps a lower bound', () => {
    const schema = listPageSchema(complaintsDesk.list.itemSchema);
    expect(schema.parse({ items: [complaint(1)], total: 1 }).totalExact).toBe(true);
    expect(schema.parse({ items: [], total: 1000, totalExact: false }).totalExact).toBe(false);
  });
});
