import type { Logo } from '../../../shared/contracts/content.js';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { inSociety } from '../../db/society-scope.js';
import type { Clock } from '../../lib/clock.js';
import { BadRequestError } from '../../lib/errors.js';
import type { EventBus } from '../../lib/events.js';
import { recordAudit, staffActor } from '../audit/service.js';
import type { StaffContext } from '../auth/service.js';
import { mediaByIds, releaseMedia, resolveMedia } from '../media/service.js';
import type { ResidentContext } from '../resident-auth/service.js';
import { logoRepo } from './repo.js';

export interface LogoDeps {
  db: Db;
  clock: Clock;
  /** Hears 'society.logo': the realtime module tells every staff screen of the society. */
  bus: EventBus;
}

/**
 * The society's logo (spec sections 1 "logoId", 2 "Logo", 7 "Logo: update one fixed
 * document's logoId"), module 'logo', each call in the caller's society scope.
 * - `set`: the media must be an image uploaded by this society and used by nothing else (400
 *   naming `mediaId`: MSG.mediaUnknown, MSG.mediaNotImage); sets it as the logo, marks it used and
 *   releases the previous logo's media (the media job removes its files), with an audit row
 *   (from → to: the media ids), in one transaction; the society row is locked first, so two
 *   changes run one after another. After commit it emits 'society.logo', which the realtime
 *   module sends to every staff screen of the society ('society:logo' {logoUrl}). Setting the
 *   current logo again changes nothing but the audit row.
 * - `get`: the resident API's view: the logo's URLs, or null when none is set.
 */
export function logoService({ db, clock, bus }: LogoDeps) {
  return {
    async set(staff: StaffContext, mediaId: string): Promise<Logo> {
      const at = clock.now();
      const logo = await inSociety(db, staff.societyId, async (tx) => {
        const [media] = await resolveMedia(tx, staff.societyId, [mediaId], 'mediaId', 'image');
        if (!media) throw new Error('resolveMedia returned no media');
        const repo = logoRepo(tx);
        const previous = await repo.lockCurrent(staff.societyId);
        if (previous === undefined) throw new Error(`society ${staff.societyId} not visible in its own scope`);
        if (previous !== media.id) {
          // Not used by a post or announcement: deleting that would release the logo's files too.
          if (!(await repo.claimMedia(staff.societyId, media.id, at))) throw new BadRequestError(MSG.mediaUnknown, 'mediaId');
          await repo.set(staff.societyId, media.id);
          if (previous) await releaseMedia(tx, [previous], at);
        }
        await recordAudit(tx, {
          ...staffActor(staff),
          entity: 'logo',
          entityId: staff.societyId,
          action: 'set',
          fromStage: previous,
          toStage: media.id,
          at,
        });
        return media;
      });
      bus.emit('society.logo', { societyId: staff.societyId, logoUrl: logo.url });
      return { logo };
    },

    get(resident: ResidentContext): Promise<Logo> {
      return inSociety(db, resident.societyId, async (tx) => {
        const id = await logoRepo(tx).current(resident.societyId);
        return { logo: (id && (await mediaByIds(tx, [id])).get(id)) || null };
      });
    },
  };
}
export type LogoService = ReturnType<typeof logoService>;
