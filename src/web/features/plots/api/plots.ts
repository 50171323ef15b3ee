/**
 * Plot listings (/Plots; spec section 2 "Plots"), on the shared post API
 * (lib/post-api.ts):
 * - GET /api/plots?page&q[&after|&before] → {items: Plot[], total, totalExact}, 5 a page;
 * - POST /api/plots {type, payment, area, baths, rooms, phone, description, location, price,
 *   mediaIds} → 201 Plot (price in rupees); 400 with the spec's message (ZCreatePlot) and the field;
 * - DELETE /api/plots/:id.
 * Query keys `['plots', 'list', {}, page, q, cursor]`.
 */
import { ZPlot, type CreatePlot, type Plot } from '../../../../shared/contracts/posts';
import { createPostApi } from '../../../mechanisms/posts/post-api';

export const plots = createPostApi<Plot, CreatePlot>({ root: 'plots', path: '/api/plots', itemSchema: ZPlot });
