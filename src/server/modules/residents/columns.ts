import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { residents } from '../../db/schema.js';
import { listPage, type PageRequest } from '../../lib/list-page.js';

/**
 * The resident fields every desk row carries (selected as a nested `resident` object), mapped to
 * the spec's resident card by `toResidentCard`.
 */
export const residentCardColumns = {
  id: residents.id,
  residentCode: residents.residentCode,
  name: residents.name,
  phone: residents.phone,
  email: residents.email,
  age: residents.age,
  house: residents.house,
  street: residents.street,
  block: residents.block,
  designation: residents.designation,
  isOwner: residents.isOwner,
  fatherName: residents.fatherName,
  fatherPhone: residents.fatherPhone,
  fm1Name: residents.fm1Name,
  fm1Phone: residents.fm1Phone,
  fm2Name: residents.fm2Name,
  fm2Phone: residents.fm2Phone,
  pushToken: residents.pushToken,
};

/**
 * The columns of a resident's own profile (GET /api/resident/me): the card's columns without the
 * push token, plus the account status. Never the password hash.
 */
export const residentProfileColumns = (({ pushToken: _pushToken, ...card }) => ({ ...card, status: residents.status }))(residentCardColumns);

/**
 * One page of residents as cards (`residentCardColumns`): the ids among `where` (and `search`,
 * when a search is made: it is counted as a search) in `order`, newest first, then their rows.
 * The shared read of the resident pickers (billing's Generate Bill, the notification panel).
 * Call inside `inSociety`.
 */
export function residentCardPage(db: Db, societyId: number, q: { where: SQL | undefined; search?: SQL; order: readonly PgColumn[] }, req: PageRequest) {
  return listPage({
    db,
    societyId,
    table: residents,
    id: residents.id,
    order: q.order,
    where: q.where,
    search: q.search,
    req,
    rows: (ids) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select(residentCardColumns)
            .from(residents)
            .where(and(q.where, inArray(residents.id, ids))),
    idOf: (r) => r.id,
  });
}
