import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable.js';

/** An error as node-postgres or Node's net module builds them. */
const err = (message: string, props: Record<string, unknown> = {}) => Object.assign(new Error(message), props);

describe('isDatabaseUnavailable', () => {
  it('accepts what a restart, a failover or a refusing database produce, also wrapped in a cause', () => {
    for (const e of [
      err('terminating connection due to administrator command', { code: '57P01' }),
      err('the database system is starting up', { code: '57P03' }),
      err('too many connections for database "x"', { code: '53300' }),
      err('connection failure', { code: '08006' }),
      err('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
      err('connect ENOENT /tmp/x/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' }),
      err('Connection terminated unexpectedly'),
      err('timeout exceeded when trying to connect'),
      err('database "x" is not currently accepting connections', { code: '55000' }),
      err('Failed query: select 1', { cause: err('Connection terminated unexpectedly') }),
    ]) {
      expect(isDatabaseUnavailable(e), e.message).toBe(true);
    }
  });

  it('refuses query faults and unrelated errors', () => {
    for (const e of [
      err('duplicate key value violates unique constraint', { code: '23505' }),
      err('numeric field overflow', { code: '22003' }),
      err('ENOENT: no such file or directory, open x', { code: 'ENOENT', syscall: 'open' }),
      err('Failed query: select 1', { cause: err('syntax error', { code: '42601' }) }),
      'a string',
      null,
    ]) {
      expect(isDatabaseUnavailable(e)).toBe(false);
    }
  });
});
