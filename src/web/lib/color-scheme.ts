/**
 * The night theme's memory: the light or dark choice of each staff member, kept in local storage
 * as a display preference (lib/preferences.ts, `pref:{member _id}:color-scheme`) on this browser. Nothing is stored until a member presses the
 * header's toggle, so a member who never chose, and everyone before sign-in, follows the system
 * setting (MantineProvider's `defaultColorScheme="auto"`). Log Out keeps preferences
 * (lib/session.ts; docs/spec-deviations.md 82): the choice is a preference of the person, not a
 * part of the session.
 *
 * The member is the stored current user (lib/current-user.ts, written from the sign-in and the
 * `me` answer). public/color-scheme.js reads the same keys before the app's script loads, so a
 * reload paints in the right scheme from the first frame; keep the two in step.
 */
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { getCurrentUser } from './current-user';
import { preferenceKey } from './preferences';

/** The local storage key of one member's choice ('light' | 'dark'). */
export const colorSchemeKey = (memberId: string): string => preferenceKey(memberId, 'color-scheme');

const isChoice = (value: unknown): value is 'light' | 'dark' => value === 'light' || value === 'dark';

/** A Mantine colour scheme manager that also hears when the signed-in member changes. */
export interface MemberColorSchemeManager extends MantineColorSchemeManager {
  /** Re-reads the member from the stored user and applies their choice (or the system's). */
  memberChanged: () => void;
}

/**
 * The manager given to MantineProvider. Mantine reads `get` once, at start; a member signing in
 * or out afterwards is applied through the `subscribe` callback (Mantine's own setter), during
 * which `set` writes nothing, so following the system stays unstored. A choice made on the login
 * screen is held in memory and becomes the choice of the member who signs in next, unless they
 * had one already.
 */
export function createMemberColorSchemeManager(): MemberColorSchemeManager {
  let member = getCurrentUser()?._id ?? null;
  let signedOutChoice: 'light' | 'dark' | null = null;
  let apply: ((value: MantineColorScheme) => void) | null = null;
  let applying = false;

  const stored = (id: string): 'light' | 'dark' | null => {
    try {
      const value = window.localStorage.getItem(colorSchemeKey(id));
      return isChoice(value) ? value : null;
    } catch {
      return null; // storage disabled: follow the system
    }
  };
  const store = (id: string, value: MantineColorScheme) => {
    try {
      if (isChoice(value)) window.localStorage.setItem(colorSchemeKey(id), value);
      else window.localStorage.removeItem(colorSchemeKey(id));
    } catch {
      // storage disabled: the choice lasts until the page closes
    }
  };
  const current = (fallback: MantineColorScheme): MantineColorScheme => (member === null ? signedOutChoice : stored(member)) ?? fallback;
  const reapply = () => {
    if (!apply) return;
    applying = true;
    try {
      apply(current('auto'));
    } finally {
      applying = false;
    }
  };
  // Another tab of the same member toggled.
  const onStorage = (event: StorageEvent) => {
    if (member !== null && event.key === colorSchemeKey(member)) reapply();
  };

  return {
    get: current,
    set: (value) => {
      if (applying) return;
      if (member === null) signedOutChoice = isChoice(value) ? value : null;
      else store(member, value);
    },
    subscribe: (onUpdate) => {
      apply = onUpdate;
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      apply = null;
      window.removeEventListener('storage', onStorage);
    },
    clear: () => {
      if (member === null) signedOutChoice = null;
      else store(member, 'auto');
    },
    memberChanged: () => {
      const next = getCurrentUser()?._id ?? null;
      if (next === member) return;
      const carried = member === null ? signedOutChoice : null;
      member = next;
      signedOutChoice = null;
      if (member !== null && carried !== null && stored(member) === null) store(member, carried);
      reapply();
    },
  };
}
