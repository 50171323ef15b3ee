import { and, asc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { outbox, residents } from '../../db/schema.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { PushData, PushItemType } from '../../../shared/contracts/push.js';
import { webPushTargetsSql } from '../web-push/service.js';

/**
 * A push message (spec section 7 "Push messages"): to a device token (`to`, null when the
 * resident has none: never sent, marked failed), with title, body, an optional image URL and the
 * item it opens (`data`, made by `pushData`: `{type, id, documentId}`). `campaignId` ties it to a
 * notification-panel message: it is stored in `outbox.campaign_id` (the delivery report counts by
 * it), not in the payload.
 *
 * One queued push is one outbox row per target, each with its own attempts and back-off: the FCM
 * row (`to`) and one row per Web Push subscription of the resident, whose payload has `webPush`
 * (the `web_push_subscriptions` id) and `to` null. The enqueue functions make those rows from one
 * payload (`fanOutSql`); callers never set `webPush`.
 */
export interface PushPayload {
  to: string | null;
  residentId: number;
  title: string;
  body: string;
  image?: string;
  data?: PushData;
  campaignId?: number;
  /** Set on the rows the fan-out makes for a Web Push subscription: its id. */
  webPush?: number;
}

export type OutboxRow = typeof outbox.$inferSelect;

/** A push every approved resident of a society gets (a new post, …): its texts and the item it opens. */
export type SocietyPush = Pick<PushPayload, 'title' | 'body' | 'image'> & { data: PushData };

/** A plain string as a text parameter, an SQL expression as it is. */
const text = (v: SQL | string): SQL => (typeof v === 'string' ? sql`${v}::text` : v);

/**
 * The fields of a {@link PushPayload} as SQL: expressions over the rows a statement reads
 * (e.g. `r.push_token`), plain strings bound as text.
 */
export interface PushPayloadSql {
  /** The device token (text, may be null: such a push is never sent, it is marked failed). */
  to: SQL;
  /** The resident's row id (an int expression). */
  residentId: SQL;
  title: SQL | string;
  body: SQL | string;
  /** An image URL; the `image` key is left out when undefined. */
  image?: string;
  /** The item the push opens: its kind, and its id as text (e.g. sql`ins.id::text`). */
  item: { type: PushItemType; id: SQL | string };
}

/**
 * The push payload JSON (`jsonb`) built in SQL, shaped exactly as a {@link PushPayload} queued
 * from JS: `{to, residentId, title, body, image?, data: {type, id, documentId}}` (`to` kept when
 * null; `documentId` = `id`, as `pushData` makes it). Every statement that queues pushes in bulk
 * builds its payload here and nowhere else.
 */
export function pushPayloadSql(p: PushPayloadSql): SQL {
  const image = p.image == null ? sql`` : sql`, 'image', ${p.image}::text`;
  const id = text(p.item.id);
  return sql`jsonb_build_object('to', ${p.to}, 'residentId', ${p.residentId}, 'title', ${text(p.title)}, 'body', ${text(p.body)}${image},
    'data', jsonb_build_object('type', ${p.item.type}::text, 'id', ${id}, 'documentId', ${id}))`;
}

/** Many pushes as ONE `INSERT … SELECT`: one queued push per row of `from`. */
export interface PushesSelect extends PushPayloadSql {
  societyId: number;
  /** The rows the pushes are made of: a FROM list with any WHERE, e.g. sql`ins join src on …`. */
  from: SQL;
  /** The notification-panel campaign (an int expression) whose delivery report counts them. */
  campaignId?: SQL;
  /** `created_at` of every row; the database's now() when undefined. */
  at?: Date;
}

/**
 * The statement queuing {@link PushesSelect}'s pushes (`kind` 'push', pending, due at once):
 * place it where a statement may stand, typically a data-modifying `WITH` item of the statement
 * that makes the change, so the pushes commit with it. Append `returning …` to count them (one
 * row per target: see {@link fanOutSql}).
 */
export function insertPushesSql(p: PushesSelect): SQL {
  return fanOutSql({ ...p, payload: pushPayloadSql(p) });
}

/**
 * One `INSERT … SELECT` queuing, for every row of `from`, one outbox row per target of the push:
 * one per Web Push subscription of the resident (payload `… || {to: null, webPush: <id>}`), and
 * the FCM row (the payload as it is) when the resident has a device token — or has no
 * subscription either, so a push nobody can receive is still recorded and failed ('no device
 * token') as before. Each row then has its own attempts and back-off: FCM delivered and Web Push
 * failing retries the Web Push row alone.
 */
function fanOutSql(f: { societyId: number; from: SQL; payload: SQL; residentId: SQL; to: SQL; campaignId?: SQL; at?: Date }): SQL {
  const columns = [sql`society_id`, sql`kind`, sql`payload`];
  const values = [
    sql`${f.societyId}::int`,
    sql`'push'`,
    sql`case when t.id is null then p.payload else p.payload || jsonb_build_object('to', null, 'webPush', t.id) end`,
  ];
  const inner = [sql`${f.payload} as payload`, sql`${f.residentId} as resident_id`, sql`(${f.to})::text as push_to`];
  if (f.campaignId) {
    columns.push(sql`campaign_id`);
    values.push(sql`p.campaign_id`);
    inner.push(sql`${f.campaignId} as campaign_id`);
  }
  if (f.at) {
    columns.push(sql`created_at`);
    values.push(sql`${f.at.toISOString()}::timestamptz`);
  }
  const subscriptions = webPushTargetsSql(sql`p.resident_id`);
  return sql`insert into outbox (${sql.join(columns, sql`, `)})
    select ${sql.join(values, sql`, `)}
    from (select ${sql.join(inner, sql`, `)} from ${f.from}) p
    cross join lateral (
      ${subscriptions}
      union all
      select null::int where coalesce(p.push_to, '') <> '' or not exists (${subscriptions})
    ) t(id)`;
}

/** `payload` without `campaignId` (a column of its own), and the campaign id as an int or null. */
function split(payload: PushPayload): { message: Omit<PushPayload, 'campaignId'>; campaignId: number | null } {
  const { campaignId, ...message } = payload;
  return { message, campaignId: campaignId ?? null };
}

/** The longest a Retry-After is honoured: a push service asking for more is retried after 1 hour. */
const MAX_RETRY_AFTER_MS = 3_600_000;

/**
 * Back-off before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, … at most
 * 1 hour.
 */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
}

