import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { residents, societies } from '../../db/schema.js';
import { likePattern } from '../../lib/text.js';

/** The columns a registration writes (validated and normalised by the service). */
export type NewResident = Pick<
  typeof residents.$inferInsert,
  | 'residentCode'
  | 'name'
  | 'phone'
  | 'passwordHash'
  | 'email'
  | 'age'
  | 'house'
  | 'street'
  | 'block'
  | 'fatherName'
  | 'fatherPhone'
  | 'fm1Name'
  | 'fm1Phone'
  | 'fm2Name'
  | 'fm2Phone'
>;

/**
 * Self-registration queries. Registration spans societies by nature — the society is
 * found by name, phones and resident ids are unique across all societies — so these reads run on
 * the owner connection; the insert itself takes the caller's society-scoped transaction.
 */
export function registrationRepo(db: Db) {
  return {
    /** The society whose name matches (case-insensitive, exact otherwise), or undefined. */
    async societyByName(name: string): Promise<{ id: number; name: string; code: string } | undefined> {
      const [row] = await db
        .select({ id: societies.id, name: societies.name, code: societies.code })
        .from(societies)
        .where(eq(sql`lower(${societies.name})`, name.toLowerCase()))
        .orderBy(societies.id)
        .limit(1);
      return row;
    },
    /**
     * One page of society names, A to Z (case-insensitive, then by id), `size` a page from page
     * `page` (1-based), those containing `q` (case-insensitive; '' = all), and how many match.
     */
    async societyNames(q: string, page: number, size: number): Promise<{ names: string[]; total: number }> {
      const where = q ? sql`${societies.name} ilike ${likePattern(q)}` : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select({ name: societies.name })
          .from(societies)
          .where(where)
          .orderBy(sql`lower(${societies.name})`, societies.id)
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(societies).where(where),
      ]);
      return { names: rows.map((r) => r.name), total: Number(counted?.n ?? 0) };
    },
    /** True when some resident of any society has this phone. */
    async phoneTaken(phone: string): Promise<boolean> {
      const [row] = await db.select({ id: residents.id }).from(residents).where(eq(residents.phone, phone)).limit(1);
      return row !== undefined;
    },
    /** The highest number N of a resident id `<prefix>N` in any society (0 when there is none). */
    async highestCodeNumber(prefix: string): Promise<number> {
      const pattern = `^${prefix}([0-9]{1,9})$`;
      const [row] = await db
        .select({ n: sql<number>`coalesce(max(substring(${residents.residentCode} from ${pattern})::int), 0)::int` })
        .from(residents)
        .where(sql`${residents.residentCode} ~ ${pattern}`);
      return Number(row?.n ?? 0);
    },
    /** Inserts a Pending resident of `societyId` (call inside `inSociety`); returns the row id. */
    async insert(societyId: number, r: NewResident): Promise<number> {
      const [row] = await db
        .insert(residents)
        .values({ ...r, societyId, status: 'Pending' })
        .returning({ id: residents.id });
      return row!.id;
    },
    /** Stores the device's push token on the resident's row (call inside `inSociety`); false if gone. */
    async setPushToken(societyId: number, residentId: number, token: string): Promise<boolean> {
      const rows = await db
        .update(residents)
        .set({ pushToken: token })
        .where(and(eq(residents.societyId, societyId), eq(residents.id, residentId)))
        .returning({ id: residents.id });
      return rows.length > 0;
    },
  };
}
