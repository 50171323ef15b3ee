/**
 * Every alarm this screen has heard of during the signed-in session, by id — the single source
 * of truth for the alarm toasts and the siren.
 *
 * An alarm enters once (from the catch-up fetch or a live event, whichever comes first) and then
 * only moves forward:
 *
 *   ringing ──close──▶ acknowledging ──POST ok──▶ closed
 *      │                     └──POST failed──▶ ringing (with the error shown)
 *      └──acknowledged elsewhere──▶ acknowledged ("Acknowledged by …") ──close / timer──▶ closed
 *
 * Nothing is ever removed before sign-out, so the same alarm is never shown twice: a late fetch
 * answer or a repeated event finds the entry and only refreshes it. An acknowledgement heard for
 * an alarm not seen yet leaves a 'closed' tombstone, so a fetch answer that was already on its
 * way (and still lists it) cannot bring it back.
 */
import type { AlarmAcknowledged, SecurityAlert } from '../../../../shared/contracts/security';

export type AlarmStatus = 'ringing' | 'acknowledging' | 'acknowledged' | 'closed';

/** 'all': button-one hears every alarm; 'escalated': super-admin hears escalated ones only. */
export type AlarmMode = 'all' | 'escalated';

export interface AlarmEntry {
  readonly id: number;
  /** The latest copy of the alarm (null for a tombstone of an alarm never shown). */
  readonly alert: SecurityAlert | null;
  readonly status: AlarmStatus;
  /** Who acknowledged it when someone did (null: nobody yet, or not known). */
  readonly acknowledgedBy: string | null;
  /** Seconds from the press to the acknowledgement. */
  readonly ackSeconds: number | null;
  /** The last acknowledgement attempt failed with this message; the alarm rings again. */
  readonly error: string | null;
  /** When this screen first heard of it (a sequence number; see {@link AlarmStore.syncMarker}). */
  readonly seenSeq: number;
}

export type CloseOutcome = 'acknowledge' | 'dismissed' | 'none';

export interface AlarmStore {
  subscribe(listener: () => void): () => void;
  /** All entries (tombstones included), in the order they were first heard of. */
  getSnapshot(): readonly AlarmEntry[];
  get(id: number): AlarmEntry | undefined;
  /** True while at least one alarm waits for someone to answer it (the siren's condition). */
  isRinging(): boolean;
  /** An alarm from the fetch or an event. @returns true when it is new and now rings. */
  offer(alert: SecurityAlert, mode: AlarmMode): boolean;
  /** 'security-acknowledged' (or an alarm seen with an acknowledgement) from anyone. */
  acknowledged(ack: Pick<AlarmAcknowledged, '_id'> & Partial<Omit<AlarmAcknowledged, '_id'>>): void;
  /** Mark taken just before a catch-up fetch is sent. */
  syncMarker(): number;
  /**
   * A catch-up answer: every alarm still ringing here that was heard of before the fetch was sent
   * and is missing from the server's pending list has been acknowledged meanwhile (by whom is not
   * known yet). Skipped when the answer may be truncated. @returns the ids so marked.
   */
  reconcile(marker: number, pendingIds: ReadonlySet<number>, complete: boolean): number[];
  /** The user closed the toast. 'acknowledge': record it on the server now. */
  close(id: number): CloseOutcome;
  /** The acknowledgement was recorded (or the server says there is nothing to acknowledge). */
  ackDone(id: number): void;
  /** The acknowledgement could not be recorded: ring again and say why. */
  ackFailed(id: number, message: string): void;
  /** Sign-out / unmount: forget everything, cancel timers. */
  reset(): void;
}

export interface AlarmStoreOptions {
  /** How long a toast acknowledged by someone else stays before closing itself. */
  acknowledgedToastMs: number;
}

