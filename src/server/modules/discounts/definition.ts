import type { CreateDiscount, Discount } from '../../../shared/contracts/posts.js';
import { PUSH } from '../../../shared/messages.js';
import { eq, type SQL } from 'drizzle-orm';
import { discounts } from '../../db/schema.js';
import { missingMedia, type PostDefinition } from '../../posts/definition.js';

/**
 * Discount offers from local brands (/Discounts; spec sections 2 "Discounts", 3 "Discount", 5, 9):
 * brand, branch, one logo (an image), one media (image or video), description, a percent 5–90 in
 * steps of 5 and a category. Staff of 'discounts' (discounts, cms-all).
 */
export const discountDefinition: PostDefinition<typeof discounts, CreateDiscount, Discount> = {
  entity: 'discount',
  module: 'discounts',
  table: discounts,
  searchColumns: [discounts.brandName, discounts.branch, discounts.description, discounts.category],
  // The logo first: a body whose logo and media are both bad is refused for the logo.
  mediaFields: (body) => [
    { field: 'logoMediaId', ids: [body.logoMediaId], kind: 'image' },
    { field: 'mediaId', ids: [body.mediaId], kind: 'any' },
  ],
  toRow: (body) => ({
    brandName: body.brandName,
    branch: body.branch,
    logoMediaId: body.logoMediaId,
    mediaId: body.mediaId,
    description: body.description,
    discount: body.discount,
    category: body.category,
  }),
  mediaIdsOf: (row) => [row.logoMediaId, row.mediaId],
  toDto: (row, societyName, media) => ({
    _id: row.id,
    societyName,
    createdAt: row.createdAt.toISOString(),
    brandName: row.brandName,
    branch: row.branch,
    logo: media.get(row.logoMediaId) ?? missingMedia(row.logoMediaId),
    media: media.get(row.mediaId) ?? missingMedia(row.mediaId),
    description: row.description,
    discount: row.discount,
    category: row.category,
  }),
  push: PUSH.discountPosted,
  pushItem: 'discount',
};

/** The resident list's category filter (`?category=`): offers of that category only. */
export const inCategory = (category: string): SQL => eq(discounts.category, category);
