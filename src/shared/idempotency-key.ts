/**
 * The `Idempotency-Key` both browser apps send on every write (server: plugins/idempotency.ts):
 * one key per intended write, reused by its retries, so a write whose answer was lost is not
 * done twice. Browser-safe, no imports.
 */

/** The request header (IETF httpapi draft-ietf-httpapi-idempotency-key-header). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A new key: a random UUID (36 characters), or where `crypto.randomUUID` is missing (a page
 * opened over plain http on a LAN is not a secure context) 32 hex digits from
 * `crypto.getRandomValues`, which every context has. Both are 128 random bits or near it.
 */
export function newIdempotencyKey(): string {
  const c: Partial<Pick<Crypto, 'randomUUID'>> & Pick<Crypto, 'getRandomValues'> = globalThis.crypto;
  if (c.randomUUID) return c.randomUUID();
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** True for a method that changes state, which carries a key. */
export function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}
