import { describe, expect, it } from 'vitest';
import {
  ALL_PATHS,
  MODULES,
  ROUTES,
  SUB_ROLES,
  SUB_ROLE_TABLE,
  canUse,
  homeFor,
  mayRunDrills,
  menuFor,
  moduleOfPath,
  reportDesksOf,
} from '../../src/shared/subroles.js';

/** Spec section 2: its 27 routes (and /Staff, /Audit, /Reports, /Deadlines), the menus and the home screens, exactly. */
describe('sub-role table', () => {
  it('registers the 27 routes of the spec, /Staff, /Audit, /Reports and /Deadlines, exactly once each', () => {
    const expected = [
      '/Login',
      '/',
      '/Grocery',
      '/Orders',
      '/CompletedGrocery',
      '/Doctor',
      '/Prescription',
      '/CompletedDoctor',
      '/Complaints',
      '/Pending',
      '/Completed',
      '/Security',
      '/ProcessSec',
      '/CompletedSecurity',
      '/NotHome',
      '/NotHomeCancelled',
      '/NotHomeCompleted',
      '/VideoPanel',
      '/Residence',
      '/CMS',
      '/Discounts',
      '/Billing',
      '/Plots',
      '/NotificationPanel',
      '/Status',
      '/Logo',
      '/Annoucements',
      '/Staff',
      '/Audit',
      '/Reports',
      '/Deadlines',
    ];
    expect([...ALL_PATHS].sort()).toEqual([...expected].sort());
    expect(new Set(ALL_PATHS).size).toBe(31);
  });

  it('knows all 16 sub-roles', () => {
    expect(SUB_ROLES).toHaveLength(16);
    expect(Object.keys(SUB_ROLE_TABLE).sort()).toEqual([...SUB_ROLES].sort());
  });

  it.each([
    ['button-three', '/Grocery'],
    ['button-two', '/Doctor'],
    ['button-one', '/Security'],
    ['complian', '/Complaints'],
    ['discounts', '/Discounts'],
    ['residence', '/Residence'],
    ['billing', '/Billing'],
    ['plots', '/Plots'],
    ['notification', '/NotificationPanel'],
    ['status', '/Status'],
    ['logo', '/Logo'],
    ['cms', '/CMS'],
    ['super-admin', '/NotificationPanel'],
    ['cms-all', '/CMS'],
    ['annoucements', '/Annoucements'],
    ['button-five', '/VideoPanel'],
    ['something-else', '/VideoPanel'],
  ])('home of %s is %s', (subRole, home) => {
    expect(homeFor(subRole)).toBe(home);
  });

  it.each([
    ['button-three', ['/Grocery', '/Orders', '/CompletedGrocery', '/Reports']],
    [
      'button-one',
      [
        '/Security',
        '/ProcessSec',
        '/CompletedSecurity',
        '/NotHome',
        '/NotHomeCancelled',
        '/NotHomeCompleted',
        '/Complaints',
        '/Pending',
        '/Completed',
        '/Reports',
      ],
    ],
    ['complian', ['/Complaints', '/Pending', '/Completed', '/Reports']],
    ['button-two', ['/Doctor', '/Prescription', '/CompletedDoctor', '/Reports']],
    ['cms-all', ['/CMS', '/Plots', '/Discounts']],
    ['super-admin', ['/NotificationPanel', '/Billing', '/Residence', '/VideoPanel', '/Status', '/Staff', '/Audit', '/Reports', '/Deadlines']],
    ['logo', ['/Logo']],
    ['notification', ['/NotificationPanel']],
    ['status', ['/Status']],
    ['discounts', ['/Discounts']],
    ['button-five', ['/VideoPanel']],
    ['cms', ['/CMS']],
    ['annoucements', ['/Annoucements']],
    ['residence', ['/Residence']],
    ['billing', ['/Billing']],
    ['plots', ['/Plots']],
  ])('menu of %s', (subRole, paths) => {
    expect(menuFor(subRole).map((r) => r.path)).toEqual(paths);
  });

  it('labels the routes the spec names', () => {
    const label = (p: string) => ROUTES.find((r) => r.path === p)?.label;
    expect(label('/Pending')).toBe('Processing');
    expect(label('/NotHomeCancelled')).toBe('Cancelled');
    expect(label('/NotHomeCompleted')).toBe('Arrived');
    expect(label('/Residence')).toBe('Residents');
    expect(label('/CMS')).toBe('Feed');
  });

  it('grants exactly the modules of the menu (button-one also complaints)', () => {
    for (const s of SUB_ROLES) {
      const fromMenu = new Set(SUB_ROLE_TABLE[s].menu.map((p) => moduleOfPath(p)));
      expect(new Set(SUB_ROLE_TABLE[s].modules), s).toEqual(fromMenu);
      expect(SUB_ROLE_TABLE[s].menu, s).toContain(SUB_ROLE_TABLE[s].home);
    }
    expect(canUse('button-one', 'complaints')).toBe(true);
    expect(canUse('complian', 'security')).toBe(false);
    expect(canUse('super-admin', 'complaints')).toBe(false);
    expect(MODULES.filter((m) => canUse('super-admin', m)).sort()).toEqual([
      'audit',
      'billing',
      'deadlines',
      'notificationPanel',
      'reports',
      'residents',
      'staff',
      'status',
      'videoPanel',
    ]);
    expect(canUse('not-a-sub-role', 'videoPanel')).toBe(false);
  });

  it.each([
    ['button-one', ['complaints', 'security']],
    ['button-two', ['doctor']],
    ['button-three', ['grocery']],
    ['complian', ['complaints']],
    ['super-admin', ['complaints', 'security', 'grocery', 'doctor']],
    ['residence', []],
    ['status', []],
    ['billing', []],
    ['notification', []],
    ['button-five', []],
    ['cms-all', []],
    ['something-else', []],
  ])('reports of %s cover %j', (subRole, desks) => {
    expect(reportDesksOf(subRole)).toEqual(desks);
  });

  it('lets only the alarm staff and super-admin run SOS drills', () => {
    expect(SUB_ROLES.filter((s) => mayRunDrills(s)).sort()).toEqual(['button-one', 'super-admin']);
    expect(mayRunDrills('something-else')).toBe(false);
  });
});
