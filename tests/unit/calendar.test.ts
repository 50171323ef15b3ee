import { describe, expect, it } from 'vitest';
import { calendarDay, calendarMonth } from '../../src/shared/calendar.js';

describe("a society's calendar", () => {
  it('is the day at that instant in the society zone, not UTC or the machine zone', () => {
    const at = new Date('2026-11-25T20:30:00Z');
    expect(calendarDay(at, 'Asia/Karachi')).toBe('2026-11-26');
    expect(calendarDay(at, 'UTC')).toBe('2026-11-25');
    expect(calendarDay(at, 'America/New_York')).toBe('2026-11-25');
    expect(calendarDay(new Date('2026-03-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-02-28');
  });

  it('gives the month, across a year end', () => {
    expect(calendarMonth(new Date('2026-12-31T19:30:00Z'), 'Asia/Karachi')).toBe('2027-01');
    expect(calendarMonth(new Date('2026-12-31T19:30:00Z'), 'UTC')).toBe('2026-12');
  });

  it('reads an unknown zone name as the default society zone (Asia/Karachi)', () => {
    expect(calendarDay(new Date('2026-11-25T20:30:00Z'), 'Mars/Olympus')).toBe('2026-11-26');
  });
});
