/**
 * Staff read words, not codes: every sub-role, resident status and audit action has its words
 * (shared/labels.ts), and every action the server writes is in the list those words cover, so a
 * new code without words fails here (and at typecheck: the maps are typed over the code lists).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../src/shared/contracts/audit.js';
import { RESIDENT_STATUSES } from '../../src/shared/contracts/residents-admin.js';
import {
  AUDIT_ACTION_LABELS,
  SUB_ROLE_NAMES,
  auditActionLabel,
  auditChangeLabel,
  residentStatusLabel,
  stageLabel,
  subRoleLabel,
} from '../../src/shared/labels.js';
import { SUB_ROLES } from '../../src/shared/subroles.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

describe('sub-role labels', () => {
  it('gives every sub-role words, with its code in brackets', () => {
    expect(Object.keys(SUB_ROLE_NAMES).sort()).toEqual([...SUB_ROLES].sort());
    for (const subRole of SUB_ROLES) {
      expect(SUB_ROLE_NAMES[subRole].trim()).not.toBe('');
      expect(subRoleLabel(subRole)).toBe(`${SUB_ROLE_NAMES[subRole]} (${subRole})`);
    }
    expect(new Set(Object.values(SUB_ROLE_NAMES)).size).toBe(SUB_ROLES.length);
    expect(subRoleLabel('button-one')).toBe('Security desk (button-one)');
    expect(subRoleLabel('complian')).toBe('Complaints desk (complian)');
    expect(subRoleLabel('annoucements')).toBe('Announcements (annoucements)');
  });

  it('shows an unknown code as it comes and nothing as a dash', () => {
    expect(subRoleLabel('button-nine')).toBe('button-nine');
    expect(subRoleLabel(null)).toBe('—');
  });
});

describe('status and stage labels', () => {
  it("says 'Approved' and 'Blocked' for the stored 'Approve' and 'Block'", () => {
    expect(RESIDENT_STATUSES.map(residentStatusLabel)).toEqual(['Pending', 'Approved', 'Blocked']);
    expect(residentStatusLabel('toString')).toBe('toString'); // never an inherited property
  });

  it('writes desk stages and not-at-home states in words', () => {
    expect(['new', 'processing', 'completed', 'active', 'cancelled', 'arrived'].map(stageLabel)).toEqual([
      'New',
      'Processing',
      'Completed',
      'Active',
      'Cancelled',
      'Arrived',
    ]);
    expect(stageLabel(null)).toBe('—');
  });
});

describe('audit action labels', () => {
  it('gives every audit action words of its own', () => {
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS) {
      expect(auditActionLabel(action).trim()).not.toBe('');
      expect(auditActionLabel(action)).not.toBe(action);
    }
    expect(auditActionLabel('two-factor-on')).toBe('Two-factor sign-in turned on');
  });

  it('keeps the value of the actions that carry one', () => {
    expect(auditActionLabel('assign guard Ali Raza')).toBe('Guard assigned: Ali Raza');
    expect(auditActionLabel('send to all (56)')).toBe('Sent to all (56 residents)');
    expect(auditActionLabel('send to all (1)')).toBe('Sent to all (1 resident)');
    expect(auditActionLabel('send to resident 12')).toBe('Sent to resident 12');
    expect(auditActionLabel('constructor')).toBe('constructor');
  });

  it('writes a change of sub-role, status or stage in words', () => {
    expect(auditChangeLabel(null, 'complian')).toBe('— → Complaints desk (complian)');
    expect(auditChangeLabel('button-one', 'super-admin')).toBe('Security desk (button-one) → Super-admin (super-admin)');
    expect(auditChangeLabel('Pending', 'Approve')).toBe('Pending → Approved');
    expect(auditChangeLabel('new', 'processing')).toBe('New → Processing');
    expect(auditChangeLabel(null, 'Asia/Karachi')).toBe('— → Asia/Karachi');
    expect(auditChangeLabel(null, null)).toBe('');
  });

  it('covers every action the server writes (a literal action, or one inside an SQL expression)', () => {
    const written = new Set<string>();
    for (const file of sourceFiles('src/server')) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/\baction:\s*'([^']+)'/g)) written.add(m[1]!);
      for (const m of source.matchAll(/\baction:\s*sql`([^`]*)`/g)) for (const q of m[1]!.matchAll(/'([^']+)'/g)) written.add(q[1]!);
    }
    expect(written.size).toBeGreaterThan(20);
    const known: readonly string[] = AUDIT_ACTIONS;
    expect([...written].filter((a) => !known.includes(a))).toEqual([]);
  });
});
