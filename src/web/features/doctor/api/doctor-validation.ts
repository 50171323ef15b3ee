/**
 * The doctor forms (Doctor Details, the prescription) are checked with their shared schemas
 * (ZGenerateLink, ZPrescriptionInput) through the app's form hook (lib/use-form-errors.ts). Spec
 * sections 5 and 8: a blank required field is 'Please fill the required fields', reported before
 * an over-long text's 'At most N characters.' whichever comes first in the form.
 */
import { MSG } from '../../../../shared/messages';

/** The `order` of the doctor forms' messages: a blank field first. */
export const BLANK_FIRST: readonly string[] = [MSG.fillRequired];
