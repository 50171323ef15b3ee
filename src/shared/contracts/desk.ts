import { z } from 'zod';
import { MSG } from '../messages.js';
import { ZListQuery, ZResidentCard, atMostChars } from './common.js';

/**
 * The three stages every desk shares (complaints, security, grocery, doctor):
 * new → processing → completed (spec section 4).
 */
export const STAGES = ['new', 'processing', 'completed'] as const;
export type Stage = (typeof STAGES)[number];
export const ZStage = z.enum(STAGES);

/** PUT body of a desk transition: `proceed` (new → processing) or `submit` (processing → completed). */
export const ZProceed = z.object({ action: z.literal('proceed') });
/**
 * Submit needs a non-blank response and the confirming checkbox (spec section 5); either missing
 * gives 'Please check Response and Checkbox is enable! '; more than 2000 characters 'At most 2000
 * characters.'.
 */
export const ZSubmit = z.object({
  action: z.literal('submit'),
  response: z.string({ error: MSG.responseAndCheckbox }).trim().min(1, MSG.responseAndCheckbox).max(2000, atMostChars(2000)),
  confirmed: z.literal(true, { error: MSG.responseAndCheckbox }),
});
export type SubmitInput = z.infer<typeof ZSubmit>;

/**
 * An item's `overdueSince`: when it went past its current stage's deadline (ISO 8601; the
 * Overdue badge), or null. Optional, so payloads of an older server still parse.
 */
export const ZOverdueSince = z.string().nullable().optional().describe('When the item went past its stage deadline (ISO 8601), or null');

/**
 * What every desk request shows staff besides its own words (grocery's `list`, doctor's
 * `description`): `edit` is true once staff acted on it (spec section 3), times are ISO 8601.
 */
export const ZDeskRequestBase = z.object({
  _id: z.number().int(),
  edit: z.boolean(),
  stage: ZStage,
  pressedTime: z.string().describe('Requested at (ISO 8601)'),
  societyName: z.string(),
  resident: ZResidentCard,
  overdueSince: ZOverdueSince,
});

/**
 * A desk stage list's query: the shared list query, plus `overdue=1` for the stage's overdue
 * items only ('0' or absent: every item), counted like a search (docs/spec-deviations.md row 90).
 */
export const ZDeskListQuery = ZListQuery.extend({
  overdue: z
    .enum(['0', '1'], { error: 'Overdue must be 0 or 1.' })
    .optional()
    .transform((v) => v === '1'),
});
export type DeskListQuery = z.infer<typeof ZDeskListQuery>;
