/**
 * Demo data: two societies (Green Valley, Lake City), one staff account per sub-role in each,
 * a guard account (which the server must refuse), ~55 residents per society and complaints in
 * all three stages with their audit trail. Deterministic: every value comes from a seeded PRNG
 * (only the timestamps move, relative to the moment of seeding), so every run gives the same data.
 *
 * All demo accounts (staff and residents) use the password DEMO_PASSWORD.
 */
import { hash } from '@node-rs/argon2';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditLog, deskRequests, residents, societies, staffUsers } from '../db/schema.js';
import type { SubRole } from '../../shared/subroles.js';
import {
  COMPLAINT_TEMPLATES,
  DESIGNATIONS,
  FEMALE_FIRST_NAMES,
  MALE_FIRST_NAMES,
  STAFF_NAMES,
  SURNAMES,
  type Where,
} from './names.js';

export const DEMO_PASSWORD = 'demo-pass-1';

/** Email handle (the part before @) of each sub-role's demo account. */
const HANDLES: Record<SubRole, string> = {
  'button-one': 'security',
  'button-two': 'doctor',
  'button-three': 'grocery',
  complian: 'complaints',
  residence: 'residence',
  status: 'status',
  'button-five': 'video',
  notification: 'notification',
  billing: 'billing',
  discounts: 'discounts',
  plots: 'plots',
  cms: 'cms',
  'cms-all': 'cms-all',
  annoucements: 'announcements',
  logo: 'logo',
  'super-admin': 'super-admin',
};
const SUB_ROLE_ORDER = Object.keys(HANDLES) as SubRole[];

interface SocietyDef {
  key: 'gv' | 'lc';
  name: string;
  domain: string;
  /** Resident code prefix: GV0001… */
  codePrefix: string;
  /** Resident phone prefix: 4 digits + 7-digit sequence = 11 digits. */
  phonePrefix: string;
  seed: number;
}

const SOCIETIES: readonly SocietyDef[] = [
  { key: 'gv', name: 'Green Valley', domain: 'greenvalley.test', codePrefix: 'GV', phonePrefix: '0300', seed: 0x6e11 },
  { key: 'lc', name: 'Lake City', domain: 'lakecity.test', codePrefix: 'LC', phonePrefix: '0310', seed: 0x1c17 },
];

/** The guard account: role 'Guard', no sub-role; signing in to the dashboard must be refused. */
export const DEMO_GUARD_EMAIL = 'guard@greenvalley.test';

/** Green Valley's staff sign-ins (password DEMO_PASSWORD), for the server to print at start-up. */
export const DEMO_SIGN_INS: readonly { email: string; subRole: SubRole }[] = SUB_ROLE_ORDER.map((subRole) => ({
  email: `${HANDLES[subRole]}@greenvalley.test`,
  subRole,
}));

export interface SeedSummary {
  societies: number;
  staff: number;
  residents: number;
  complaints: number;
}

/** Complaints per stage and society. */
const COMPLAINTS_PER_STAGE = { new: 12, processing: 8, completed: 8 } as const;
const DEFAULT_RESIDENTS = 55;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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
      .where(inArray(societies.name, SOCIETIES.map((s) => s.name)));
    if (existing.length > 0) throw new Error(`Demo data already present (society ${existing[0]!.name})`);

    const summary: SeedSummary = { societies: 0, staff: 0, residents: 0, complaints: 0 };
    for (const def of SOCIETIES) {
      const rand = mulberry32(def.seed);
      // Backdated so the society, its staff and residents predate the complaints (last ~10 days).
      const [society] = await tx
        .insert(societies)
        .values({ name: def.name, createdAt: new Date(now - 420 * DAY) })
        .returning({ id: societies.id });
      const societyId = society!.id;
      summary.societies++;

      // Staff: one Admin per sub-role, plus the guard in Green Valley.
      const staffNames = STAFF_NAMES[def.key];
      const staffRows: (typeof staffUsers.$inferInsert)[] = SUB_ROLE_ORDER.map((subRole, i) => ({
        societyId,
        email: `${HANDLES[subRole]}@${def.domain}`,
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
      const staff = await tx
        .insert(staffUsers)
        .values(staffRows)
        .returning({ id: staffUsers.id, name: staffUsers.name, subRole: staffUsers.subRole });
      summary.staff += staff.length;
      const complaintsDesk = staff.find((s) => s.subRole === 'complian')!;

      // Residents.
      const people = makeResidents(rand, def, perSociety, now);
      const inserted = await tx
        .insert(residents)
        .values(people.map((p) => ({ ...p, societyId, passwordHash })))
        .returning({ id: residents.id, residentCode: residents.residentCode });
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
    }
    return summary;
  });
}

// ---------------------------------------------------------------------------------------------

type Rand = () => number;

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
function mulberry32(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rand: Rand, min: number, max: number): number => min + Math.floor(rand() * (max - min + 1));
function pick<T>(rand: Rand, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}
const digits = (n: number, width: number): string => String(n).padStart(width, '0');

type ResidentSeed = Omit<typeof residents.$inferInsert, 'societyId' | 'passwordHash'> & {
  residentCode: string;
  name: string;
  status: 'Approve' | 'Block';
} & Where;

