/**
 * The post mechanism (spec sections 2 "Feed posts", "Discounts", "Plots", 3, 5, 6, 9):
 * one service per {@link PostDefinition}. Staff list (5 a page, newest first, searchable), create
 * and delete; residents read their own society's posts.
 */
import type { ListQuery, ListResponse } from '../../shared/contracts/common.js';
import type { Media } from '../../shared/contracts/media.js';
import { pushData } from '../../shared/contracts/push.js';
import { PAGE_SIZE, POST_PAGE_SIZE } from '../../shared/constants.js';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { inSociety } from '../db/society-scope.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { NotFoundError } from '../lib/errors.js';
import type { ListResult, PageRequest } from '../lib/list-page.js';
import { recordAudit } from '../modules/audit/service.js';
import type { StaffContext } from '../modules/auth/service.js';
import { attachMedia, mediaByIds, releaseMedia, resolveFreeMedia } from '../modules/media/service.js';
import { queueSocietyPush, type OutboxWorker } from '../modules/outbox/service.js';
import type { ResidentContext } from '../modules/resident-auth/service.js';
import type { PostDefinition, PostTable } from './definition.js';
import { postRepo, type PostWithSociety } from './repo.js';

export interface PostDeps {
  db: Db;
  outbox: OutboxWorker;
  clock?: Clock;
  /**
   * SUPER_SOCIETY (spec section 6, literal withheld): staff of the society with exactly this name
   * list and delete every society's posts. Unset: everyone sees only their own.
   */
  superSociety?: string;
}

/**
 * The service of one kind of post:
 * - `list(staff, query)`: 5 a page (POST_PAGE_SIZE), newest first, `q` matched case-insensitively
 *   in the kind's text columns; `{items, total, totalExact}` (total always exact). Own society, or
 *   every society's for SUPER_SOCIETY staff (each DTO's `societyName` says whose).
 * - `listOwn(staff, query)`: the same list, the caller's own society only (exports).
 * - `create(staff, body)`: one transaction — media resolved (400 MSG.mediaUnknown / mediaNotImage
 *   naming the field; a media already used by another post is refused as unknown too, so deleting
 *   one post can never take another's media), the row, the media attached, an audit row, one push
 *   per approved resident with a device — then the outbox is poked. @returns the DTO (→ 201).
 * - `remove(staff, id)`: 404 for a post the caller may not see; otherwise, in one transaction,
 *   the row deleted, its media released (deleted_at: the media job removes the files) and an
 *   audit row under the post's own society.
 * - `mine(resident, req, where?)`: the resident's society's posts, 10 a page (PAGE_SIZE), newest first;
 * - `mineOne(resident, id)`: one of them (404 for another society's).
 */
