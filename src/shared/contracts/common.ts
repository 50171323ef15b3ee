import { z } from 'zod';

/**
 * The message of every text length limit ("At most 2000 characters."). Give it to each `.max()`:
 * a schema-level `{error}` (the "required" message) otherwise answers for the length check too.
 */
export function atMostChars(n: number): string {
  return `At most ${n} characters.`;
}

const PAGE_MSG = 'Page must be a whole number from 1 to 100000.';

const CURSOR_MSG = 'Not a valid list position.';
const ZCursor = z.coerce.number({ error: CURSOR_MSG }).int(CURSOR_MSG).positive(CURSOR_MSG).max(2_147_483_647, CURSOR_MSG).optional();

/**
 * The one pagination contract for every staff list (STYLE: documenso; ADR 0003). Lists are
 * newest first by id, 10 rows a page.
 * In: `page` (1-based, default 1), `q` (free-text search, trimmed, at most 100 chars), and an
 * optional keyset cursor for moving one page at a time: `after` = the `_id` of the last row of
 * page − 1, or `before` = the `_id` of the first row of page + 1 (`after` wins if both are sent).
 * Out: `{items, total, totalExact}`; `totalExact` false means `total` is a lower bound (a search
 * with more matches than the server counts).
 */
export const ZListQuery = z.object({
  page: z.coerce.number({ error: PAGE_MSG }).int(PAGE_MSG).min(1, PAGE_MSG).max(100_000, PAGE_MSG).default(1),
  q: z.string({ error: 'Search text must be text.' }).trim().max(100, atMostChars(100)).optional().default(''),
  after: ZCursor,
  before: ZCursor,
});
export type ListQuery = z.infer<typeof ZListQuery>;

/**
 * A resident's own list (resident API, issue 8): `page` and the keyset cursors of
 * {@link ZListQuery}, no search; newest first, 10 a page, `{items, total, totalExact}`.
 */
export const ZResidentListQuery = ZListQuery.pick({ page: true, after: true, before: true });
export type ResidentListQuery = z.infer<typeof ZResidentListQuery>;

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), totalExact: z.boolean() });
}
export interface ListResponse<T> {
  items: T[];
  total: number;
  totalExact: boolean;
}

const ID_MSG = 'Not a valid id.';
/** Numeric id in a URL path (`/:id`); anything else is a 400 naming `id`. */
export const ZIdParams = z.object({
  id: z.coerce.number({ error: ID_MSG }).int(ID_MSG).positive(ID_MSG).max(2_147_483_647, ID_MSG),
});

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
