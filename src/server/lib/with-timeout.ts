/**
 * `p`, or a rejection with `Error(message)` once `ms` milliseconds of real time have passed (the
 * timer is cleared when `p` settles first). `p` itself is not cancelled.
 */
export function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
