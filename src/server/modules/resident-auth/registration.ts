import { hashPassword } from '../../lib/password.js';
import {
  SOCIETY_NAMES_PAGE_SIZE,
  type RegisterResident,
  type RegisterResponse,
  type SocietyNameList,
  type SocietyNamesQuery,
} from '../../../shared/contracts/residents-admin.js';
import { MSG } from '../../../shared/messages.js';
import type { Clock } from '../../lib/clock.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { ResidentAuthRepo, ResidentContext } from './repo.js';
import { violatedUnique } from '../../db/pg-errors.js';
import { registrationRepo } from './registration-repo.js';

/**
 * Tries at a free resident id when concurrent registrations pick the same one. Each collision
 * means another registration of the prefix has committed, so n registrations racing for one prefix
 * all succeed within n tries; past this many the caller is asked to try again (409), never a 500.
 */
const CODE_ATTEMPTS = 25;

/** A resident id: the prefix and the number, at least 4 digits (GV0057, GV12345). */
export function formatCode(prefix: string, n: number): string {
  return prefix + String(n).padStart(4, '0');
}

/**
 * Self-registration and the device push token.
 * Reads that span societies run on the owner connection (`repo.registration`); the insert and its
 * audit row run in one society-scoped transaction (`repo.inSociety`).
 */
export function registrationService({ repo: authRepo, clock }: { repo: ResidentAuthRepo; clock: Clock }) {
  const repo = authRepo.registration;
  return {
    /**
     * Registers a resident as 'Pending' with a generated resident id, unique across societies
     * (the society's code, e.g. GV, and the highest number of that prefix + 1; on a concurrent collision, the next try reads
     * again). The password is stored as an argon2id hash.
     * @throws 400 naming `societyName` for an unknown society; 409 when the phone is registered, or
     *   (`residentRegistrationBusy`) when more than CODE_ATTEMPTS registrations of one prefix race.
     */
    async register(input: RegisterResident): Promise<RegisterResponse> {
      const society = await repo.societyByName(input.societyName);
      if (!society) throw new BadRequestError(MSG.residentUnknownSociety, 'societyName');
      if (await repo.phoneTaken(input.phone)) throw new ConflictError(MSG.residentPhoneTaken);
      const passwordHash = await hashPassword(input.password);
      const prefix = society.code;
      for (let attempt = 1; ; attempt++) {
        const residentCode = formatCode(prefix, (await repo.highestCodeNumber(prefix)) + 1);
        try {
          await authRepo.inSociety(society.id, async (tx) => {
            const id = await registrationRepo(tx).insert(society.id, {
              residentCode,
              name: input.name,
              phone: input.phone,
              passwordHash,
              email: input.email ?? '',
              age: input.age ?? null,
              house: input.house,
              street: input.street,
              block: input.block,
              fatherName: input.fatherName ?? '',
              fatherPhone: input.fatherPhone ?? '',
              fm1Name: input.fm1Name ?? '',
              fm1Phone: input.fm1Phone ?? '',
              fm2Name: input.fm2Name ?? '',
              fm2Phone: input.fm2Phone ?? '',
            });
            await recordAudit(tx, {
              societyId: society.id,
              actorKind: 'resident',
              actorId: id,
              actorName: input.name,
              entity: 'resident',
              entityId: id,
              action: 'register',
              fromStage: null,
              toStage: 'Pending',
              at: clock.now(),
            });
          });
          return { residentID: residentCode, status: 'Pending' };
        } catch (error) {
          const constraint = violatedUnique(error);
          if (constraint === 'residents_phone_unique') throw new ConflictError(MSG.residentPhoneTaken);
          if (constraint === 'residents_resident_code_unique') {
            if (attempt < CODE_ATTEMPTS) continue;
            throw new ConflictError(MSG.residentRegistrationBusy);
          }
          throw error;
        }
      }
    },
    /**
     * GET /api/societies (public): the registration picker's page of society names, A to Z,
     * SOCIETY_NAMES_PAGE_SIZE a page, searched by a part of the name. Names only: nothing else of
     * a society leaves the server here.
     */
    async societyNames(query: SocietyNamesQuery): Promise<SocietyNameList> {
      const { names, total } = await repo.societyNames(query.q, query.page, SOCIETY_NAMES_PAGE_SIZE);
      return { items: names.map((name) => ({ name })), total, totalExact: true, nextAfter: null, prevBefore: null };
    },
    /** Stores the device's push token (PUT /api/resident/push-token); a Pending resident may too. @throws 404 if the account is gone. */
    async setPushToken(resident: ResidentContext, token: string): Promise<void> {
      const ok = await authRepo.inSociety(resident.societyId, (tx) => registrationRepo(tx).setPushToken(resident.societyId, resident.id, token));
      if (!ok) throw new NotFoundError();
    },
  };
}
export type RegistrationService = ReturnType<typeof registrationService>;
