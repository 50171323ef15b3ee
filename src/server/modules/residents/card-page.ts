import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { residents } from '../../db/schema.js';
import { listPage, type PageRequest } from '../../lib/list-page.js';
import { realResident, residentCardColumns } from './columns.js';

/**
 * One page of residents as cards (`residentCardColumns`): the ids among `where` (and `search`,
 * when a search is made: it is counted as a search) in `order`, newest first, then their rows.
 * The shared read of the resident pickers (billing's Generate Bill, the notification panel).
 * Call inside `inSociety`.
 */
export function residentCardPage(db: Db, societyId: number, q: { where: SQL | undefined; search?: SQL; order: readonly PgColumn[] }, req: PageRequest) {
  // Never the drill resident, whatever the picker's own filter.
  const where = and(q.where, realResident);
  return listPage({
    db,
    societyId,
    table: residents,
    id: residents.id,
    order: q.order,
    where,
    search: q.search,
    req,
    rows: (ids) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select(residentCardColumns)
            .from(residents)
            .where(and(where, inArray(residents.id, ids))),
    idOf: (r) => r.id,
  });
}
