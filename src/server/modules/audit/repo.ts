import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, staffUsers } from '../../db/schema.js';
import { listPage, type PageRequest } from '../../lib/list-page.js';
import { prefixPattern } from '../../lib/text.js';
import { AUDIT_ENTITY_MODULES, type AuditActionText, type AuditQuery, type AuditRow } from '../../../shared/contracts/audit.js';
import type { Module } from '../../../shared/subroles.js';
import type { AuditEntry } from '../../../shared/contracts/common.js';

/** An audit row to write; its action is one the audit screen has words for (shared/contracts/audit.ts). */
export type AuditRecord = Omit<typeof auditLog.$inferInsert, 'action'> & { action: AuditActionText };

/**
 * Many audit rows as ONE `INSERT … SELECT`: one row per row of `from`, all by the same actor
 * at the same time; `entityId` is an expression over `from` (e.g. `ins.id`), and so may be the
 * action and the stages (e.g. an SOS press: 'create' to 'new' or 'pressed again' by its press
 * count). Stages left out are null. The society, the actor and the time may be placeholders, for
 * a statement built once (db/built-once.ts).
 */
export interface AuditsSelect {
  societyId: number | Placeholder;
  /** The rows audited: a FROM list, e.g. sql`ins`. */
  from: SQL;
  actorKind: AuditRecord['actorKind'] | Placeholder;
  actorId: number | null | Placeholder;
  actorName: string | Placeholder;
  entity: string;
  /** The audited row's id (an int expression). */
  entityId: SQL;
  /** The action: one for every row, or a text expression over `from`. */
  action: AuditActionText | SQL;
  /** The stages moved from and to (text expressions over `from`); null when omitted. */
  fromStage?: SQL;
  toStage?: SQL;
  at: Date | Placeholder;
  /** The row's `detail` (a text expression over `from`); none when omitted. */
  detail?: SQL;
}

/**
 * The statement writing {@link AuditsSelect}'s rows: place it where a statement may stand,
 * typically a data-modifying `WITH` item of the statement making the change, so each change and
 * its audit row commit together.
 */
export function insertAuditsSql(a: AuditsSelect): SQL {
  return sql`insert into audit_log (society_id, actor_kind, actor_id, actor_name, entity, entity_id, action, from_stage, to_stage, at, detail)
    select ${a.societyId}::int, ${a.actorKind}::text, ${a.actorId}::int, ${a.actorName}::text, ${a.entity}::text, ${a.entityId}, (${a.action})::text, (${a.fromStage ?? sql`null`})::text, (${a.toStage ?? sql`null`})::text, ${a.at instanceof Date ? a.at.toISOString() : a.at}::timestamptz, ${a.detail ?? sql`null`}::text
    from ${a.from}`;
}

/** The entities whose items belong to `module` (AUDIT_ENTITY_MODULES read backwards). */
function entitiesOf(module: Module): string[] {
  return Object.entries(AUDIT_ENTITY_MODULES)
    .filter(([, m]) => m === module)
    .map(([entity]) => entity);
}

/**
 * The audit rows about the residents `q` names (the start of the name, or the resident id): their
 * account, their desk requests, not-at-home requests and bills.
 */
function aboutResidents(societyId: number, q: string): SQL {
  const ids = sql`(select r.id from residents r where r.society_id = ${societyId} and not r.is_drill and (lower(r.name) like ${prefixPattern(q.toLowerCase())} or upper(r.resident_code) = ${q.toUpperCase()}))`;
  return sql`(
    (${auditLog.entity} = 'resident' and ${auditLog.entityId} in ${ids})
    or (${auditLog.entity} in ('complaint', 'security', 'grocery', 'doctor') and ${auditLog.entityId} in (select d.id from desk_requests d where d.resident_id in ${ids}))
    or (${auditLog.entity} = 'nothome' and ${auditLog.entityId} in (select n.id from not_home_requests n where n.resident_id in ${ids}))
    or (${auditLog.entity} = 'bill' and ${auditLog.entityId} in (select b.id from bills b where b.resident_id in ${ids}))
  )`;
}

const rowColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorKind: auditLog.actorKind,
  actorName: auditLog.actorName,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  action: auditLog.action,
  fromStage: auditLog.fromStage,
  toStage: auditLog.toStage,
  detail: auditLog.detail,
  item: sql<string | null>`case ${auditLog.entity}
    when 'resident' then (select r.resident_code || ' ' || r.name from residents r where r.id = ${auditLog.entityId})
    when 'staff' then (select u.name from staff_users u where u.id = ${auditLog.entityId})
    else null end`,
};

/** The audit trail: one row per state change (who, what, when, from → to). */
export function auditRepo(db: Db) {
  return {
    /**
     * One page (10, newest first) of the society's audit log, filtered (see ZAuditQuery) with the
     * day range read in `timeZone`; `q` searches by resident. Call inside `inSociety`.
     */
    async page(societyId: number, timeZone: string, query: Omit<AuditQuery, keyof PageRequest | 'q'> & { q: string }, req: PageRequest) {
      const where = and(
        eq(auditLog.societyId, societyId),
        query.actor !== undefined ? and(eq(auditLog.actorKind, 'staff'), eq(auditLog.actorId, query.actor)) : undefined,
        query.module !== undefined ? inArray(auditLog.entity, entitiesOf(query.module)) : undefined,
        query.action ? eq(auditLog.action, query.action) : undefined,
        query.from ? sql`${auditLog.at} >= (${query.from}::date::timestamp at time zone ${timeZone})` : undefined,
        query.to ? sql`${auditLog.at} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})` : undefined,
      );
      const page = await listPage({
        db,
        societyId,
        table: auditLog,
        id: auditLog.id,
        order: [auditLog.id],
        where,
        search: query.q ? aboutResidents(societyId, query.q) : undefined,
        req,
        rows: (ids) =>
          ids.length === 0
            ? Promise.resolve([])
            : db
                .select(rowColumns)
                .from(auditLog)
                .where(and(where, inArray(auditLog.id, ids))),
        idOf: (row) => row.id,
      });
      return {
        ...page,
        items: page.items.map((r): AuditRow => ({
          _id: r.id,
          at: r.at.toISOString(),
          actorKind: r.actorKind,
          actorName: r.actorName,
          module: (AUDIT_ENTITY_MODULES as Record<string, string>)[r.entity] ?? null,
          entity: r.entity,
          entityId: r.entityId,
          item: r.item,
          action: r.action,
          fromStage: r.fromStage,
          toStage: r.toStage,
          detail: r.detail,
        })),
      };
    },
    /** The filters' choices: the society's staff (by name) and the actions its log holds (at most 500). */
    async filterChoices(societyId: number) {
      const actors = await db
        .select({ id: staffUsers.id, name: staffUsers.name })
        .from(staffUsers)
        .where(and(eq(staffUsers.societyId, societyId), eq(staffUsers.role, 'Admin')))
        .orderBy(asc(staffUsers.name), asc(staffUsers.id));
      const actions = await db
        .selectDistinct({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.societyId, societyId))
        .orderBy(asc(auditLog.action))
        .limit(500);
      return { actors, actions: actions.map((a) => a.action) };
    },
    async record(entry: AuditRecord): Promise<void> {
      await db.insert(auditLog).values(entry);
    },
    /** Oldest first, scoped to the society. */
    async history(societyId: number, entity: string, entityId: number): Promise<AuditEntry[]> {
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.societyId, societyId), eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
        .orderBy(asc(auditLog.at), asc(auditLog.id));
      return rows.map((r) => ({
        action: r.action,
        actorName: r.actorName,
        fromStage: r.fromStage,
        toStage: r.toStage,
        at: r.at.toISOString(),
      }));
    },
  };
}
