import { z } from 'zod';
import { ZAuditEntry, ZResidentCard, atMostChars, listResponse } from './common.js';
import { ZDeskListQuery, ZOverdueSince, ZProceed, ZStage, ZSubmit } from './desk.js';

/**
 * A complaint as staff see it (spec section 3 "Complaint"; states in section 4).
 * Times are ISO 8601 strings; the browser formats them as the spec's date and time.
 * `complainStatus`, `status` and `edit` are derived from `stage` for compatibility with the
 * spec's field meanings: new → edit false; processing → 'pending', status false;
 * completed → 'completed', status true.
 */
export const ZComplaint = z.object({
  _id: z.number().int(),
  complain: z.string(),
  response: z.string().nullable(),
  stage: ZStage,
  complainStatus: z.enum(['new', 'pending', 'completed']),
  status: z.boolean(),
  edit: z.boolean(),
  pressedTime: z.string().describe('Filed at'),
  pressedTime1: z.string().nullable().describe('Proceeded at'),
  pressedTime2: z.string().nullable().describe('Completed at'),
  societyName: z.string(),
  resident: ZResidentCard,
  overdueSince: ZOverdueSince,
});
export type Complaint = z.infer<typeof ZComplaint>;

export const ZComplaintList = listResponse(ZComplaint);
export const ZComplaintListQuery = ZDeskListQuery.extend({ stage: ZStage.default('new') });
export type ComplaintListQuery = z.infer<typeof ZComplaintListQuery>;

export const ZComplaintDetail = ZComplaint.extend({ history: z.array(ZAuditEntry) });
export type ComplaintDetail = z.infer<typeof ZComplaintDetail>;

/** PUT /api/complain/:id */
export const ZComplaintUpdate = z.discriminatedUnion('action', [ZProceed, ZSubmit]);
export type ComplaintUpdate = z.infer<typeof ZComplaintUpdate>;

/** POST /api/complain (resident API): 1 to 2000 characters after trimming. */
export const ZFileComplaint = z.object({
  complain: z.string({ error: 'Please describe the complaint.' }).trim().min(1, 'Please describe the complaint.').max(2000, atMostChars(2000)),
});