function makeResidents(rand: Rand, def: SocietyDef, count: number, now: number): ResidentSeed[] {
  const usedNames = new Set<string>();
  const usedEmails = new Set<string>();
  const usedAddresses = new Set<string>();
  const usedPhones = new Set<string>();
  const blocks = ['A', 'B', 'C', 'D', 'E', 'F'].map((b) => `Block ${b}`);

  /** A family/father phone: 0333/0345/0321 + 7 digits, never a resident prefix (0300/0310). */
  const otherPhone = (): string => {
    for (;;) {
      const p = pick(rand, ['0333', '0345', '0321', '0301', '0322']) + digits(int(rand, 0, 9_999_999), 7);
      if (!usedPhones.has(p)) {
        usedPhones.add(p);
        return p;
      }
    }
  };

  // A few blocked residents, never among the first ten (GV0001/LC0001 must stay approved).
  const blocked = new Set<number>();
  const wantBlocked = Math.min(4, Math.max(0, Math.floor((count - 10) / 12)));
  while (blocked.size < wantBlocked) blocked.add(int(rand, 10, count - 1));

  const out: ResidentSeed[] = [];
  for (let i = 0; i < count; i++) {
    const female = rand() < 0.45;
    let first = '';
    let last = '';
    // Unique names within the society; give up after a few tries if the lists run out.
    for (let attempt = 0; attempt < 50; attempt++) {
      first = pick(rand, female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
      last = pick(rand, SURNAMES);
      if (!usedNames.has(`${first} ${last}`)) break;
    }
    const name = `${first} ${last}`;
    usedNames.add(name);

    let email: string;
    do {
      email = `${first}.${last}${int(rand, 1, 99)}@mail.test`.toLowerCase();
    } while (usedEmails.has(email));
    usedEmails.add(email);

    let where: Where;
    do {
      where = { house: String(int(rand, 1, 250)), street: `Street ${int(rand, 1, 14)}`, block: pick(rand, blocks) };
    } while (usedAddresses.has(`${where.house}/${where.street}/${where.block}`));
    usedAddresses.add(`${where.house}/${where.street}/${where.block}`);

    // 18–80, most of them in their thirties to fifties (mean of two uniforms).
    const age = 18 + Math.floor(((rand() + rand()) / 2) * 63);
    const designation =
      age >= 63 && rand() < 0.7
        ? 'Retired'
        : age <= 24 && rand() < 0.7
          ? 'Student'
          : pick(rand, female ? DESIGNATIONS : DESIGNATIONS.filter((d) => d !== 'Housewife' && d !== 'Nurse'));
    const father = `${pick(rand, MALE_FIRST_NAMES)} ${last}`;
    // Two family members: spouse/sibling and child, sharing the family surname.
    const fm1 = `${pick(rand, female ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES)} ${last}`;
    const fm2 = `${pick(rand, rand() < 0.5 ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES)} ${last}`;

    out.push({
      residentCode: def.codePrefix + digits(i + 1, 4),
      name,
      phone: def.phonePrefix + digits(i + 1, 7),
      email,
      status: blocked.has(i) ? 'Block' : 'Approve',
      age,
      ...where,
      designation,
      isOwner: age >= 25 && rand() < 0.7,
      fatherName: father,
      fatherPhone: otherPhone(),
      fm1Name: fm1,
      fm1Phone: otherPhone(),
      fm2Name: fm2 === fm1 ? `${pick(rand, MALE_FIRST_NAMES)} ${last}` : fm2,
      fm2Phone: otherPhone(),
      // Registered over the past year in code order, the newest about two months ago.
      createdAt: new Date(now - (380 - (300 * i) / count) * DAY - int(rand, 0, 86_399) * 1000),
    });
  }
  return out;
}

interface ComplaintPlan {
  resident: ResidentSeed;
  body: string;
  response: string | null;
  stage: 'new' | 'processing' | 'completed';
  createdAt: Date;
  proceededAt: Date | null;
  completedAt: Date | null;
}

/** Complaints in all three stages, filed over the last ~10 days, sorted oldest first. */
function planComplaints(rand: Rand, approved: readonly ResidentSeed[], now: number): ComplaintPlan[] {
  const latest = now - 60_000; // every seeded event lies at least a minute in the past
  const at = (t: number) => new Date(Math.min(Math.round(t / 1000) * 1000, latest));
  const plans: ComplaintPlan[] = [];
  for (const stage of ['completed', 'processing', 'new'] as const) {
    for (let n = 0; n < COMPLAINTS_PER_STAGE[stage]; n++) {
      const resident = pick(rand, approved);
      const template = pick(rand, COMPLAINT_TEMPLATES);
      // Older complaints are further along: completed 2–10 days ago, processing 1–8, new 0–5.
      const ageDays = stage === 'completed' ? 2 + rand() * 8 : stage === 'processing' ? 1 + rand() * 7 : rand() * 5;
      const created = now - ageDays * DAY;
      const proceeded = stage === 'new' ? null : created + (0.5 + rand() * 20) * HOUR;
      // Resolved 10–90% of the way between proceeding and now (capped at two days later).
      const completed = stage === 'completed' ? proceeded! + (0.1 + 0.8 * rand()) * Math.min(2 * DAY, now - proceeded!) : null;
      plans.push({
        resident,
        body: template.text(resident),
        response: stage === 'completed' ? template.response : null,
        stage,
        createdAt: at(created),
        proceededAt: proceeded === null ? null : at(proceeded),
        completedAt: completed === null ? null : at(completed),
      });
    }
  }
  return plans.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
