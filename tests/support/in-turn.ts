/**
 * `fn` over `items` one after another (each awaited before the next starts); @returns the
 * results in order. For the sub-role matrices: what they check is each role's answer, not a
 * burst, and 16 roles' sign-ins and requests at once queued past the pool's 3 s checkout bound
 * (CONNECT_TIMEOUT_MS: 503) on a loaded two-core machine running two test files at a time.
 */
export async function inTurn<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
}
