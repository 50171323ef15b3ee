import type { ListResponse } from '../../../shared/contracts/common.js';
import type { VideoPanelEntry } from '../../../shared/contracts/content.js';
import type { Db } from '../../db/client.js';
import { inSociety } from '../../db/society-scope.js';
import type { Clock } from '../../lib/clock.js';
import type { PageRequest } from '../../lib/list-page.js';
import { recordAudit, staffActor } from '../audit/service.js';
import type { StaffContext } from '../auth/service.js';
import type { ResidentContext } from '../resident-auth/service.js';
import { videoPanelRepo, type VideoPanelRow } from './repo.js';

export interface VideoPanelDeps {
  db: Db;
  clock: Clock;
}

function toEntry(row: VideoPanelRow): VideoPanelEntry {
  return { _id: row.id, url: row.url, createdAt: row.createdAt.toISOString() };
}

/**
 * The video panel (spec sections 2 "Video panel", 3 "Video panel entry", 7 "VideoPanel:
 * add"), module 'videoPanel' (sub-roles button-five and super-admin), each call in the caller's
 * society scope (row-level security).
 * - `set`: stores the URL (already checked by ZSetVideoPanel: http/https only) as a new entry with
 *   its audit row; earlier entries are kept with their time;
 * - `list`: the society's entries, newest (the current one) first, 10 a page;
 * - `current`: the resident API's view: the newest entry, or null.
 */
export function videoPanelService({ db, clock }: VideoPanelDeps) {
  return {
    async set(staff: StaffContext, url: string): Promise<VideoPanelEntry> {
      const at = clock.now();
      return inSociety(db, staff.societyId, async (tx) => {
        const row = await videoPanelRepo(tx).insert({ societyId: staff.societyId, url, createdBy: staff.id, createdAt: at });
        await recordAudit(tx, {
          ...staffActor(staff),
          entity: 'video-panel',
          entityId: row.id,
          action: 'set',
          at,
        });
        return toEntry(row);
      });
    },

    async list(staff: StaffContext, req: PageRequest): Promise<ListResponse<VideoPanelEntry>> {
      const page = await inSociety(db, staff.societyId, (tx) => videoPanelRepo(tx).page(staff.societyId, req));
      return { ...page, items: page.items.map(toEntry) };
    },

    async current(resident: ResidentContext): Promise<{ current: VideoPanelEntry | null }> {
      const row = await inSociety(db, resident.societyId, (tx) => videoPanelRepo(tx).latest(resident.societyId));
      return { current: row ? toEntry(row) : null };
    },
  };
}
export type VideoPanelService = ReturnType<typeof videoPanelService>;
