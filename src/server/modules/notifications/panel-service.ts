import type {
  CampaignCreated,
  CampaignList,
  CampaignReport,
  PanelMessage,
  PanelResidentList,
  SendToResident,
} from '../../../shared/contracts/notification-panel.js';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { inSociety } from '../../db/society-scope.js';
import type { Clock } from '../../lib/clock.js';
import { NotFoundError } from '../../lib/errors.js';
import { NO_LIMIT, type Limit } from '../../lib/rate-limit/limit.js';
import type { PageRequest } from '../../lib/list-page.js';
import { recordAudit, staffActor } from '../audit/service.js';
import type { StaffContext } from '../auth/service.js';
import type { OutboxWorker } from '../outbox/service.js';
import { residentIdByCode, toResidentCard } from '../residents/service.js';
import { panelRepo, type CampaignRow, type DeliveryCounts, type NewCampaign } from './panel-repo.js';

export interface PanelDeps {
  db: Db;
  outbox: OutboxWorker;
  clock: Clock;
  /** Send to All per society (subject: society id): PANEL_MAX_BROADCASTS_PER_HOUR. Default: none. */
  broadcasts?: Limit;
  /** Send to one resident per staff member (subject: staff id): PANEL_MAX_PUSHES_PER_MINUTE. Default: none. */
  pushes?: Limit;
}

/** Stored campaign + its outbox counts → the delivery report (sent = recipients − pending − failed). */
function toReport(row: CampaignRow, counts: DeliveryCounts | undefined): CampaignReport {
  const pending = counts?.pending ?? 0;
  const failed = counts?.failed ?? 0;
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    recipients: row.recipients,
    sent: Math.max(0, row.recipients - pending - failed),
    failed,
    pending,
  };
}

/**
 * The notification panel (spec section 2 "Notification panel"), every call in the staff
 * member's society scope (row-level security):
 * - `broadcast(staff, {title, body})`: one in-app record and one queued push per approved resident
 *   of the society, and the campaign, in one transaction; 404 'No matching document found.' when
 *   the society has no approved resident (spec section 8), nothing written;
 * - `send(staff, {residentId, title, body})`: the same for one approved resident of the society
 *   (`residentId` the resident code; a number is still read as the row id for one release);
 *   404 with the same message for an unknown, unapproved or other society's resident;
 * - `residents(staff, name, req)`: approved residents by full-name prefix, case-insensitive;
 * - `report(staff, id)`: a campaign's delivery report (404 for another society's);
 * - `campaigns(staff, page)`: recent campaigns with their reports, newest first.
 * The outbox is poked after the commit, so pushes go out at once.
 * Both sends are counted against their limit first (429 'Too many broadcasts, try again in N
 * minutes.' / 'Too many notifications sent, …', nothing written); an attempt that then finds no
 * recipient (404) still counts.
 */
export function panelService({ db, outbox, clock, broadcasts = NO_LIMIT, pushes = NO_LIMIT }: PanelDeps) {
  /** `to`: the one resident of a single send, by code ('GV0001') or, for one release, by row id. */
  async function create(staff: StaffContext, kind: NewCampaign['kind'], message: PanelMessage, to?: string | number): Promise<CampaignCreated> {
    const at = clock.now();
    const created = await inSociety(db, staff.societyId, async (tx) => {
      const residentId = typeof to === 'string' ? await residentIdByCode(tx, staff.societyId, to) : to;
      if (to !== undefined && residentId === undefined) throw new NotFoundError(MSG.noMatchingDocument);
      const campaign = await panelRepo(tx).createCampaign({ societyId: staff.societyId, kind, ...message, createdBy: staff.id, at, residentId });
      if (!campaign) throw new NotFoundError(MSG.noMatchingDocument);
      await recordAudit(tx, {
        ...staffActor(staff),
        entity: 'notification_campaign',
        entityId: campaign.id,
        action: residentId === undefined ? `send to all (${campaign.recipients})` : `send to resident ${residentId}`,
        at,
      });
      return campaign;
    });
    void outbox.poke();
    return { campaignId: created.id, recipients: created.recipients };
  }

  return {
    async broadcast(staff: StaffContext, message: PanelMessage): Promise<CampaignCreated> {
      await broadcasts.take(staff.societyId);
      return create(staff, 'broadcast', message);
    },
    async send(staff: StaffContext, { residentId, ...message }: SendToResident): Promise<CampaignCreated> {
      await pushes.take(staff.id);
      return create(staff, 'single', message, residentId);
    },

    async residents(staff: StaffContext, name: string, req: PageRequest): Promise<PanelResidentList> {
      const result = await inSociety(db, staff.societyId, (tx) => panelRepo(tx).residents(staff.societyId, name, req));
      return { ...result, items: result.items.map(({ pushToken, ...r }) => ({ _id: r.id, ...toResidentCard(r), hasDevice: pushToken !== null })) };
    },

    async report(staff: StaffContext, id: number): Promise<CampaignReport> {
      return inSociety(db, staff.societyId, async (tx) => {
        const repo = panelRepo(tx);
        const row = await repo.campaign(staff.societyId, id);
        if (!row) throw new NotFoundError();
        const counts = await repo.deliveryCounts(staff.societyId, [id]);
        return toReport(row, counts.get(id));
      });
    },

    async campaigns(staff: StaffContext, req: PageRequest): Promise<CampaignList> {
      return inSociety(db, staff.societyId, async (tx) => {
        const repo = panelRepo(tx);
        const page = await repo.campaigns(staff.societyId, req);
        const counts = await repo.deliveryCounts(
          staff.societyId,
          page.items.map((c) => c.id),
        );
        return { ...page, items: page.items.map((c) => toReport(c, counts.get(c.id))) };
      });
    },
  };
}
export type PanelService = ReturnType<typeof panelService>;
