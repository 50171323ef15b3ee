/**
 * The guard form's browser-side check (spec section 5 "Guard assignment"), with the shared
 * schema and messages. The spec's messages come in form order: the three "Please fill in …"
 * first (Guard Name, Phone Number, Email), then the phone format, then the email format — so a
 * form with a bad phone and no email first asks for the email.
 */
import { GUARD_MSG, ZAssignGuard, type AssignGuard } from '../../../../shared/contracts/not-home';

const ORDER: readonly string[] = [GUARD_MSG.nameRequired, GUARD_MSG.phoneRequired, GUARD_MSG.emailRequired, GUARD_MSG.phoneInvalid, GUARD_MSG.emailInvalid];

export type GuardCheck = { ok: true; value: AssignGuard } | { ok: false; message: string };

export function checkGuard(input: { guardName: string; guardPhone: string; guardEmail: string }): GuardCheck {
  const result = ZAssignGuard.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const rank = (message: string) => {
    const index = ORDER.indexOf(message);
    return index === -1 ? ORDER.length : index;
  };
  const [first] = result.error.issues.map((issue) => issue.message).sort((a, b) => rank(a) - rank(b));
  return { ok: false, message: first ?? GUARD_MSG.nameRequired };
}
