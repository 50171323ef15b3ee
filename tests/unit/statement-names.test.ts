/**
 * Named statements (db/statement-names.ts): which statements a PostgreSQL lane's connections send
 * by name, and that each distinct text keeps one name. No database: pg.Client's own `query` is
 * watched and answers nothing.
 */
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { laneClient } from '../../src/server/db/lane-client.js';
import { StatementNames } from '../../src/server/db/statement-names.js';

afterEach(() => vi.restoreAllMocks());

/** What a connection of `laneClient(names)` hands to pg.Client's own query for each call. */
function sentBy(names: StatementNames, calls: unknown[][]): unknown[] {
  const seen: unknown[] = [];
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (config: unknown) {
    seen.push(config);
    return undefined as never;
  } as never);
  const client = new (laneClient(names))();
  for (const args of calls) (client.query as (...a: unknown[]) => unknown)(...args);
  return seen;
}

describe('StatementNames', () => {
  it('names a text on its second sight (one sent once takes no slot) and gives it the same name after', () => {
    const names = new StatementNames();
    expect(names.nameFor('select $1')).toBeUndefined();
    expect(names.nameFor('select $1, $2')).toBeUndefined();
    expect(names.size).toBe(0);
    const a = names.nameFor('select $1');
    const b = names.nameFor('select $1, $2');
    expect(a).toMatch(/^sd_\d+$/);
    expect(b).toMatch(/^sd_\d+$/);
    expect(b).not.toBe(a);
    expect(names.nameFor('select $1')).toBe(a);
    expect(names.size).toBe(2);
  });

  it('names at most `max` texts, and none longer than `textMax` characters; those known keep their names', () => {
    const names = new StatementNames(2, 20);
    const twice = (text: string) => (names.nameFor(text), names.nameFor(text));
    expect(twice(`select ${'x'.repeat(20)}`)).toBeUndefined();
    const first = twice('select 1 + $1');
    expect(twice('select 2 + $1')).toBeDefined();
    expect(twice('select 3 + $1')).toBeUndefined();
    expect(names.nameFor('select 1 + $1')).toBe(first);
    expect(names.size).toBe(2);
  });
});

describe('laneClient', () => {
  it('sends a parameterised statement by name, given as text and values or as a config object (as Drizzle does)', () => {
    const names = new StatementNames();
    const [firstText, fromText, firstConfig, fromConfig, again] = sentBy(names, [
      ['select $1::int', [1]],
      ['select $1::int', [1]],
      [{ text: 'select $1::text', name: undefined, rowMode: 'array' }, ['a']],
      [{ text: 'select $1::text', name: undefined, rowMode: 'array' }, ['a']],
      [{ text: 'select $1::int', values: [2] }],
    ]) as Record<string, unknown>[];
    // The first sight of each goes unnamed, as given.
    expect(firstText).toBe('select $1::int');
    expect(firstConfig).toEqual({ text: 'select $1::text', name: undefined, rowMode: 'array' });
    expect(fromText).toEqual({ text: 'select $1::int', name: names.nameFor('select $1::int') });
    expect(fromConfig).toEqual({ text: 'select $1::text', name: names.nameFor('select $1::text'), rowMode: 'array' });
    expect(again).toEqual({ text: 'select $1::int', values: [2], name: fromText!.name });
  });

  it('leaves alone statements without values, configs that name themselves, and query objects', () => {
    const names = new StatementNames();
    const own = { text: 'select $1', name: 'mine' };
    const cursor = { text: 'select $1', submit: () => undefined };
    const calls = [['begin'], ['select 1', []], [{ text: 'commit' }], [own, [1]], [cursor]];
    const sent = sentBy(names, [...calls, ...calls]);
    expect(sent).toEqual(['begin', 'select 1', { text: 'commit' }, own, cursor, 'begin', 'select 1', { text: 'commit' }, own, cursor]);
    expect(names.size).toBe(0);
  });
});
