import { describe, expect, it } from 'vitest';
import { parseRange } from '../../src/server/modules/media/range.js';

/** Range requests on served media: one range, clipped; the rest served whole. */
describe('media: parseRange', () => {
  it('reads a closed, an open and a suffix range, clipping the end to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ kind: 'partial', start: 990, end: 999 });
    expect(parseRange('Bytes=5-5', 1000)).toEqual({ kind: 'partial', start: 5, end: 5 });
  });

  it('calls a start past the end, or an empty suffix, unsatisfiable', () => {
    expect(parseRange('bytes=1000-1001', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('serves the whole file for no header, other units, several ranges or nonsense', () => {
    for (const header of [undefined, '', 'items=0-5', 'bytes=0-5,10-20', 'bytes=5-1', 'bytes=-', 'bytes=a-b', 'bytes=99999999999999999999-']) {
      expect(parseRange(header, 1000), String(header)).toEqual({ kind: 'full' });
    }
  });
});
