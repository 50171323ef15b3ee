/**
 * Resident bearer tokens for bench/load.ts, minted straight into `resident_sessions`: signing in
 * thousands of residents through the API would cost an argon2 verify each (~12 ms of server CPU)
 * and hit the sign-in route's 20-a-minute limit per address. The tokens are made exactly as the
 * server makes them (lib/tokens.ts: random token, SHA-256 stored), so the server authenticates
 * them as it does any resident's.
 */
import pg from 'pg';
import { newToken } from '../../src/server/lib/tokens.js';
import { SOCIETY_NAMES } from '../list-scale/seed.js';

export interface ResidentToken {
  /** `Bearer <token>` */
  authorization: string;
  /** Index in SOCIETY_NAMES. */
  society: number;
}

/**
 * One token per approved resident of the demo societies, valid for a day, interleaved by
 * society (GV, LC, GV, …) so a stream rotating over them alternates societies.
 */
export async function mintResidentTokens(databaseUrl: string): Promise<ResidentToken[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; society: string }>(
      `select r.id, s.name as society from residents r join societies s on s.id = r.society_id
       where r.status = 'Approve' and s.name = any($1) order by r.id`,
      [[...SOCIETY_NAMES]],
    );
    const made = rows.map((r) => ({ ...newToken(), residentId: r.id, society: SOCIETY_NAMES.indexOf(r.society as (typeof SOCIETY_NAMES)[number]) }));
    await client.query(
      `insert into resident_sessions (token_hash, resident_id, expires_at)
       select h, r, now() + interval '1 day' from unnest($1::text[], $2::int[]) as t(h, r)`,
      [made.map((m) => m.hash), made.map((m) => m.residentId)],
    );
    const bySociety = SOCIETY_NAMES.map((_, s) => made.filter((m) => m.society === s));
    const out: ResidentToken[] = [];
    for (let i = 0; i < Math.max(...bySociety.map((l) => l.length)); i++) {
      for (const list of bySociety) if (list[i]) out.push({ authorization: `Bearer ${list[i]!.token}`, society: list[i]!.society });
    }
    return out;
  } finally {
    await client.end();
  }
}
