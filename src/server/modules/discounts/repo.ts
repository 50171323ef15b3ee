import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { discounts } from '../../db/schema.js';

/** Discount queries beyond the post mechanism's (posts/repo.ts). Call inside `inSociety`. */
export function discountRepo(db: Db) {
  return {
    /** How many offers of the society each stored category holds (categories without one are absent). */
    async categoryCounts(societyId: number): Promise<Map<string, number>> {
      const rows = await db
        .select({ category: discounts.category, n: count() })
        .from(discounts)
        .where(eq(discounts.societyId, societyId))
        .groupBy(discounts.category);
      return new Map(rows.map((r) => [r.category, Number(r.n)]));
    },
  };
}
