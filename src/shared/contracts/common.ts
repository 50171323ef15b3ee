import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';

/**
 * The one pagination contract for every staff list (STYLE: documenso).
 * In: `page` (1-based, default 1) and `q` (free-text search, trimmed, at most 100 chars).
 * Out: `{items, total}` where `total` counts all matches, not just this page.
 */
export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  q: z.string().trim().max(100).optional().default(''),
});
export type ListQuery = z.infer<typeof ZListQuery>;

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}
export interface ListResponse<T> {
  items: T[];
  total: number;
}
export const LIST_PAGE_SIZE = PAGE_SIZE;

/** Numeric id in a URL path (`/:id`); anything else is a 400 naming `id`. */
export const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Every 4xx/5xx body: `message` is user-facing, `field` names the input at fault when there is one. */
export const ZErrorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ZErrorBody>;

/** Resident details shown on desks (names follow spec section 3's grocery request fields). */
export const ZResidentCard = z.object({
  residentId: z.string().describe('Society resident id, e.g. GV0001'),
  name: z.string(),
  phoneNo: z.string(),
  address: z.string(),
  email: z.string(),
  age: z.number().int().nullable(),
  designation: z.string(),
  owner: z.boolean(),
  fname: z.string().describe('Father name'),
  fPhoneNo: z.string(),
  fmName: z.string().describe('First family member'),
  fmphoneNo: z.string(),
  fmName1: z.string().describe('Second family member'),
  fmphoneNo1: z.string(),
});
export type ResidentCard = z.infer<typeof ZResidentCard>;

/** One audit trail entry: who did what, when, from which stage to which. */
export const ZAuditEntry = z.object({
  action: z.string(),
  actorName: z.string(),
  fromStage: z.string().nullable(),
  toStage: z.string().nullable(),
  at: z.string().describe('ISO 8601 timestamp'),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;
