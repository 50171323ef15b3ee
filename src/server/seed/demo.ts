/**
 * Demo data: two societies (Green Valley, Lake City), one staff account per sub-role in each,
 * a guard account (which the server must refuse), ~55 residents per society, complaints in
 * all three stages with their audit trail, and new grocery and doctor requests. Deterministic: every value comes from a seeded PRNG
 * (only the timestamps move, relative to the moment of seeding), so every run gives the same data.
 *
 * All demo accounts (staff and residents) use the password DEMO_PASSWORD.
 */
import { hash } from '@node-rs/argon2';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditLog, deskRequests, residents, societies, staffUsers } from '../db/schema.js';
import type { SubRole } from '../../shared/subroles.js';
import { demoStaffEmail, DEMO_HANDLES } from './demo-accounts.js';
import { STAFF_NAMES } from './names.js';
import { DAY, makeResidents, mulberry32, planComplaints, planDeskRequests, type SocietyDef } from './plans.js';

export const DEMO_PASSWORD = 'demo-pass-1';

const SUB_ROLE_ORDER = Object.keys(DEMO_HANDLES) as SubRole[];

const SOCIETIES: readonly SocietyDef[] = [
  {
    key: 'gv',
    name: 'Green Valley',
    domain: 'greenvalley.test',
    codePrefix: 'GV',
    phonePrefix: '0300',
    seed: 0x6e11,
    // Landlines (042, Lahore) and a mobile outside the demo residents' prefixes, so none is a resident's phone.
    emergencyContacts: [
      { label: 'Guard room', phone: '04235761200' },
      { label: 'Society office', phone: '04235761201' },
      { label: 'Maintenance (after hours)', phone: '03459876543' },
    ],
  },
  {
    key: 'lc',
    name: 'Lake City',
    domain: 'lakecity.test',
    codePrefix: 'LC',
    phonePrefix: '0310',
    seed: 0x1c17,
    emergencyContacts: [
      { label: 'Main gate', phone: '04237123400' },
      { label: 'Society office', phone: '04237123401' },
    ],
  },
];

/** The guard account: role 'Guard', no sub-role; signing in to the dashboard must be refused. */
export const DEMO_GUARD_EMAIL = 'guard@greenvalley.test';

/** Green Valley's staff sign-ins (password DEMO_PASSWORD), for the server to print at start-up. */
export const DEMO_SIGN_INS: readonly { email: string; subRole: SubRole }[] = SUB_ROLE_ORDER.map((subRole) => ({
  email: demoStaffEmail(subRole, 'greenvalley.test'),
  subRole,
}));

/**
 * A few demo residents' sign-ins for the resident app at /app (password DEMO_PASSWORD), for the
 * server to print at start-up: the first two of each society, which the seed never blocks
 * (seed/plans.ts keeps the first ten approved).
 */
export const DEMO_RESIDENT_SIGN_INS: readonly { phone: string; residentId: string; society: string }[] = SOCIETIES.flatMap((def) =>
  [1, 2].map((n) => ({ phone: def.phonePrefix + String(n).padStart(7, '0'), residentId: def.codePrefix + String(n).padStart(4, '0'), society: def.name })),
);

export interface SeedSummary {
  societies: number;
  staff: number;
  residents: number;
  complaints: number;
  /** New grocery requests (desk 'grocery', stage 'new'). */
  grocery: number;
  /** New doctor consultation requests (desk 'doctor', stage 'new'). */
  doctor: number;
}

/** Complaints per stage and society. */
const DEFAULT_RESIDENTS = 55;
/** Residents per insert statement: 1,000 rows × ~15 columns stays far below PostgreSQL's 65,535 parameters. */
const RESIDENT_ROWS_PER_INSERT = 1000;

