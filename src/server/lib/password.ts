import { hash, hashSync, verify } from '@node-rs/argon2';

// Verified against when there is no account (or no password), so an unknown email or phone takes
// as long to refuse as a wrong password: the answer's timing never tells which accounts exist.
let dummyHash: string | undefined;
const getDummyHash = () => (dummyHash ??= hashSync('no-such-account'));

/**
 * Checks a password against a stored argon2 hash. Always runs one argon2 verification: against a
 * dummy hash when `passwordHash` is missing (unknown account, or one without a password), which
 * then answers false. A malformed stored hash also answers false.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  const ok = await verify(passwordHash || getDummyHash(), password).catch(() => false);
  return ok && Boolean(passwordHash);
}

/** An argon2id hash of `password` for storing (the library's defaults: argon2id, random salt). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}