export function createAlarmStore({ acknowledgedToastMs }: AlarmStoreOptions): AlarmStore {
  let entries = new Map<number, AlarmEntry>();
  let snapshot: readonly AlarmEntry[] = [];
  let seq = 0;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  function put(entry: AlarmEntry): void {
    const next = new Map(entries);
    next.set(entry.id, entry);
    entries = next;
    snapshot = [...next.values()];
    for (const listener of listeners) listener();
  }

  function clearTimer(id: number): void {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  }

  function toAcknowledged(entry: AlarmEntry, by: string | null, seconds: number | null): void {
    put({ ...entry, status: 'acknowledged', acknowledgedBy: by, ackSeconds: seconds, error: null });
    clearTimer(entry.id);
    timers.set(
      entry.id,
      setTimeout(() => {
        timers.delete(entry.id);
        const current = entries.get(entry.id);
        if (current?.status === 'acknowledged') put({ ...current, status: 'closed' });
      }, acknowledgedToastMs),
    );
  }

  const store: AlarmStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    get: (id) => entries.get(id),
    isRinging: () => snapshot.some((entry) => entry.status === 'ringing'),

    offer(alert, mode) {
      if (mode === 'escalated' && !alert.escalated) return false;
      const existing = entries.get(alert._id);
      if (!existing) {
        const ackedAlready = alert.acknowledgedAt !== null;
        seq += 1;
        put({
          id: alert._id,
          alert,
          status: ackedAlready ? 'closed' : 'ringing',
          acknowledgedBy: alert.acknowledgedBy,
          ackSeconds: alert.ackSeconds,
          error: null,
          seenSeq: seq,
        });
        return !ackedAlready;
      }
      if (existing.status === 'closed') return false;
      // Refresh what the toast shows; an Escalated mark, once seen, stays.
      const escalated = alert.escalated || Boolean(existing.alert?.escalated);
      const refreshed: AlarmEntry = { ...existing, alert: { ...alert, escalated, escalatedAt: alert.escalatedAt ?? existing.alert?.escalatedAt ?? null } };
      if (alert.acknowledgedAt !== null && existing.status === 'ringing') toAcknowledged(refreshed, alert.acknowledgedBy, alert.ackSeconds);
      else put(refreshed);
      return false;
    },

    acknowledged(ack) {
      const by = ack.acknowledgedBy ?? null;
      const seconds = ack.ackSeconds ?? null;
      const existing = entries.get(ack._id);
      if (!existing) {
        seq += 1;
        put({ id: ack._id, alert: null, status: 'closed', acknowledgedBy: by, ackSeconds: seconds, error: null, seenSeq: seq });
        return;
      }
      if (existing.status === 'ringing') toAcknowledged(existing, by, seconds);
      // Our own acknowledgement is on its way, or someone else's crossed it: either way it is recorded.
      else if (existing.status === 'acknowledging') put({ ...existing, status: 'closed', acknowledgedBy: by, ackSeconds: seconds });
      else if (existing.status === 'acknowledged' && existing.acknowledgedBy === null && by !== null)
        put({ ...existing, acknowledgedBy: by, ackSeconds: seconds });
    },

    syncMarker: () => seq,

    reconcile(marker, pendingIds, complete) {
      if (!complete) return [];
      const gone = snapshot.filter((entry) => entry.status === 'ringing' && entry.seenSeq <= marker && !pendingIds.has(entry.id));
      for (const entry of gone) toAcknowledged(entry, null, null);
      return gone.map((entry) => entry.id);
    },

    close(id) {
      const entry = entries.get(id);
      if (!entry) return 'none';
      if (entry.status === 'ringing') {
        put({ ...entry, status: 'acknowledging', error: null });
        return 'acknowledge';
      }
      if (entry.status === 'acknowledged') {
        clearTimer(id);
        put({ ...entry, status: 'closed' });
        return 'dismissed';
      }
      return 'none';
    },

    ackDone(id) {
      const entry = entries.get(id);
      if (entry && entry.status !== 'closed') put({ ...entry, status: 'closed', error: null });
    },

    ackFailed(id, message) {
      const entry = entries.get(id);
      if (entry?.status === 'acknowledging') put({ ...entry, status: 'ringing', error: message });
    },

    reset() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      entries = new Map();
      snapshot = [];
      for (const listener of listeners) listener();
    },
  };
  return store;
}