/** True when the database has no society yet (a fresh database that may be seeded). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: societies.id }).from(societies).limit(1);
  return rows.length === 0;
}

/** Loads the demo data in one transaction. Throws if the demo societies already exist. */
export async function seedDemo(db: Db, opts: { residentsPerSociety?: number } = {}): Promise<SeedSummary> {
  const perSociety = opts.residentsPerSociety ?? DEFAULT_RESIDENTS;
  if (!Number.isInteger(perSociety) || perSociety < 1 || perSociety > 9999) {
    throw new RangeError(`residentsPerSociety must be an integer from 1 to 9999, got ${perSociety}`);
  }
  // Demo-only shortcut to keep seeding fast: hash the shared demo password once (argon2id, the
  // library default) and reuse that hash for every demo account. Real accounts each get their
  // own hash with their own random salt.
  const passwordHash = await hash(DEMO_PASSWORD);
  if (!passwordHash.startsWith('$argon2id$')) throw new Error('expected an argon2id hash');
  const now = Date.now();

  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ name: societies.name })
      .from(societies)
      .where(
        inArray(
          societies.name,
          SOCIETIES.map((s) => s.name),
        ),
      );
    if (existing.length > 0) throw new Error(`Demo data already present (society ${existing[0]!.name})`);

    const summary: SeedSummary = { societies: 0, staff: 0, residents: 0, complaints: 0, grocery: 0, doctor: 0 };
    for (const def of SOCIETIES) {
      const rand = mulberry32(def.seed);
      // Backdated so the society, its staff and residents predate the complaints (last ~10 days).
      const [society] = await tx
        .insert(societies)
        .values({ name: def.name, code: def.codePrefix, emergencyContacts: def.emergencyContacts, createdAt: new Date(now - 420 * DAY) })
        .returning({ id: societies.id });
      const societyId = society!.id;
      summary.societies++;

      // Staff: one Admin per sub-role, plus the guard in Green Valley.
      const staffNames = STAFF_NAMES[def.key];
      const staffRows: (typeof staffUsers.$inferInsert)[] = SUB_ROLE_ORDER.map((subRole, i) => ({
        societyId,
        email: demoStaffEmail(subRole, def.domain),
        name: staffNames[i]!,
        role: 'Admin',
        subRole,
        passwordHash,
        createdAt: new Date(now - (410 - i) * DAY),
      }));
      if (def.key === 'gv') {
        staffRows.push({
          societyId,
          email: DEMO_GUARD_EMAIL,
          name: STAFF_NAMES.guard,
          role: 'Guard',
          subRole: null,
          passwordHash,
          createdAt: new Date(now - 390 * DAY),
        });
      }
      const staff = await tx.insert(staffUsers).values(staffRows).returning({ id: staffUsers.id, name: staffUsers.name, subRole: staffUsers.subRole });
      summary.staff += staff.length;
      const complaintsDesk = staff.find((s) => s.subRole === 'complian')!;

      // Residents.
      const people = makeResidents(rand, def, perSociety, now);
      // In statements of RESIDENT_ROWS_PER_INSERT: one statement takes at most 65,535 parameters.
      const inserted: { id: number; residentCode: string }[] = [];
      for (let i = 0; i < people.length; i += RESIDENT_ROWS_PER_INSERT) {
        inserted.push(
          ...(await tx
            .insert(residents)
            .values(people.slice(i, i + RESIDENT_ROWS_PER_INSERT).map((p) => ({ ...p, societyId, passwordHash })))
            .returning({ id: residents.id, residentCode: residents.residentCode })),
        );
      }
      const idByCode = new Map(inserted.map((r) => [r.residentCode, r.id]));
      summary.residents += inserted.length;
      const approved = people.filter((p) => p.status === 'Approve');

      // Complaints, oldest first so ids rise with filing time.
      const plans = planComplaints(rand, approved, now);
      const rows = await tx
        .insert(deskRequests)
        .values(
          plans.map((c) => ({
            desk: 'complaint' as const,
            societyId,
            residentId: idByCode.get(c.resident.residentCode)!,
            body: c.body,
            response: c.response,
            stage: c.stage,
            createdAt: c.createdAt,
            proceededAt: c.proceededAt,
            proceededBy: c.proceededAt ? complaintsDesk.id : null,
            completedAt: c.completedAt,
            completedBy: c.completedAt ? complaintsDesk.id : null,
          })),
        )
        .returning({ id: deskRequests.id });
      // Serial ids are assigned in VALUES order, so sorted ids line up with `plans`.
      const ids = rows.map((r) => r.id).sort((a, b) => a - b);
      summary.complaints += ids.length;

      // The audit trail of each seeded transition.
      const audit: (typeof auditLog.$inferInsert)[] = [];
      plans.forEach((c, i) => {
        const base = { societyId, entity: 'complaint', entityId: ids[i]! };
        audit.push({
          ...base,
          actorKind: 'resident',
          actorId: idByCode.get(c.resident.residentCode)!,
          actorName: c.resident.name,
          action: 'create',
          fromStage: null,
          toStage: 'new',
          at: c.createdAt,
        });
        const byStaff = { ...base, actorKind: 'staff' as const, actorId: complaintsDesk.id, actorName: complaintsDesk.name };
        if (c.proceededAt) audit.push({ ...byStaff, action: 'proceed', fromStage: 'new', toStage: 'processing', at: c.proceededAt });
        if (c.completedAt) audit.push({ ...byStaff, action: 'submit', fromStage: 'processing', toStage: 'completed', at: c.completedAt });
      });
      await tx.insert(auditLog).values(audit);

      // New grocery and doctor requests, so /Grocery and /Doctor show data.
      const requests = planDeskRequests(rand, people, now);
      const requestRows = await tx
        .insert(deskRequests)
        .values(requests.map((r) => ({ desk: r.desk, societyId, residentId: idByCode.get(r.resident.residentCode)!, body: r.body, createdAt: r.createdAt })))
        .returning({ id: deskRequests.id });
      const requestIds = requestRows.map((r) => r.id).sort((a, b) => a - b);
      await tx.insert(auditLog).values(
        requests.map((r, i) => ({
          societyId,
          entity: r.desk,
          entityId: requestIds[i]!,
          actorKind: 'resident' as const,
          actorId: idByCode.get(r.resident.residentCode)!,
          actorName: r.resident.name,
          action: 'create',
          fromStage: null,
          toStage: 'new',
          at: r.createdAt,
        })),
      );
      summary.grocery += requests.filter((r) => r.desk === 'grocery').length;
      summary.doctor += requests.filter((r) => r.desk === 'doctor').length;
    }
    return summary;
  });
}
