import type { MantineColorScheme } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { colorSchemeKey, createMemberColorSchemeManager } from '../../src/web/lib/color-scheme.js';
import { CURRENT_USER_KEY } from '../../src/web/lib/current-user.js';

/** A browser's local storage and `storage` events, enough for lib/color-scheme and lib/current-user. */
function fakeWindow() {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return { localStorage, items, addEventListener: () => {}, removeEventListener: () => {} };
}

let win: ReturnType<typeof fakeWindow>;
const signInAs = (_id: string | null) => {
  if (_id === null) win.items.delete(CURRENT_USER_KEY);
  else win.items.set(CURRENT_USER_KEY, JSON.stringify({ _id, name: 'N', Role: 'Staff', SubRole: 'complian', societyName: 'Green Valley' }));
};

beforeEach(() => {
  win = fakeWindow();
  (globalThis as { window?: unknown }).window = win;
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

/** The manager as MantineProvider drives it: `applied` is what the provider was told to show. */
function mounted() {
  const manager = createMemberColorSchemeManager();
  const applied: MantineColorScheme[] = [];
  // Mantine's own setter stores what it applies: the manager must ignore that write.
  manager.subscribe((value) => {
    applied.push(value);
    manager.set(value);
  });
  return { manager, applied };
}

describe('member colour scheme manager', () => {
  it('follows the system (stores nothing) until the member chooses, then keeps their choice', () => {
    signInAs('m1');
    const { manager } = mounted();
    expect(manager.get('auto')).toBe('auto');
    manager.set('dark');
    expect(win.items.get(colorSchemeKey('m1'))).toBe('dark');
    expect(createMemberColorSchemeManager().get('auto')).toBe('dark'); // a reload
  });

  it("another member gets the system's scheme, and the first their own again", () => {
    signInAs('m1');
    const { manager, applied } = mounted();
    manager.set('light');
    signInAs('m2');
    manager.memberChanged();
    expect(applied.at(-1)).toBe('auto');
    expect(win.items.has(colorSchemeKey('m2'))).toBe(false);
    signInAs('m1');
    manager.memberChanged();
    expect(applied.at(-1)).toBe('light');
  });

  it('a choice on the login screen goes to the member who signs in, unless they have one', () => {
    signInAs(null);
    const { manager, applied } = mounted();
    manager.set('dark');
    expect(win.items.size).toBe(0);
    signInAs('m3');
    manager.memberChanged();
    expect(applied.at(-1)).toBe('dark');
    expect(win.items.get(colorSchemeKey('m3'))).toBe('dark');

    win.items.set(colorSchemeKey('m4'), 'light');
    signInAs(null);
    manager.memberChanged();
    expect(applied.at(-1)).toBe('auto');
    manager.set('dark');
    signInAs('m4');
    manager.memberChanged();
    expect(applied.at(-1)).toBe('light');
  });
});
