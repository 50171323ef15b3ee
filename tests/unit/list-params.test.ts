import { describe, expect, it } from 'vitest';
import { pagerTotal } from '../../src/web/components/data-table.js';
import { cursorFor, readListView, withPage, withSearch } from '../../src/web/lib/list-params.js';

const url = (text: string) => new URLSearchParams(text);
const edges = { first: 90, last: 81 };

describe('list URL: page, search and keyset cursor (docs/adr/0003)', () => {
  it('reads page, search and one cursor; malformed values count as absent', () => {
    expect(readListView(url(''))).toEqual({ page: 1, q: '', cursor: null });
    expect(readListView(url('page=3&q=%20leak%20&after=81'))).toEqual({ page: 3, q: 'leak', cursor: { after: 81 } });
    expect(readListView(url('page=2&before=90'))).toEqual({ page: 2, q: '', cursor: { before: 90 } });
    expect(readListView(url('page=abc&after=-4'))).toEqual({ page: 1, q: '', cursor: null });
    expect(readListView(url('page=3&after=1.5'))).toEqual({ page: 3, q: '', cursor: null });
    // Both cursors at once is not a state this app writes: read the page by offset.
    expect(readListView(url('page=3&after=81&before=90'))).toEqual({ page: 3, q: '', cursor: null });
    // Page 1 is always read from the top.
    expect(readListView(url('page=1&before=90'))).toEqual({ page: 1, q: '', cursor: null });
  });

  it('one page forward keeps after = the last row id; one page back keeps before = the first row id', () => {
    expect(withPage(url('page=2&q=leak'), 3, edges).toString()).toBe('page=3&q=leak&after=81');
    expect(withPage(url('page=4&after=70'), 3, edges).toString()).toBe('page=3&before=90');
    expect(withPage(url(''), 2, edges).toString()).toBe('page=2&after=81');
  });

  it('any other move drops the cursor: back to page 1, a jump, no rows to read ids from', () => {
    expect(withPage(url('page=2&after=81'), 1, edges).toString()).toBe('');
    expect(withPage(url('page=2&after=81'), 5, edges).toString()).toBe('page=5');
    expect(withPage(url('page=9&before=12'), 3, edges).toString()).toBe('page=3');
    expect(withPage(url('page=2&after=81'), 3).toString()).toBe('page=3');
    // The same page again (an emptied cursor page is read by offset).
    expect(withPage(url('page=4&after=31'), 4, edges).toString()).toBe('page=4');
    expect(cursorFor(6, 7, undefined)).toBeNull();
  });

  it('a new search resets to page 1 without a cursor; an empty search is left out', () => {
    expect(withSearch(url('page=4&after=31&q=old'), ' new text ').toString()).toBe('q=new+text');
    expect(withSearch(url('page=4&before=50&q=old'), '   ').toString()).toBe('');
  });
});

describe('pager of a total that may be a lower bound', () => {
  it('an exact total is the pager total', () => {
    expect(pagerTotal(3, 10, 57, true)).toBe(57);
  });

  it('a lower bound offers one page past a full page, and none past a short one', () => {
    expect(pagerTotal(1, 10, 1000, false)).toBe(11);
    expect(pagerTotal(120, 10, 1000, false)).toBe(1201);
    expect(pagerTotal(7, 4, 1000, false)).toBe(64);
  });
});
