/**
 * SOS drills: each screen (browser tab) tells the server when its siren really started for a
 * drill's alarm — POST /api/security/drills/:id/rang {screen, ringMs} — so the drill's report
 * shows which screens rang and how fast. `screen` is a random id kept for the tab's life
 * (sessionStorage); `ringMs` runs from the alarm reaching this page to the siren playing. Once
 * per drill; a failed report is not retried (the drill itself never depends on it).
 */
import { api } from '../../../lib/api-client';
import type { SirenSnapshot } from './alarm-sound';
import type { AlarmEntry } from './alarm-store';

const SCREEN_KEY = 'sd-screen-id';

function screenId(): string {
  try {
    let id = sessionStorage.getItem(SCREEN_KEY);
    if (!id) sessionStorage.setItem(SCREEN_KEY, (id = `tab-${Math.random().toString(36).slice(2, 12)}`));
    return id;
  } catch {
    return 'tab-unknown';
  }
}

/** Call with the alarm store's entries and the siren's state on every change of either. */
export function createDrillRang(now = () => performance.now()) {
  const heardAt = new Map<number, number>();
  const reported = new Set<number>();
  return (entries: readonly AlarmEntry[], sound: Pick<SirenSnapshot, 'state' | 'context'>): void => {
    for (const { alert, status } of entries) {
      const drillId = alert?.drill ? alert.drillId : null;
      if (drillId === null || drillId === undefined || reported.has(drillId)) continue;
      if (!heardAt.has(drillId)) heardAt.set(drillId, now());
      if (status !== 'ringing' || sound.state !== 'playing') continue;
      reported.add(drillId);
      const ringMs = Math.round(now() - heardAt.get(drillId)!);
      api.post(`/api/security/drills/${drillId}/rang`, { screen: screenId(), ringMs }).catch(() => undefined);
    }
  };
}
