import { z } from 'zod';

const ID_MSG = 'Not a valid id.';

/**
 * The message of every text length limit ("At most 2000 characters."). Give it to each `.max()`:
 * a schema-level `{error}` (the "required" message) otherwise answers for the length check too.
 */
export function atMostChars(n: number): string {
  return `At most ${n} characters.`;
}

/** The largest id (PostgreSQL `integer`/`serial`). */
export const MAX_ID = 2_147_483_647;

/**
 * A whole number sent as text (a path segment or a query parameter) → a number in `min..max`.
 * Only plain decimal digits are accepted: '0x10', '1e2', ' 7 ', '+7', '7.0' and '' are refused
 * with `message` (Number() and z.coerce would read the first two as 16 and 100). Leading zeros
 * are plain digits ('007' is 7). Ten digits at most before the range check, so no huge string is
 * converted.
 */
export function zDigits(min: number, max: number, message: string) {
  return z
    .string({ error: message })
    .regex(/^[0-9]{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/** An id in a path or query string: plain decimal digits, 1 to {@link MAX_ID}; anything else is a 400 with `message`. */
export function zIdText(message = ID_MSG) {
  return zDigits(1, MAX_ID, message);
}

/**
 * An id in a JSON body: a JSON integer, 1 to {@link MAX_ID} (a string, even '16', is refused with
 * `message`: JSON bodies carry numbers as numbers).
 */
export function zId(message = ID_MSG) {
  return z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
}

const PAGE_MSG = 'Page must be a whole number from 1 to 100000.';
/** A 1-based page number in a query string (plain digits, 1–100,000; default 1). */
export const ZPage = zDigits(1, 100_000, PAGE_MSG).default(1);

const CURSOR_MSG = 'Not a valid list position.';
const ZCursor = zIdText(CURSOR_MSG).optional();

/** The free text of a list's search: trimmed, at most 100 characters. */
const ZSearchText = z.string({ error: 'Search text must be text.' }).trim().max(100, atMostChars(100));

/**
 * The one list query (STYLE: documenso; ADR 0003), the same for every list: newest first by id,
 * 10 rows a page unless the screen's spec says otherwise (posts 5, the alarm inbox 100).
 * - `page`: 1-based, default 1;
 * - `q`: free-text search, trimmed, at most 100 chars ('' = none; lists without a search ignore it);
 * - `after`: the `_id` of the last row of page − 1 (the answer's `nextAfter`), moving forward;
 * - `before`: the `_id` of the first row of page + 1 (the answer's `prevBefore`), moving back.
 * `after` wins if both are sent. Ids are plain decimal digits (400 naming the field otherwise).
 */
export const ZListQuery = z.object({
  page: ZPage,
  q: ZSearchText.optional().default(''),
  after: ZCursor,
  before: ZCursor,
});
export type ListQuery = z.infer<typeof ZListQuery>;

/**
 * A resident's own list (resident API): `page` and the keyset cursors of {@link ZListQuery}, no
 * search; newest first, 10 a page, the list response.
 */
export const ZResidentListQuery = ZListQuery.pick({ page: true, after: true, before: true });
export type ResidentListQuery = z.infer<typeof ZResidentListQuery>;

/**
 * A resident search (the /Status lists, /Billing's and the notification panel's resident pickers):
 * {@link ZListQuery}, `q` being the start of the resident's full name. `name` is its former name,
 * still read for one release (docs/spec-deviations.md): used when `q` is empty.
 * @param opts.required the search must not be empty (400 'Enter a name.' naming `q`)
 */
export function residentSearchQuery(opts: { required?: boolean } = {}) {
  return ZListQuery.extend({ name: z.string({ error: 'Name must be text.' }).trim().max(100, atMostChars(100)).optional() })
    .transform(({ name, ...query }) => ({ ...query, q: query.q || (name ?? '') }))
    .refine((query) => !opts.required || query.q !== '', { message: 'Enter a name.', path: ['q'] });
}

/**
 * The one list response: `items` (newest first), `total` (`totalExact` false: a lower bound, a
 * search with more matches than the server counts), and the cursors of the pages next to this
 * one: `nextAfter` (send as `after`) and `prevBefore` (send as `before`), null when there is none.
 */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    totalExact: z.boolean(),
    nextAfter: z.number().int().nullable().describe('`after` of the next (older) page; null on the last page'),
    prevBefore: z.number().int().nullable().describe('`before` of the previous (newer) page; null on the first page'),
  });
}
/** The TypeScript shape of {@link listResponse}. */
export interface ListResponse<T> {
  items: T[];
  total: number;
  totalExact: boolean;
  nextAfter: number | null;
  prevBefore: number | null;
}

/**
 * A resident code in a JSON body or query ('GV0001': the society's letters, then digits; at most
 * 40 characters, trimmed): what `residentId` means everywhere in the API. A row id (`_id`) or
 * plain digits are refused with `message`.
 */
export function zResidentCode(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(40, atMostChars(40))
    .regex(/^[A-Za-z]+[0-9]+$/, message);
}

/** Numeric id in a URL path (`/:id`): plain decimal digits ({@link zIdText}); anything else is a 400 naming `id`. */
export const ZIdParams = z.object({ id: zIdText() });

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
