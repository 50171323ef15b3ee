/**
 * Discount offers (/Discounts; spec section 2 "Discounts"), on the shared post API
 * (lib/post-api.ts):
 * - GET /api/discounts?page&q[&after|&before] → {items: Discount[], total, totalExact}, 5 a page;
 * - POST /api/discounts {brandName, branch, logoMediaId, mediaId, description, discount, category}
 *   → 201 Discount; 400 with the spec's message (ZCreateDiscount) and the field at fault;
 * - DELETE /api/discounts/:id.
 * Query keys `['discounts', 'list', {}, page, q, cursor]`.
 */
import { ZDiscount, type CreateDiscount, type Discount } from '../../../../shared/contracts/posts';
import { createPostApi } from '../../../mechanisms/posts/post-api';

export const discounts = createPostApi<Discount, CreateDiscount>({ root: 'discounts', path: '/api/discounts', itemSchema: ZDiscount });
