/**
 * How the demo data is made (seed/demo.ts writes it): a seeded PRNG, the residents of a society,
 * the complaints and the new grocery and doctor requests. Pure: no database access.
 */
import type { EmergencyContact } from '../../shared/contracts/resident.js';
import type { residents } from '../db/schema.js';
import { COMPLAINT_TEMPLATES, DESIGNATIONS, FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, SURNAMES, type Where } from './names.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** Complaints seeded per stage and society. */
const COMPLAINTS_PER_STAGE = { new: 12, processing: 8, completed: 8 } as const;

export interface SocietyDef {
  key: 'gv' | 'lc';
  name: string;
  domain: string;
  /** Resident code prefix: GV0001… */
  codePrefix: string;
  /** Resident phone prefix: 4 digits + 7-digit sequence = 11 digits. */
  phonePrefix: string;
  seed: number;
  /** The society's emergency contacts (ZEmergencyContacts), as `society:emergency` would set them. */
  emergencyContacts: EmergencyContact[];
}

type Rand = () => number;

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): Rand {
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

export function makeResidents(rand: Rand, def: SocietyDef, count: number, now: number): ResidentSeed[] {
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
export function planComplaints(rand: Rand, approved: readonly ResidentSeed[], now: number): ComplaintPlan[] {
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

const GROCERY_LISTS = [
  'Basmati rice 5 kg, cooking oil 1 liter, eggs 1 dozen',
  'Milk 2 liters, bread 1 packet, butter',
  'Tomatoes 1 kg, onions 2 kg, potatoes 3 kg, green chillies',
  'Sugar 2 kg, tea 1 packet, biscuits 2 boxes',
  'Chicken 1.5 kg, yoghurt 1 kg, coriander',
  '',
];
const DOCTOR_DESCRIPTIONS = [
  'Fever and sore throat since yesterday.',
  'Blood pressure check for my father.',
  'Child has a cough at night.',
  'Back pain after lifting, need advice.',
  '',
];

/**
 * Residents who file the seeded grocery and doctor requests: codes 13–17 and 26–30 of each society
 * (phones 0300000001[3-7]…), numbers the API and browser tests leave alone, so a test's resident
 * owns only the requests it files itself.
 */
const DESK_REQUESTERS = [12, 13, 14, 15, 16, 25, 26, 27, 28, 29];

interface DeskRequestPlan {
  desk: 'grocery' | 'doctor';
  resident: ResidentSeed;
  body: string;
  createdAt: Date;
}

/** One new request per grocery list and doctor description, filed over the last two days, oldest first. */
export function planDeskRequests(rand: Rand, people: readonly ResidentSeed[], now: number): DeskRequestPlan[] {
  const requesters = DESK_REQUESTERS.flatMap((i) => (people[i]?.status === 'Approve' ? [people[i]] : []));
  if (requesters.length === 0) return [];
  const plans = [
    ...GROCERY_LISTS.map((body) => ({ desk: 'grocery' as const, body })),
    ...DOCTOR_DESCRIPTIONS.map((body) => ({ desk: 'doctor' as const, body })),
  ].map((p) => ({
    ...p,
    resident: pick(rand, requesters),
    createdAt: new Date(Math.round((now - 60_000 - rand() * 2 * DAY) / 1000) * 1000),
  }));
  return plans.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
