import { PgDialect } from 'drizzle-orm/pg-core';
import { vi } from 'vitest';

/**
 * From the next audit row on, the next society scope to start (its `select set_config` statement)
 * meets a terminated connection (57P01), as after `pg_terminate_backend`: a write answered from a
 * second transaction after its commit would then be answered 503. Undone by `vi.restoreAllMocks()`.
 * @returns whether an audit row was written since the call
 */
export function breakScopesAfterAudit(): () => boolean {
  const build = PgDialect.prototype.sqlToQuery;
  let audited = false;
  vi.spyOn(PgDialect.prototype, 'sqlToQuery').mockImplementation(function (this: PgDialect, ...args) {
    const query = build.apply(this, args);
    if (query.sql.startsWith('insert into "audit_log"')) audited = true;
    else if (audited && query.sql.startsWith('select set_config')) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    return query;
  });
  return () => audited;
}
