/**
 * The server's VAPID key pair (RFC 8292), the same on every instance: VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when set, otherwise the one row of `vapid_keys`, made by whichever instance
 * asks first (`insert … on conflict do nothing`, then read back: instances starting at once all
 * read the one pair that was inserted).
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { vapidKeys } from '../../db/schema.js';

/** What signing a push needs: the pair as base64url, and the contact (`sub`) for push services. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Loads the key pair once per source (a failed load is tried again on the next call). */
export interface VapidKeySource {
  get(): Promise<VapidKeys>;
}

/**
 * The key pair of this deployment. `db` is the owner connection: the restricted society role
 * cannot read `vapid_keys`. The first `get()` may write the row (generating a pair); later calls
 * answer from memory.
 */
export function vapidKeySource(db: Db, config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>): VapidKeySource {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    const fixed = Promise.resolve({ publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject });
    return { get: () => fixed };
  }
  let loading: Promise<VapidKeys> | undefined;
  async function load(): Promise<VapidKeys> {
    const fresh = webpush.generateVAPIDKeys();
    await db.insert(vapidKeys).values({ id: 1, publicKey: fresh.publicKey, privateKey: fresh.privateKey }).onConflictDoNothing();
    const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
    if (!row) throw new Error('vapid_keys has no row after insert');
    return { publicKey: row.publicKey, privateKey: row.privateKey, subject };
  }
  return {
    get() {
      loading ??= load().catch((err: unknown) => {
        loading = undefined;
        throw err;
      });
      return loading;
    },
  };
}
