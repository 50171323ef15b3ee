import { afterEach, describe, expect, it } from 'vitest';
import { pressesText } from '../../src/web/features/security/components/alarm-marks.js';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatDuration,
  formatTime,
  setSocietyTimeZone,
  societyTimeZone,
  subscribeSocietyTimeZone,
} from '../../src/shared/format/dates.js';
import { formatMonth, parseDay } from '../../src/shared/format/day-month.js';

// 20:30 UTC on 25 November is 1:30 AM on 26 November in Karachi (UTC+5).
const LATE_EVENING_UTC = '2026-11-25T20:30:00Z';

describe("dates and times: DD/MM/YYYY and 12-hour time in the society's time zone", () => {
  afterEach(() => setSocietyTimeZone('Asia/Karachi'));

  it('writes an instant in Asia/Karachi by default, whatever the machine zone', () => {
    expect(societyTimeZone()).toBe('Asia/Karachi');
    expect(formatDate(LATE_EVENING_UTC)).toBe('26/11/2026');
    expect(formatTime(LATE_EVENING_UTC)).toBe('1:30 AM');
    expect(formatDateTime(LATE_EVENING_UTC)).toBe('26/11/2026 1:30 AM');
  });

  it('moves the day with the zone', () => {
    expect(formatDateTime(LATE_EVENING_UTC, { timeZone: 'UTC' })).toBe('25/11/2026 8:30 PM');
    setSocietyTimeZone('America/New_York'); // UTC−5 in November
    expect(formatDateTime(LATE_EVENING_UTC)).toBe('25/11/2026 3:30 PM');
  });

  it('puts the day first on days 1–12 (never MM/DD)', () => {
    expect(formatDate('2026-03-04T06:00:00Z')).toBe('04/03/2026');
    expect(formatDate('2026-12-01T10:00:00+05:00')).toBe('01/12/2026');
  });

  it('writes 12-hour time: no leading zero, 12 at midnight and noon, seconds when asked', () => {
    expect(formatTime('2026-03-21T19:00:00Z')).toBe('12:00 AM');
    expect(formatTime('2026-03-21T07:05:00Z')).toBe('12:05 PM');
    expect(formatTime('2026-03-21T10:04:05Z')).toBe('3:04 PM');
    expect(formatTime('2026-03-21T05:42:05Z', { seconds: true })).toBe('10:42:05 AM');
    expect(pressesText({ pressCount: 3, lastPressedTime: '2026-03-21T05:42:05Z' })).toBe('Pressed 3 times, last at 10:42:05 AM');
  });

  it('writes a calendar date as it is, in any zone', () => {
    setSocietyTimeZone('America/Los_Angeles');
    expect(formatDate('2026-03-21')).toBe('21/03/2026');
    expect(formatDateTime('2026-03-21')).toBe('21/03/2026');
    expect(formatTime('2026-03-21')).toBe('');
  });

  it('gives empty text for a missing or invalid value', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe('');
      expect(formatTime(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });

  it("writes the header clock in the society zone, in the spec's 24 characters", () => {
    const instant = new Date(LATE_EVENING_UTC);
    expect(formatClock(instant)).toBe('Thu Nov 26 2026 01:30:00');
    expect(formatClock(instant)).toHaveLength(24); // spec section 1: the date string's first 24 characters
    expect(formatClock(instant, { timeZone: 'UTC' })).toBe('Wed Nov 25 2026 20:30:00');
  });

  it("writes a bill's month in words, and any other text as it comes", () => {
    expect(formatMonth('2026-12')).toBe('December 2026');
    expect(formatMonth('2027-01')).toBe('January 2027');
    expect(formatMonth(' 2026-05 ')).toBe('May 2026');
    expect(formatMonth('2026-13')).toBe('2026-13');
    expect(formatMonth('2026-00')).toBe('2026-00');
    expect(formatMonth('December')).toBe('December');
  });

  it('keeps its zone for an unknown name and tells subscribers of a change', () => {
    const heard: string[] = [];
    const stop = subscribeSocietyTimeZone(() => heard.push(societyTimeZone()));
    setSocietyTimeZone('Not/AZone');
    setSocietyTimeZone('Asia/Karachi'); // unchanged: nobody is told
    setSocietyTimeZone('Asia/Dubai');
    stop();
    expect(heard).toEqual(['Asia/Dubai']);
  });
});

describe('a day typed DD/MM/YYYY (the audit and report date fields)', () => {
  it('reads day first and gives the API its YYYY-MM-DD', () => {
    expect(parseDay('04/03/2026')).toBe('2026-03-04');
    expect(parseDay(' 31/12/2026 ')).toBe('2026-12-31');
    expect(parseDay('29/02/2028')).toBe('2028-02-29');
  });

  it('refuses what is not a day on the calendar or not written DD/MM/YYYY', () => {
    for (const text of ['31/02/2026', '29/02/2027', '13/13/2026', '00/01/2026', '2026-03-04', '4/3/2026', '', '04/03/0026']) {
      expect(parseDay(text)).toBeNull();
    }
  });
});

describe('durations: the one format of alarm marks and report figures', () => {
  it('writes seconds to a tenth under a minute, then the two largest whole units', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(12.44)).toBe('12.4 s');
    expect(formatDuration(75)).toBe('1 min 15 s');
    expect(formatDuration(119.6)).toBe('2 min 0 s');
    expect(formatDuration(3600)).toBe('1 h 0 min');
    expect(formatDuration(8640)).toBe('2 h 24 min');
    expect(formatDuration(93_780)).toBe('1 d 2 h');
  });

  it('writes a missing or impossible duration as a dash', () => {
    for (const bad of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, -1]) expect(formatDuration(bad)).toBe('—');
  });
});
