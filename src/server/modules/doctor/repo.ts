import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PrescriptionInput } from '../../../shared/contracts/doctor.js';
import type { Db } from '../../db/client.js';
import { consultations, staffUsers } from '../../db/schema.js';

/** A consultation row with the prescribing staff member's name (null until prescribed). */
export type ConsultationRow = typeof consultations.$inferSelect & { prescribedByName: string | null };

/**
 * Queries of `consultations` (one row per doctor request, `request_id` = the request's id). Every
 * call takes the society id; callers run inside `inSociety`, so RLS hides other societies too.
 */
export function consultationRepo(db: Db) {
  const select = () =>
    db
      .select({
        requestId: consultations.requestId,
        societyId: consultations.societyId,
        meetingId: consultations.meetingId,
        description: consultations.description,
        linkGeneratedAt: consultations.linkGeneratedAt,
        linkGeneratedBy: consultations.linkGeneratedBy,
        readyNotifiedAt: consultations.readyNotifiedAt,
        disease: consultations.disease,
        medicine: consultations.medicine,
        testNeeded: consultations.testNeeded,
        thingsToDo: consultations.thingsToDo,
        prescribedAt: consultations.prescribedAt,
        prescribedBy: consultations.prescribedBy,
        prescribedByName: staffUsers.name,
      })
      .from(consultations)
      .leftJoin(staffUsers, eq(staffUsers.id, consultations.prescribedBy));

  return {
    /**
     * The consultation made when staff generate the link. `on conflict do nothing`: a second,
     * concurrent link generation for the same request waits for the first to commit and then
     * inserts nothing. @returns false when the request already has a consultation.
     */
    async insert(row: { requestId: number; societyId: number; meetingId: string; description: string; at: Date; by: number }): Promise<boolean> {
      const made = await db
        .insert(consultations)
        .values({
          requestId: row.requestId,
          societyId: row.societyId,
          meetingId: row.meetingId,
          description: row.description,
          linkGeneratedAt: row.at,
          linkGeneratedBy: row.by,
        })
        .onConflictDoNothing({ target: consultations.requestId })
        .returning({ id: consultations.requestId });
      return made.length === 1;
    },
    /** The consultations of these request ids in the society, by request id (one query). */
    async byRequestIds(societyId: number, ids: readonly number[]): Promise<Map<number, ConsultationRow>> {
      if (ids.length === 0) return new Map();
      const rows = await select().where(and(eq(consultations.societyId, societyId), inArray(consultations.requestId, [...ids])));
      return new Map(rows.map((r) => [r.requestId, r]));
    },
    async get(societyId: number, id: number): Promise<ConsultationRow | undefined> {
      const [row] = await select().where(and(eq(consultations.societyId, societyId), eq(consultations.requestId, id)));
      return row;
    },
    /**
     * Writes the prescription once (compare-and-set on `prescribed_at is null`, so a second save
     * or a concurrent one changes nothing). @returns false if it was already written.
     */
    async prescribe(societyId: number, id: number, p: PrescriptionInput, at: Date, by: number): Promise<boolean> {
      const done = await db
        .update(consultations)
        .set({ ...p, prescribedAt: at, prescribedBy: by })
        .where(and(eq(consultations.societyId, societyId), eq(consultations.requestId, id), isNull(consultations.prescribedAt)))
        .returning({ id: consultations.requestId });
      return done.length === 1;
    },
    /**
     * Marks 'Doctor is ready for meeting' as sent, once: only while not yet marked and not yet
     * prescribed (compare-and-set). @returns true for the one call that marked it.
     */
    async markReady(societyId: number, id: number, at: Date): Promise<boolean> {
      const done = await db
        .update(consultations)
        .set({ readyNotifiedAt: at })
        .where(
          and(
            eq(consultations.societyId, societyId),
            eq(consultations.requestId, id),
            isNull(consultations.readyNotifiedAt),
            isNull(consultations.prescribedAt),
          ),
        )
        .returning({ id: consultations.requestId });
      return done.length === 1;
    },
  };
}
export type ConsultationRepo = ReturnType<typeof consultationRepo>;
