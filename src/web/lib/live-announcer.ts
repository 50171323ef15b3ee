/**
 * The app's one polite announcement for screen readers: 'New complaint from Ayesha Khan' when a
 * row arrives live. Announcements closer together than ANNOUNCE_INTERVAL_MS are dropped, so a
 * burst of arrivals does not talk over the member's work (the lists and bells still show them).
 * The throttle compares timestamps (`now`, injectable), with no timer, so tests need no waiting.
 * Security alarms are not announced here: their toast is a role=alert of its own.
 */

/** At most one announcement in this many milliseconds. */
export const ANNOUNCE_INTERVAL_MS = 5_000;

export interface Announcer {
  /** Announces `text` unless the last announcement was less than the interval ago; true when announced. */
  announce: (text: string) => boolean;
  /** The text on screen for screen readers ('' before the first). */
  getSnapshot: () => string;
  subscribe: (listener: () => void) => () => void;
}

/** An announcer with its own throttle; `now` gives the time in milliseconds (default Date.now). */
export function createAnnouncer(now: () => number = Date.now, intervalMs = ANNOUNCE_INTERVAL_MS): Announcer {
  let text = '';
  let last = -Infinity;
  const listeners = new Set<() => void>();
  return {
    announce(next) {
      const at = now();
      if (at - last < intervalMs) return false;
      last = at;
      text = next;
      for (const listener of listeners) listener();
      return true;
    },
    getSnapshot: () => text,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app-wide announcer, shown by components/live-announcer in the signed-in shell. */
export const liveAnnouncer = createAnnouncer();

/** 'New complaint from Ayesha Khan': what a live-arriving row of a list is announced as. */
export function newRowAnnouncement(noun: string, residentName: string): string {
  return `New ${noun} from ${residentName}`;
}
