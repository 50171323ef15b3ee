/**
 * A PostgreSQL lane's connections keep each parameterised statement parsed (db/statement-names.ts):
 * the second call of a text on a connection skips PostgreSQL's parse and analysis. PostgreSQL only
 * (`npm run test:pg`): the embedded database sends every statement unnamed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/raw-rows.js';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('named statements (PostgreSQL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url });
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(['db', 'alarmDb'] as const)(
    'on the %s lane a statement run twice on one connection is prepared once, by name, and answers each call',
    async (lane) => {
      // A text of this test's own (the lanes are shared by nothing else here).
      const text = `select $1::int + 1 as n /* ${lane} */`;
      const { answers, prepared } = await database[lane].transaction(async (tx) => {
        const answers = [];
        for (const v of [41, 99])
          answers.push(...rowsOf(await tx.execute(sql`select ${v}::int + 1 as n `.append(sql.raw(`/* ${lane} */`))), z.object({ n: z.number() })));
        // No parameters: sent unnamed, on the same connection.
        const prepared = rowsOf(
          await tx.execute(sql.raw(`select name, statement from pg_prepared_statements where statement = '${text}'`)),
          z.object({ name: z.string(), statement: z.string() }),
        );
        return { answers, prepared };
      });
      expect(answers).toEqual([{ n: 42 }, { n: 100 }]);
      expect(prepared).toEqual([{ name: expect.stringMatching(/^sd_\d+$/), statement: text }]);
    },
  );
});
