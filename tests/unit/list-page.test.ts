import { describe, expect, it } from 'vitest';
import { pageOfIds, pageWindow } from '../../src/server/lib/page-window.js';

describe('pageWindow (ADR 0003)', () => {
  it('follows a cursor whatever the page number', () => {
    expect(pageWindow({ page: 5000, after: 123 }, 100_000, true)).toEqual({ kind: 'after', id: 123, limit: 10 });
    expect(pageWindow({ page: 4999, before: 456 }, 100_000, true)).toEqual({ kind: 'before', id: 456, limit: 10 });
  });

  it('reads the first half from the top', () => {
    expect(pageWindow({ page: 1 }, 100_000, true)).toEqual({ kind: 'offset', direction: 'desc', offset: 0, limit: 10 });
    expect(pageWindow({ page: 5000 }, 100_000, true)).toEqual({ kind: 'offset', direction: 'desc', offset: 49_990, limit: 10 });
  });

  it('reads the second half from the bottom, the last page holding the remainder', () => {
    // 95 rows: 10 pages, the last holds rows 91–95 (ids ascending: the 5 oldest).
    expect(pageWindow({ page: 10 }, 95, true)).toEqual({ kind: 'offset', direction: 'asc', offset: 0, limit: 5 });
    expect(pageWindow({ page: 9 }, 95, true)).toEqual({ kind: 'offset', direction: 'asc', offset: 5, limit: 10 });
    expect(pageWindow({ page: 10_000 }, 100_000, true)).toEqual({ kind: 'offset', direction: 'asc', offset: 0, limit: 10 });
  });

  it('never reads from the bottom when the total is only a lower bound or the page is past the end', () => {
    expect(pageWindow({ page: 100 }, 1000, false)).toEqual({ kind: 'offset', direction: 'desc', offset: 990, limit: 10 });
    expect(pageWindow({ page: 11 }, 95, true)).toEqual({ kind: 'offset', direction: 'desc', offset: 100, limit: 10 });
  });

  it('covers every row exactly once when paging through by number', () => {
    for (const total of [0, 1, 9, 10, 11, 95, 100, 101]) {
      const seen: number[] = [];
      const pages = Math.max(1, Math.ceil(total / 10));
      for (let page = 1; page <= pages; page++) {
        const w = pageWindow({ page }, total, true);
        if (w.kind !== 'offset') throw new Error('no cursor was given');
        // Positions in newest-first order: top offset i is position i, bottom offset i is total-1-i.
        const positions = Array.from({ length: Math.max(0, Math.min(w.limit, total - w.offset)) }, (_, i) =>
          w.direction === 'desc' ? w.offset + i : total - 1 - (w.offset + i),
        );
        seen.push(...positions.sort((a, b) => a - b));
      }
      expect(seen, `total ${total}`).toEqual(Array.from({ length: total }, (_, i) => i));
    }
  });

  it('picks the same pages from the full id list of a search by number and by cursor', () => {
    // 95 matches with ids 1000, 990, …, 60 (newest first), as a search under the cap has them all.
    const all = Array.from({ length: 95 }, (_, i) => 1000 - i * 10);
    const byNumber = Array.from({ length: 10 }, (_, p) => pageOfIds(all, pageWindow({ page: p + 1 }, 95, true)));
    expect(byNumber.flat()).toEqual(all);
    for (let p = 1; p < 10; p++) {
      expect(pageOfIds(all, pageWindow({ page: p + 1, after: byNumber[p - 1]!.at(-1)! }, 95, true)), `forward to ${p + 1}`).toEqual(byNumber[p]);
      expect(pageOfIds(all, pageWindow({ page: p, before: byNumber[p]![0]! }, 95, true)), `back to ${p}`).toEqual(byNumber[p - 1]);
    }
  });
});
