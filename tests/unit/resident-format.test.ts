/**
 * The resident app writes dates in the society's time zone (GET /api/resident/me's `timeZone`),
 * not the phone's: the same instant reads as the desks read it.
 */
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime, setDisplayTimeZone } from '../../src/resident/lib/format';

describe('resident app dates', () => {
  const instant = '2026-11-27T12:00:00.000Z';

  it("writes dates and times in the society's zone once the profile gives it", () => {
    setDisplayTimeZone('Asia/Karachi');
    expect(formatDateTime(instant)).toBe('27 Nov 2026, 17:00');
    expect(formatTime(instant)).toBe('17:00');
    setDisplayTimeZone('America/New_York');
    expect(formatDateTime(instant)).toBe('27 Nov 2026, 07:00');
  });

  it('keeps the zone it has when given a name this runtime does not know', () => {
    setDisplayTimeZone('Asia/Dubai');
    setDisplayTimeZone('Mars/Olympus_Mons');
    expect(formatTime(instant)).toBe('16:00');
  });
});
