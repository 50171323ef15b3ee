import { z } from 'zod';
import { MSG } from '../messages.js';
import { ZResidentCard, atMostChars } from './common.js';

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
});
