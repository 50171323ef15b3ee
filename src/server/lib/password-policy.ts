/**
 * The staff password policy, after NIST SP 800-63B: at least {@link PASSWORD_MIN} characters, up to
 * {@link PASSWORD_MAX} (no composition rules), and refused when it is common or guessable —
 * zxcvbn-ts with its common and English dictionaries scores it below 3 of 4, the member's own
 * name, email and society counting as known words. The dictionaries (~2 MB) are loaded on the
 * first check, not at start-up.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
/** zxcvbn score (0–4) a password needs: 3 is "safely unguessable" (< 10^10 guesses is refused). */
const MIN_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;
function load(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({ translations: en.translations, graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary, ...en.dictionary } }),
  );
  return estimator;
}

/**
 * Why `password` is refused, as one sentence for the member, or undefined when it is acceptable.
 * @param personal words the password must not lean on: the member's name, email, society.
 */
export async function passwordProblem(password: string, personal: readonly string[]): Promise<string | undefined> {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  // Each word alone and run together ("Hill Park" → hill, park, hillpark), and the email's name part.
  const words = personal.flatMap((p) => {
    const parts = p
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    return [...parts, parts.join('')];
  });
  const result = await (await load()).check(password, words);
  if (result.score >= MIN_SCORE) return undefined;
  const why = result.feedback.warning ?? 'It is too common or too simple.';
  return `This password is too easy to guess. ${why}${result.feedback.suggestions.length ? ` ${result.feedback.suggestions.join(' ')}` : ''}`;
}
