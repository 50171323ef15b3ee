import type { ListResponse } from '../../../shared/contracts/common.js';
import type { Announcement, CreateAnnouncement } from '../../../shared/contracts/content.js';
import type { Media } from '../../../shared/contracts/media.js';
import { pushData } from '../../../shared/contracts/push.js';
import { MSG, PUSH } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { inSociety } from '../../db/society-scope.js';
import type { Clock } from '../../lib/clock.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/list-page.js';
import { recordAudit, staffActor } from '../audit/service.js';
import type { StaffContext } from '../auth/service.js';
import { mediaByIds, releaseMedia, resolveMedia } from '../media/service.js';
import { queueSocietyPush, type OutboxWorker } from '../outbox/service.js';
import type { ResidentContext } from '../resident-auth/service.js';
import { announcementsRepo, type AnnouncementRow } from './repo.js';

export interface AnnouncementsDeps {
  db: Db;
  outbox: OutboxWorker;
  clock: Clock;
}

/** An announcement as a resident sees it (ZResidentAnnouncement). */
export type ResidentAnnouncement = Omit<Announcement, 'seenCount'> & { seen: boolean };

/** Stored row + its image (null: none, or the media row is gone) → the shared shape, without the seen fields. */
function toDto(row: AnnouncementRow, media: Map<string, Media>): Omit<Announcement, 'seenCount'> {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    media: (row.mediaId && media.get(row.mediaId)) || null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The images of a page of announcements, by media id (inside the society's transaction). */
function imagesOf(tx: Db, rows: readonly AnnouncementRow[]): Promise<Map<string, Media>> {
  return mediaByIds(
    tx,
    rows.flatMap((r) => (r.mediaId ? [r.mediaId] : [])),
  );
}

/** Rows → what the resident sees: each with its image and whether this resident has seen it. */
async function asResidentSees(tx: Db, resident: ResidentContext, rows: readonly AnnouncementRow[]): Promise<ResidentAnnouncement[]> {
  const media = await imagesOf(tx, rows);
  const seen = await announcementsRepo(tx).seenBy(
    resident.societyId,
    resident.id,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...toDto(r, media), seen: seen.has(r.id) }));
}

/**
 * Announcements (spec sections 2 "Announcements", 3, 5, 7), module 'announcements'
 * (sub-role annoucements), each call in the caller's society scope (row-level security).
 * - `create`: title, description and at most one image: an unused upload of this society (400
 *   naming `mediaId` otherwise: MSG.mediaUnknown, MSG.mediaNotImage); the row, the media marked
 *   used, the audit row and one push per approved resident with a device token
 *   (PUSH.announcementPosted, body the title) commit together; the outbox is poked after commit.
 * - `list`: the society's announcements, newest first, 10 a page, `q` searching title and
 *   description, each with `seenCount`.
 * - `remove`: deletes one (404 when not the society's), releases its image, audit row.
 * - `mine` / `mineOne` / `markSeen`: the resident API: the society's announcements with `seen`
 *   (all, or one by id), and an idempotent seen mark (404 for an announcement of another society).
 */
export function announcementsService({ db, outbox, clock }: AnnouncementsDeps) {
  return {
    async create(staff: StaffContext, input: CreateAnnouncement): Promise<Announcement> {
      const at = clock.now();
      const created = await inSociety(db, staff.societyId, async (tx) => {
        const repo = announcementsRepo(tx);
        // Checks first (a refused body writes nothing): this society's image, not used elsewhere
        // (its release by another post's delete would take this one's image with it).
        const media = input.mediaId ? await resolveMedia(tx, staff.societyId, [input.mediaId], 'mediaId', 'image') : [];
        if (input.mediaId && !(await repo.claimMedia(staff.societyId, input.mediaId, at))) throw new BadRequestError(MSG.mediaUnknown, 'mediaId');
        const row = await repo.insert({
          societyId: staff.societyId,
          title: input.title,
          description: input.description,
          mediaId: input.mediaId ?? null,
          createdBy: staff.id,
          createdAt: at,
        });
        await recordAudit(tx, {
          ...staffActor(staff),
          entity: 'announcement',
          entityId: row.id,
          action: 'create',
          at,
        });
        await queueSocietyPush(tx, staff.societyId, { title: PUSH.announcementPosted.title, body: row.title, data: pushData('announcement', row.id) }, at);
        return { ...toDto(row, new Map(media.map((m) => [m.id, m]))), seenCount: 0 };
      });
      void outbox.poke();
      return created;
    },

    list(staff: StaffContext, q: string, req: PageRequest): Promise<ListResponse<Announcement>> {
      return inSociety(db, staff.societyId, async (tx) => {
        const repo = announcementsRepo(tx);
        const page = await repo.staffPage(staff.societyId, q, req);
        const media = await imagesOf(tx, page.items);
        const seen = await repo.seenCounts(
          staff.societyId,
          page.items.map((r) => r.id),
        );
        return { ...page, items: page.items.map((r) => ({ ...toDto(r, media), seenCount: seen.get(r.id) ?? 0 })) };
      });
    },

    async remove(staff: StaffContext, id: number): Promise<void> {
      const at = clock.now();
      await inSociety(db, staff.societyId, async (tx) => {
        const row = await announcementsRepo(tx).delete(staff.societyId, id);
        if (!row) throw new NotFoundError();
        if (row.mediaId) await releaseMedia(tx, [row.mediaId], at);
        await recordAudit(tx, {
          ...staffActor(staff),
          entity: 'announcement',
          entityId: id,
          action: 'delete',
          at,
        });
      });
    },

    mine(resident: ResidentContext, req: PageRequest): Promise<ListResponse<ResidentAnnouncement>> {
      return inSociety(db, resident.societyId, async (tx) => {
        const page = await announcementsRepo(tx).residentPage(resident.societyId, req);
        return { ...page, items: await asResidentSees(tx, resident, page.items) };
      });
    },

    /** One announcement of the resident's society with `seen`, as `mine` lists it; 404 for any other id. */
    async mineOne(resident: ResidentContext, id: number): Promise<ResidentAnnouncement> {
      return inSociety(db, resident.societyId, async (tx) => {
        const row = await announcementsRepo(tx).get(resident.societyId, id);
        if (!row) throw new NotFoundError();
        const [item] = await asResidentSees(tx, resident, [row]);
        return item!;
      });
    },

    async markSeen(resident: ResidentContext, id: number): Promise<void> {
      await inSociety(db, resident.societyId, async (tx) => {
        const repo = announcementsRepo(tx);
        if (!(await repo.holdForSeen(resident.societyId, id))) throw new NotFoundError();
        await repo.markSeen(resident.societyId, id, resident.id, clock.now());
      });
    },
  };
}
export type AnnouncementsService = ReturnType<typeof announcementsService>;