export function postService<T extends PostTable, Body, Dto extends { _id: number }>(def: PostDefinition<T, Body, Dto>, deps: PostDeps) {
  const { db, outbox } = deps;
  const clock = deps.clock ?? systemClock;
  const isSuper = (staff: StaffContext) => deps.superSociety !== undefined && staff.societyName === deps.superSociety;
  const repo = (conn: Db) => postRepo(conn, def.table);

  /** The DTOs of a page of posts, their media read on `conn`. */
  async function page(conn: Db, found: ListResult<PostWithSociety<T>>): Promise<ListResponse<Dto>> {
    const media = await mediaByIds(
      conn,
      found.items.flatMap((f) => def.mediaIdsOf(f.row)),
    );
    return { ...found, items: found.items.map((f) => def.toDto(f.row, f.societyName, media)) };
  }

  return {
    async list(staff: StaffContext, query: ListQuery): Promise<ListResponse<Dto>> {
      const search = { q: query.q, columns: def.searchColumns };
      if (isSuper(staff)) {
        // Spec section 6: the super society reads every society's posts. Row-level security would
        // hide them, so this read (and only this one) runs on the owner connection, unfiltered.
        return db.transaction(async (tx) => page(tx, await repo(tx).page(undefined, search, query, POST_PAGE_SIZE)));
      }
      return inSociety(db, staff.societyId, async (tx) => page(tx, await repo(tx).page(staff.societyId, search, query, POST_PAGE_SIZE)));
    },
    /**
     * The list of the caller's OWN society's posts, even for SUPER_SOCIETY staff: what an export
     * reads (spec deviation 89: a file must never carry another society's rows). `query.size`
     * sets the batch.
     */
    async listOwn(staff: StaffContext, query: ListQuery & Pick<PageRequest, 'size'>): Promise<ListResponse<Dto>> {
      const search = { q: query.q, columns: def.searchColumns };
      return inSociety(db, staff.societyId, async (tx) => page(tx, await repo(tx).page(staff.societyId, search, query, POST_PAGE_SIZE)));
    },

    async create(staff: StaffContext, body: Body): Promise<Dto> {
      const at = clock.now();
      const dto = await inSociety(db, staff.societyId, async (tx) => {
        // Every check reads only, before the first write: a refused body writes nothing at all.
        const media = new Map<string, Media>();
        for (const f of def.mediaFields(body)) {
          for (const m of await resolveFreeMedia(tx, staff.societyId, f.ids, f.field, f.kind)) media.set(m.id, m);
        }
        const row = await repo(tx).insert({ ...def.toRow(body, staff), societyId: staff.societyId, createdBy: staff.id, createdAt: at } as PgInsertValue<T>);
        await attachMedia(tx, [...media.keys()], at);
        await recordAudit(tx, {
          societyId: staff.societyId,
          actorKind: 'staff',
          actorId: staff.id,
          actorName: staff.name,
          entity: def.entity,
          entityId: row.id,
          action: 'create',
          at,
        });
        await queueSocietyPush(tx, staff.societyId, { ...def.push, data: pushData(def.pushItem, row.id) }, at);
        return def.toDto(row, staff.societyName, media);
      });
      void outbox.poke();
      return dto;
    },

    async remove(staff: StaffContext, id: number): Promise<void> {
      // SUPER_SOCIETY staff may delete any society's post: find its society on the owner
      // connection, then delete in that society's scope like its own staff would.
      const societyId = isSuper(staff) ? await repo(db).societyOf(id) : staff.societyId;
      if (societyId === undefined) throw new NotFoundError();
      await inSociety(db, societyId, async (tx) => {
        const row = await repo(tx).get(societyId, id);
        if (!row) throw new NotFoundError();
        if (!(await repo(tx).remove(societyId, id))) throw new NotFoundError();
        const at = clock.now();
        await releaseMedia(tx, def.mediaIdsOf(row), at);
        await recordAudit(tx, {
          societyId,
          actorKind: 'staff',
          actorId: staff.id,
          actorName: staff.name,
          entity: def.entity,
          entityId: id,
          action: 'delete',
          at,
        });
      });
    },

    /** @param where narrows the list further (a kind's own filter, e.g. discounts' category: the definition builds it). */
    mine(resident: ResidentContext, req: PageRequest, where?: SQL): Promise<ListResponse<Dto>> {
      return inSociety(db, resident.societyId, async (tx) => page(tx, await repo(tx).page(resident.societyId, { q: '', columns: [] }, req, PAGE_SIZE, where)));
    },
    /** One post of the resident's society, as `mine` lists it. @throws NotFoundError for another society's or none. */
    async mineOne(resident: ResidentContext, id: number): Promise<Dto> {
      return inSociety(db, resident.societyId, async (tx) => {
        const found = await repo(tx).getWithSociety(resident.societyId, id);
        if (!found) throw new NotFoundError();
        const [dto] = (await page(tx, { items: [found], total: 1, totalExact: true, nextAfter: null, prevBefore: null })).items;
        return dto!;
      });
    },
  };
}
export type PostService<T extends PostTable, Body, Dto extends { _id: number }> = ReturnType<typeof postService<T, Body, Dto>>;
