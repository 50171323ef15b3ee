/**
 * Deadlines (/Deadlines, super-admin): how long each stage of the complaint, grocery and doctor
 * desks may take in a society, and the items that went past them (docs/spec-deviations.md row 90).
 */
import { z } from 'zod';
import { ZListQuery, listResponse } from './common.js';

/** The desks that have deadlines (their `desk_requests.desk` names). */
export const DEADLINE_DESK_NAMES = ['complaint', 'grocery', 'doctor'] as const;
export type DeadlineDesk = (typeof DEADLINE_DESK_NAMES)[number];
export const ZDeadlineDesk = z.enum(DEADLINE_DESK_NAMES, { error: 'Desk must be complaint, grocery or doctor.' });

/** The hours a society has when super-admin never set them: 24 h new → processing, 72 h processing → completed. */
export const DEFAULT_DEADLINE_HOURS = { firstAction: 24, completion: 72 } as const;
/** The longest a stage's deadline may be: one year, in hours. */
export const MAX_DEADLINE_HOURS = 8760;

const HOURS_MSG = `Hours must be a whole number from 1 to ${MAX_DEADLINE_HOURS}, or off.`;
/** Whole hours 1–8760, or null: off (the stage never becomes overdue). */
const ZHours = z.number({ error: HOURS_MSG }).int(HOURS_MSG).min(1, HOURS_MSG).max(MAX_DEADLINE_HOURS, HOURS_MSG).nullable();

/**
 * One desk's deadlines: `firstActionHours` (new → processing) and `completionHours` (processing →
 * completed), each in whole hours or null for off; `notifyResident` pushes the resident once when
 * one of their items becomes overdue.
 */
export const ZDeadlineSetting = z.object({
  desk: ZDeadlineDesk,
  firstActionHours: ZHours,
  completionHours: ZHours,
  notifyResident: z.boolean({ error: 'Tell the resident must be true or false.' }),
});
export type DeadlineSetting = z.infer<typeof ZDeadlineSetting>;

/** GET /api/deadlines: every deadline desk, in {@link DEADLINE_DESK_NAMES} order (defaults where never set). */
export const ZDeadlines = z.object({ desks: z.array(ZDeadlineSetting) });
export type Deadlines = z.infer<typeof ZDeadlines>;

/**
 * PUT /api/deadlines: the desks to change (1 to 3, each once; a repeated desk is a 400 naming
 * `desks.<i>.desk`); desks left out keep theirs. Answers with every desk's settings.
 */
export const ZDeadlinesUpdate = z
  .object({ desks: z.array(ZDeadlineSetting, { error: 'Desks must be a list.' }).min(1, 'Name at least one desk.').max(DEADLINE_DESK_NAMES.length) })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.desks.forEach((d, i) => {
      if (seen.has(d.desk)) ctx.addIssue({ code: 'custom', message: 'Each desk may appear once.', path: ['desks', i, 'desk'] });
      seen.add(d.desk);
    });
  });
export type DeadlinesUpdate = z.infer<typeof ZDeadlinesUpdate>;

/**
 * One overdue item (the /Deadlines list and super-admin's bell): `_id` is the overdue record's
 * id, `requestId` the desk request's; `since` is when it was escalated, `dueAt` when its stage's
 * deadline fell (ISO 8601). Listed while the request is still in that stage.
 */
export const ZOverdueItem = z.object({
  _id: z.number().int(),
  desk: ZDeadlineDesk,
  requestId: z.number().int(),
  stage: z.enum(['new', 'processing']),
  residentName: z.string(),
  residentCode: z.string(),
  since: z.string().describe('Escalated at (ISO 8601)'),
  dueAt: z.string().describe('The deadline (ISO 8601)'),
});
export type OverdueItem = z.infer<typeof ZOverdueItem>;
export const ZOverdueList = listResponse(ZOverdueItem);

/** GET /api/deadlines/overdue: the shared list query; `q` is the start of the resident's name or their resident id. */
export const ZOverdueQuery = ZListQuery;

/** Client event 'overdue-raised': an item just became overdue (to the desk's staff and super-admin). */
export const ZOverdueRaised = ZOverdueItem.pick({ desk: true, stage: true, requestId: true, residentName: true, since: true });
export type OverdueRaised = z.infer<typeof ZOverdueRaised>;
