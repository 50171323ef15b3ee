/**
 * The rows of a raw `db.execute(sql…)` result, validated. Drizzle's shared `Db` type leaves a raw
 * result untyped (node-postgres answers `{rows}`), and a `count(*)::int` may still arrive as text
 * on some drivers: give each column a coercing schema (`z.coerce.number()`).
 * @throws ZodError when the result does not have that shape (a programming error).
 */
import { z } from 'zod';

export function rowsOf<T extends z.ZodType>(result: unknown, row: T): z.infer<T>[] {
  return z.object({ rows: z.array(row) }).parse(result).rows;
}
