/**
 * What reaches a guard who is not looking at the tab: a system notification per ringing alarm
 * (where the member granted the permission) that stays until dismissed, and a tab title that
 * flashes "SOS — <resident>" / the normal title once a second while any alarm rings.
 *
 * The permission is asked once per page, from the first gesture that also arms the siren
 * (browsers only show the prompt from a user gesture), and only while it is 'default': a member
 * who said no is not asked again. Each notification carries the tag `alarm-<id>`, so one alarm is
 * never shown twice (also across tabs), and closes when its alarm stops ringing (acknowledged
 * here or elsewhere). Clicking it brings the tab forward.
 *
 * The browser parts are injected ({@link AttentionDeps}) so tests drive them with stubs (and the
 * flash with fake timers).
 */
import type { AlarmEntry } from './alarm-store';

/** One flash step: the title alternates every this many ms. */
export const TITLE_FLASH_MS = 1000;

/** The part of a Notification this uses. */
export interface NotificationLike {
  close(): void;
  onclick: ((this: never, ev: Event) => unknown) | null;
}

export interface NotificationCtorLike {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options: NotificationOptions): NotificationLike;
}

export interface AttentionDeps {
  /** window.Notification, or undefined where the browser has none. */
  Notification: NotificationCtorLike | undefined;
  /** Where the title flashes (document). */
  page: { title: string };
  /** Brings the tab forward (window.focus). */
  focus: () => void;
}

export interface Attention {
  /** Call from each arming gesture: asks for the permission the first time, if not yet decided. */
  askPermission(): void;
  /** Call with the alarm store's entries on every change. */
  update(entries: readonly AlarmEntry[]): void;
  /** Sign-out / unmount: close every notification, put the title back. */
  dispose(): void;
}

export const sosTitle = (name: string) => `SOS — ${name}`;

export function createAttention(deps: AttentionDeps): Attention {
  const open = new Map<number, NotificationLike>();
  let asked = false;
  let flash: ReturnType<typeof setInterval> | undefined;
  let flashText = '';
  /** The title we wrote last (null: the page's own title is showing). */
  let shown: string | null = null;
  let normal = deps.page.title;

  function tick(): void {
    const current = deps.page.title;
    // The app (or a route) may have changed the title meanwhile: that is the new normal one.
    if (current !== shown) normal = current;
    shown = shown === null || current !== shown ? flashText : null;
    deps.page.title = shown ?? normal;
  }

  function stopFlash(): void {
    if (flash === undefined) return;
    clearInterval(flash);
    flash = undefined;
    if (shown !== null && deps.page.title === shown) deps.page.title = normal;
    shown = null;
  }

  function notify(entry: AlarmEntry): void {
    const N = deps.Notification;
    if (!N || N.permission !== 'granted' || !entry.alert || open.has(entry.id)) return;
    const { resident, drill } = entry.alert;
    try {
      const note = new N(`${drill ? 'DRILL: ' : ''}${sosTitle(resident.name)}`, {
        body: [resident.address, resident.phoneNo].filter(Boolean).join(' · '),
        tag: `alarm-${entry.id}`,
        requireInteraction: true,
      });
      note.onclick = () => deps.focus();
      open.set(entry.id, note);
    } catch {
      // Android's Chrome allows notifications only through a service worker: the toast remains.
    }
  }

  return {
    askPermission() {
      const N = deps.Notification;
      if (asked || !N || N.permission !== 'default') return;
      asked = true;
      N.requestPermission().catch(() => undefined);
    },
    update(entries) {
      const ringing = entries.filter((entry) => entry.status === 'ringing' && entry.alert);
      for (const entry of ringing) notify(entry);
      const ringingIds = new Set(ringing.map((entry) => entry.id));
      for (const [id, note] of open) {
        if (ringingIds.has(id)) continue;
        open.delete(id);
        note.close();
      }
      if (ringing.length === 0) return stopFlash();
      flashText = sosTitle(ringing.at(-1)?.alert?.resident.name ?? '');
      if (flash === undefined) {
        tick();
        flash = setInterval(tick, TITLE_FLASH_MS);
      }
    },
    dispose() {
      for (const note of open.values()) note.close();
      open.clear();
      stopFlash();
    },
  };
}
