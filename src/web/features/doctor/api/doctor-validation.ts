/**
 * The doctor forms' browser-side checks, with the shared schemas the server checks again (spec
 * sections 5 and 8): a missing Meet ID, or any of the four prescription fields left blank, is
 * 'Please fill the required fields'; an over-long text gets the schema's 'At most N characters.'.
 */
import type { z } from 'zod';
import { ZGenerateLink, ZPrescriptionInput, type GenerateLink, type PrescriptionInput } from '../../../../shared/contracts/doctor';
import { MSG } from '../../../../shared/messages';

export type FormCheck<T> = { ok: true; value: T } | { ok: false; message: string };

function check<T>(schema: z.ZodType<T>, input: unknown): FormCheck<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const messages = result.error.issues.map((issue) => issue.message);
  // A blank field is reported before a long one, whichever comes first in the form.
  return { ok: false, message: messages.includes(MSG.fillRequired) ? MSG.fillRequired : (messages[0] ?? MSG.fillRequired) };
}

/** 'Doctor Details': Meet ID required, Description optional. */
export function checkLink(input: { meetingId: string; description: string }): FormCheck<GenerateLink> {
  return check(ZGenerateLink, input);
}

/** The prescription drawer: Disease, Medicine, Test needed and Things to do all required. */
export function checkPrescription(input: PrescriptionInput): FormCheck<PrescriptionInput> {
  return check(ZPrescriptionInput, input);
}
