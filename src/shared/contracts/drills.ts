import { z } from 'zod';
import { ZListQuery, atMostChars, listResponse } from './common.js';

/**
 * An SOS drill (docs/spec-deviations.md row 91): a practice alarm on the society's drill resident
 * that takes the whole alarm path (stored, sent to every button-one screen, ringing, escalated,
 * acknowledged). At most one runs at a time per society; acknowledging its alarm ends it.
 */
export const ZDrill = z.object({
  _id: z.number().int(),
  alarmId: z.number().int().nullable().describe("The drill's alarm (its `_id` in the security desk)"),
  startedAt: z.string().describe('ISO 8601'),
  startedBy: z.string().describe('Name of the staff member who started it'),
  endedAt: z.string().nullable().describe('ISO 8601; null while it runs'),
  endedBy: z.string().nullable(),
  screensAtStart: z.number().int().describe('Security staff connected (alarm screens) when it started'),
  screensRang: z.number().int().describe('Screens (browser tabs) that reported their siren playing'),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  ackSeconds: z.number().nullable().describe('Seconds from the start to the acknowledgement (0.1 s precision)'),
  escalatedAt: z.string().nullable().describe('When the escalation job re-raised it to super-admin (nobody answered in time)'),
});
export type Drill = z.infer<typeof ZDrill>;

export const ZDrillList = listResponse(ZDrill);
/** GET /api/security/drills: `page` and the keyset cursors; newest first, 10 a page. */
export const ZDrillListQuery = ZListQuery.pick({ page: true, after: true, before: true });

/** One screen that rang for a drill. */
export const ZDrillScreen = z.object({
  staff: z.string().describe("The screen's signed-in staff member"),
  screen: z.string().describe('The tab id the screen reported'),
  device: z
    .string()
    .nullable()
    .describe("The screen's browser and system, from its User-Agent ('Chrome on Windows'); null for rings recorded before it was kept"),
  label: z.string().describe("The screen as a person recognises it, numbered in ringing order: 'Screen 1 — Ali Khan (Chrome on Windows)'"),
  rangAt: z.string().describe('When the server heard it (ISO 8601)'),
  ringMs: z.number().int().describe('Milliseconds from the alarm event to the siren playing, measured by the browser'),
  ringServerMs: z.number().int().describe("Milliseconds from the drill's start to the server hearing the screen"),
});
export type DrillScreen = z.infer<typeof ZDrillScreen>;

/** GET /api/security/drills/{id}: the drill, each screen that rang (first ringing first) and a timeline. */
export const ZDrillReport = ZDrill.extend({
  screens: z.array(ZDrillScreen),
  timeline: z.array(z.object({ at: z.string(), what: z.string() })).describe('What happened, oldest first'),
});
export type DrillReport = z.infer<typeof ZDrillReport>;

/**
 * How long after a drill's start a screen's ring is still recorded, ms (one day): an escalated
 * screen rings minutes after the start, while a ring a day later answers nothing (and the time
 * since the start is stored as whole milliseconds). POST …/rang past it is 409 (MSG.drillRingLate).
 */
export const DRILL_RING_WINDOW_MS = 86_400_000;

/** The longest a screen's siren may take to start after the alarm reached it, ms (10 minutes): a later siren did not answer the drill. */
export const DRILL_RING_MAX_MS = 600_000;

/**
 * POST /api/security/drills/{id}/rang: a screen (a browser tab, `screen` being its random id)
 * reports that its siren started, `ringMs` after the alarm event reached it. Recorded once per
 * screen. `ringMs` at most {@link DRILL_RING_MAX_MS}.
 */
export const ZDrillRang = z.object({
  screen: z
    .string({ error: 'Screen must be text.' })
    .trim()
    .min(1, 'Enter the screen id.')
    .max(64, atMostChars(64))
    .regex(/^[\w-]+$/, 'Screen id: letters, digits, - and _ only.'),
  ringMs: z
    .number({ error: 'ringMs must be a number of milliseconds.' })
    .int('ringMs must be whole milliseconds.')
    .min(0, 'ringMs cannot be negative.')
    .max(DRILL_RING_MAX_MS, `ringMs is at most ${DRILL_RING_MAX_MS} (10 minutes).`),
});
export type DrillRang = z.infer<typeof ZDrillRang>;
