import type { CreatePlot, Plot } from '../../../shared/contracts/posts.js';
import { PUSH } from '../../../shared/messages.js';
import { plots } from '../../db/schema.js';
import { mediaList, type PostDefinition } from '../../posts/definition.js';

/**
 * Plot and property listings (/Plots; spec sections 2 "Plots", 3 "Plot", 5, 9): type, payment,
 * area, baths and rooms 1–6, an 11-digit phone, description, location, a price in rupees > 0
 * (numeric(14,2), read back as a number) and 1–5 images (videos refused). Staff of 'plots'
 * (plots, cms-all).
 */
export const plotDefinition: PostDefinition<typeof plots, CreatePlot, Plot> = {
  entity: 'plot',
  module: 'plots',
  table: plots,
  searchColumns: [plots.type, plots.payment, plots.area, plots.phone, plots.description, plots.location],
  mediaFields: (body) => [{ field: 'mediaIds', ids: body.mediaIds, kind: 'image' }],
  toRow: (body) => ({
    type: body.type,
    payment: body.payment,
    area: body.area,
    baths: body.baths,
    rooms: body.rooms,
    phone: body.phone,
    description: body.description,
    location: body.location,
    // The contract allows at most 2 decimals, so the numeric's text is exact.
    price: body.price.toFixed(2),
    mediaIds: [...new Set(body.mediaIds)],
  }),
  mediaIdsOf: (row) => row.mediaIds,
  toDto: (row, societyName, media) => ({
    _id: row.id,
    societyName,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    payment: row.payment,
    area: row.area,
    baths: row.baths,
    rooms: row.rooms,
    phone: row.phone,
    description: row.description,
    location: row.location,
    price: Number(row.price),
    media: mediaList(row.mediaIds, media),
  }),
  push: PUSH.plotPosted,
  pushItem: 'plot',
};
