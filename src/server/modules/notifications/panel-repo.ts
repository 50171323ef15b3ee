import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { notificationCampaigns, residents } from '../../db/schema.js';
import { listPage, type PageRequest } from '../../lib/list-page.js';
import { queuePushesSql } from '../outbox/service.js';
import { realResident, residentCardPage } from '../residents/service.js';
import { CAMPAIGN_REF_ENTITY, insertNotificationsSql } from './repo.js';
import { prefixPattern } from '../../lib/text.js';

export type CampaignRow = typeof notificationCampaigns.$inferSelect;
/** Residents of a campaign not reached yet: still pending, or failed on every device. */
export interface DeliveryCounts {
  pending: number;
  failed: number;
}

const ZDeliveryRow = z.object({ campaign_id: z.number().int(), pending: z.number().int(), failed: z.number().int() });

/** A new campaign: who sends what to whom (`residentId` for one resident, none for all). */
export interface NewCampaign {
  societyId: number;
  kind: 'broadcast' | 'single';
  title: string;
  body: string;
  createdBy: number;
  /** When the records and pushes are written (the injected clock). */
  at: Date;
  residentId?: number;
}

/** A created campaign, as the campaign statement answers it. */
const ZCreatedCampaign = z.object({ id: z.coerce.number(), recipients: z.coerce.number() });

const approvedOf = (societyId: number) => and(eq(residents.societyId, societyId), eq(residents.status, 'Approve'), realResident);

/**
 * The notification panel's queries. Call every one inside `inSociety` (row-level
 * security); each also filters on the society itself.
 */
export function panelRepo(db: Db) {
  return {
    /**
     * Writes a campaign, one in-app record per addressed resident (approved residents of the
     * society, or the one `residentId` if approved) and one queued push per resident (`to` = their
     * token, null when none; `campaign_id` set; the payload shaped as the outbox's `PushPayload`)
     * in ONE statement, so 5,000 residents cost one round trip and every row is written for the
     * same set of residents. The records and pushes are the notifications' and the outbox's own
     * bulk statements, as `WITH` items of this one: the residents never enter the process.
     * @returns the campaign's id and recipient count, or undefined (nothing written) for no resident.
     */
    async createCampaign(c: NewCampaign): Promise<{ id: number; recipients: number } | undefined> {
      const one = c.residentId === undefined ? sql`` : sql` and id = ${c.residentId}`;
      const notices = insertNotificationsSql({
        societyId: c.societyId,
        from: sql`r cross join c`,
        residentId: sql`r.id`,
        title: c.title,
        description: c.body,
        refEntity: CAMPAIGN_REF_ENTITY,
        refId: sql`c.id`,
        at: c.at,
      });
      const pushes = queuePushesSql({
        societyId: c.societyId,
        from: sql`r cross join c`,
        to: sql`r.push_token`,
        residentId: sql`r.id`,
        title: c.title,
        body: c.body,
        item: { type: 'message', id: sql`c.id::text` },
        campaignId: sql`c.id`,
        at: c.at,
      });
      const result = await db.execute(sql`
        with r as (
          select id, push_token from residents
          where society_id = ${c.societyId} and status = 'Approve' and not is_drill${one}
        ), c as (
          insert into notification_campaigns (society_id, kind, title, body, recipients, created_by, created_at)
          select ${c.societyId}::int, ${c.kind}::text, ${c.title}::text, ${c.body}::text, count(*)::int, ${c.createdBy}::int, ${c.at.toISOString()}::timestamptz
          from r having count(*) > 0
          returning id, recipients
        ), n as (${notices}), o as (${pushes})
        select id, recipients from c`);
      return rowsOf(result, ZCreatedCampaign)[0];
    },

    /**
     * Residents whose push of these campaigns is still pending or has failed (`outbox_campaign_idx`),
     * by campaign id. A push is one outbox row per device (the phone's FCM row and one per browser
     * subscription), so each resident counts once: reached when any of their rows was sent,
     * pending when none was sent and one is still pending, failed when every row failed.
     */
    async deliveryCounts(societyId: number, campaignIds: number[]): Promise<Map<number, DeliveryCounts>> {
      const counts = new Map<number, DeliveryCounts>();
      if (campaignIds.length === 0) return counts;
      const ids = sql.join(
        campaignIds.map((id) => sql`${id}::int`),
        sql`, `,
      );
      const result = await db.execute(sql`
        select campaign_id, count(*) filter (where state = 'pending')::int as pending, count(*) filter (where state = 'failed')::int as failed
        from (
          select campaign_id,
            case when bool_or(status = 'sent') then 'sent' when bool_or(status = 'pending') then 'pending' else 'failed' end as state
          from outbox where society_id = ${societyId} and campaign_id in (${ids})
          group by campaign_id, payload->>'residentId'
        ) per_resident
        group by campaign_id`);
      for (const r of rowsOf(result, ZDeliveryRow)) counts.set(r.campaign_id, { pending: r.pending, failed: r.failed });
      return counts;
    },

    /** One campaign of the society, or undefined. */
    async campaign(societyId: number, id: number): Promise<CampaignRow | undefined> {
      const [row] = await db
        .select()
        .from(notificationCampaigns)
        .where(and(eq(notificationCampaigns.societyId, societyId), eq(notificationCampaigns.id, id)));
      return row;
    },

    /** The society's campaigns, newest first, 10 a page (counted up to the list helper's cap). */
    campaigns(societyId: number, req: PageRequest) {
      const own = eq(notificationCampaigns.societyId, societyId);
      return listPage({
        db,
        societyId,
        table: notificationCampaigns,
        id: notificationCampaigns.id,
        order: [notificationCampaigns.societyId, notificationCampaigns.id],
        where: own,
        req,
        rows: (ids) =>
          ids.length === 0
            ? Promise.resolve([])
            : db
                .select()
                .from(notificationCampaigns)
                .where(and(own, inArray(notificationCampaigns.id, ids))),
        idOf: (row) => row.id,
      });
    },

    /**
     * Approved residents of the society whose full name starts with `name` (case-insensitive;
     * empty: all), newest first, 10 a page, each with the resident card's columns.
     */
    residents(societyId: number, name: string, req: PageRequest) {
      const search = name ? ilike(residents.name, prefixPattern(name)) : undefined;
      return residentCardPage(db, societyId, { where: approvedOf(societyId), search, order: [residents.societyId, residents.id] }, req);
    },
  };
}