/**
 * The outbox table. A claimed row's `available_at` is its lease (the instant until which the
 * claiming worker owns it) and `attempts` counts claims, so (`available_at`, `attempts`) as
 * returned by `claimDue` identifies one claim: `markSent`/`markFailed` change the row only while
 * that claim still holds it. Times come from `clock`; a row never claimed (`attempts = 0`) is due
 * at once, whatever the clock says, so services may enqueue without one.
 */
export function outboxRepo(db: Db, clock: Clock = systemClock) {
  /** The row is still pending under the claim that returned `row`. */
  const stillHeld = (row: OutboxRow) =>
    and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.availableAt, row.availableAt), eq(outbox.attempts, row.attempts));

  async function enqueuePushes(societyId: number, payloads: readonly PushPayload[]): Promise<void> {
    for (let i = 0; i < payloads.length; i += 1000) {
      const rows = payloads.slice(i, i + 1000).map(split);
      await db.execute(
        fanOutSql({
          societyId,
          from: sql`jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as e(v)`,
          payload: sql`e.v->'message'`,
          residentId: sql`(e.v->'message'->>'residentId')::int`,
          to: sql`e.v->'message'->>'to'`,
          campaignId: sql`(e.v->>'campaignId')::int`,
        }),
      );
    }
  }

  return {
    /** Queues a push (one row per target: {@link fanOutSql}); call inside the transaction of the change that causes it. */
    enqueuePush: (societyId: number, payload: PushPayload): Promise<void> => enqueuePushes(societyId, [payload]),
    /** Queues many pushes with one statement per 1,000 (a broadcast); same rules as `enqueuePush`. */
    enqueuePushes,
    /**
     * Queues one push per approved resident of `societyId` that has a device token or a Web Push
     * subscription (one row per target), in ONE
     * INSERT … SELECT (residents are never loaded into the process): content announcements
     * (a new post, discount, plot or announcement). `data` names the item.
     * @returns how many pushes were queued.
     */
    async enqueueSocietyPush(societyId: number, message: SocietyPush, at: Date): Promise<number> {
      const pushes = insertPushesSql({
        societyId,
        from: sql`residents where society_id = ${societyId} and status = 'Approve' and not is_drill
          and ((push_token is not null and push_token <> '') or exists (${webPushTargetsSql(sql`residents.id`)}))`,
        to: sql`push_token`,
        residentId: sql`id`,
        title: message.title,
        body: message.body,
        image: message.image,
        item: { type: message.data.type, id: message.data.id },
        at,
      });
      const result = await db.execute(sql`with i as (${pushes} returning 1) select count(*)::int as n from i`);
      return rowsOf(result, z.object({ n: z.coerce.number() }))[0]?.n ?? 0;
    },
    /**
     * Claims up to `limit` due rows, oldest first, by setting `available_at` to now + `leaseMs`
     * (the lease) and counting the attempt, so a second worker (another server on the same
     * PostgreSQL) skips them until the lease passes. @returns the claimed rows, lease included.
     */
    async claimDue(limit: number, leaseMs: number): Promise<OutboxRow[]> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.status, 'pending'), or(eq(outbox.attempts, 0), lte(outbox.availableAt, now))))
          .orderBy(asc(outbox.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(outbox)
          .set({ availableAt: new Date(now.getTime() + leaseMs), attempts: sql`${outbox.attempts} + 1` })
          .where(
            inArray(
              outbox.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
      });
    },
    /**
     * Pushes waiting to be sent, every society (`status = 'pending'`, due or not): the outbox depth
     * the metrics read at each scrape. One count on `outbox_pending_idx`; on the owner connection,
     * which row-level security does not limit (like the worker's claims).
     */
    async pendingCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(eq(outbox.status, 'pending'));
      return Number(row?.n ?? 0);
    },
    /** Marks a claimed row sent. @returns false (and changes nothing) if the claim was lost. */
    async markSent(row: OutboxRow): Promise<boolean> {
      const done = await db.update(outbox).set({ status: 'sent', sentAt: clock.now(), lastError: null }).where(stillHeld(row)).returning({ id: outbox.id });
      return done.length === 1;
    },
    /**
     * Retries a claimed row after `retryAfterMs` (the push service's Retry-After, at most 1 hour)
     * when given, else after `backoffMs(row.attempts)`; or gives up (status `failed`) once
     * `row.attempts` reached `maxAttempts`. @returns false (and changes nothing) if the claim was lost.
     */
    async markFailed(row: OutboxRow, error: string, maxAttempts: number, retryAfterMs?: number): Promise<boolean> {
      const giveUp = row.attempts >= maxAttempts;
      const delayMs = retryAfterMs === undefined ? backoffMs(row.attempts) : Math.min(Math.max(retryAfterMs, 0), MAX_RETRY_AFTER_MS);
      const done = await db
        .update(outbox)
        .set({ status: giveUp ? 'failed' : 'pending', lastError: error.slice(0, 500), availableAt: new Date(clock.now().getTime() + delayMs) })
        .where(stillHeld(row))
        .returning({ id: outbox.id });
      return done.length === 1;
    },
    /**
     * Gives a claimed row up at once (status `failed`, no retry): a push that can never be
     * delivered (no device token, an unregistered one). @returns false if the claim was lost.
     */
    async markUndeliverable(row: OutboxRow, error: string): Promise<boolean> {
      const done = await db
        .update(outbox)
        .set({ status: 'failed', lastError: error.slice(0, 500) })
        .where(stillHeld(row))
        .returning({ id: outbox.id });
      return done.length === 1;
    },
    /**
     * Forgets a device token the push service called unregistered: sets the resident's
     * `push_token` to null only if it still is `token` (a token the app registered since is kept).
     * Runs on the owner connection (the worker spans societies). @returns whether it was cleared.
     */
    async clearPushToken(residentId: number, token: string): Promise<boolean> {
      const done = await db
        .update(residents)
        .set({ pushToken: null })
        .where(and(eq(residents.id, residentId), eq(residents.pushToken, token)))
        .returning({ id: residents.id });
      return done.length === 1;
    },
  };
}
export type OutboxRepo = ReturnType<typeof outboxRepo>;
