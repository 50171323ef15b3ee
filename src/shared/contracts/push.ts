/**
 * What a push message (spec section 7) tells the resident app besides its title and body: the item
 * it is about, so a tap opens that item. FCM sends `data` as string values only, so every value
 * here is text.
 */
import { z } from 'zod';

/**
 * The kinds of item a push is about, each found by its `_id` in one resident API list, and opened
 * alone by `GET <that list>/{id}` (the list's item shape; 404 for anyone else's):
 * - `bill`: `GET /api/resident/bills`;
 * - `order`: a grocery request (with its order), `GET /api/resident/orders`;
 * - `consultation`: a doctor request, `GET /api/resident/consultations`;
 * - `complaint`, `alarm`, `nothome`: `GET /api/resident/complaints`, `/alarms`, `/nothome`;
 * - `post`, `discount`, `plot`: `GET /api/resident/feed`, `/discounts`, `/plots`;
 * - `announcement`: `GET /api/resident/announcements`;
 * - `message`: a notification-panel message, whose in-app record in
 *   `GET /api/resident/notifications` has `refEntity` 'notification_campaign' and `refId` = `id`;
 *   `GET /api/resident/messages/{id}` opens that record.
 */
export const ZPushItemType = z.enum(['bill', 'order', 'consultation', 'complaint', 'alarm', 'nothome', 'post', 'discount', 'plot', 'announcement', 'message']);
export type PushItemType = z.infer<typeof ZPushItemType>;

/**
 * A push's `data`: `type` and `id` (the item's `_id` as decimal text) name the item the push
 * opens; `documentId` is the same id under its earlier name, still sent for app versions that
 * read it.
 */
export const ZPushData = z.object({
  type: ZPushItemType,
  id: z.string().describe("the item's _id, decimal digits"),
  documentId: z.string().describe('= id (its earlier name)'),
});
export type PushData = z.infer<typeof ZPushData>;

/** The `data` of a push about item `id` (a row id) of kind `type`: `{type, id, documentId}`, all text. */
export function pushData(type: PushItemType, id: number): PushData {
  const text = String(id);
  return { type, id: text, documentId: text };
}
