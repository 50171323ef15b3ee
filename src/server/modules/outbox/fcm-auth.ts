import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import type { Clock } from '../../lib/clock.js';

/** The fields of a Google service-account JSON the FCM transport uses. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  /** PKCS#8 PEM of the account's RSA key. */
  private_key: string;
  private_key_id?: string;
}

/** The OAuth scope that lets a token send FCM messages. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** A cached access token is renewed this long before Google says it expires. */
const RENEW_BEFORE_MS = 60_000;
/** The longest one HTTP call to Google may take (the outbox lease gives a send about 3 s on average). */
export const FCM_HTTP_TIMEOUT_MS = 10_000;

/**
 * Reads and checks a service-account JSON file (FCM_SERVICE_ACCOUNT_FILE) at start-up.
 * @throws Error naming the file and what is wrong: unreadable, not JSON, a field missing or empty,
 *   or `private_key` not an RSA private key in PEM.
 */
export function readServiceAccount(file: string): ServiceAccount {
  const fail = (why: string): never => {
    throw new Error(`FCM_SERVICE_ACCOUNT_FILE (${file}): ${why}`);
  };
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    fail(`cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    fail('is not JSON');
  }
  const obj = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const field = (name: keyof ServiceAccount): string => {
    const v = obj[name];
    return typeof v === 'string' && v.trim() !== '' ? v : fail(`"${name}" is missing: download the key of a service account from the Firebase console`);
  };
  const account: ServiceAccount = { project_id: field('project_id'), client_email: field('client_email'), private_key: field('private_key') };
  if (typeof obj.private_key_id === 'string') account.private_key_id = obj.private_key_id;
  try {
    if (createPrivateKey(account.private_key).asymmetricKeyType !== 'rsa') fail('"private_key" is not an RSA key');
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('FCM_SERVICE_ACCOUNT_FILE')) throw err;
    fail('"private_key" is not a PEM private key');
  }
  return account;
}

/**
 * OAuth access tokens for FCM (Google's "service account" flow, RFC 7523): a JWT signed RS256 with
 * the account's key (iss = client_email, scope FCM_SCOPE, aud = `tokenUrl`, iat now, exp 1 hour
 * later, times from `clock`) is POSTed to `tokenUrl`; the answer `{access_token, expires_in}` is
 * cached until `RENEW_BEFORE_MS` before it expires. Concurrent callers share one request.
 * `get()` rejects when the token endpoint fails or answers without a token; `forget()` drops the
 * cached token (after FCM refused it with 401).
 */
export function accessTokens(deps: { account: ServiceAccount; tokenUrl: string; fetch: typeof fetch; clock: Clock }) {
  const { account, tokenUrl, clock } = deps;
  let key: Promise<CryptoKey> | undefined;
  let cached: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function request(): Promise<string> {
    key ??= importPKCS8(account.private_key, 'RS256');
    const iat = Math.floor(clock.now().getTime() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) })
      .setIssuer(account.client_email)
      .setAudience(tokenUrl)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(await key);
    const res = await deps.fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: AbortSignal.timeout(FCM_HTTP_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
    if (!res.ok || typeof body.access_token !== 'string') {
      throw new Error(`FCM token endpoint answered ${res.status}${typeof body.error === 'string' ? ` ${body.error}` : ''}`);
    }
    const expiresInS = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    cached = { token: body.access_token, renewAt: clock.now().getTime() + expiresInS * 1000 - RENEW_BEFORE_MS };
    return body.access_token;
  }

  return {
    /** A valid access token, from the cache while it is fresh. */
    get(): Promise<string> {
      if (cached && clock.now().getTime() < cached.renewAt) return Promise.resolve(cached.token);
      pending ??= request().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    forget(): void {
      cached = undefined;
    },
  };
}
