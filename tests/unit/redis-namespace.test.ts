import { describe, expect, it } from 'vitest';
import { databaseNameOf, redisKeyPrefixes } from '../../src/server/lib/redis-namespace.js';
import { redisChannelPrefix } from '../../src/server/realtime/adapter.js';

describe('Redis names of a deployment', () => {
  it('prefix every key and channel with the database name', () => {
    expect(redisKeyPrefixes('postgres://app@db.internal:5432/desk_prod')).toEqual({
      login: 'sd:desk_prod:login:',
      limit: 'sd:desk_prod:limit:',
      rate: 'sd:desk_prod:rate:',
    });
    expect(redisChannelPrefix('postgres://app@db.internal:5432/desk_prod')).toBe('sd:desk_prod:socket.io');
  });

  it('two databases on one server get different prefixes; the same database the same', () => {
    const a = redisKeyPrefixes('postgres://app@db:5432/tower_a');
    expect(redisKeyPrefixes('postgres://other@db:5432/tower_b').login).not.toBe(a.login);
    expect(redisKeyPrefixes('postgres://app@db2:6543/tower_a?sslmode=require')).toEqual(a);
  });

  it('decodes the name, falls back to postgres for an empty path, and has no name without a URL', () => {
    expect(databaseNameOf('postgres://app@db/desk%20one')).toBe('desk one');
    expect(databaseNameOf('postgres://app@db')).toBe('postgres');
    expect(redisKeyPrefixes(undefined)).toEqual({ login: 'sd:login:', limit: 'sd:limit:', rate: 'sd:rate:' });
  });
});
