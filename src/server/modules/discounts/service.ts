import type { ListResponse } from '../../../shared/contracts/common.js';
import {
  DISCOUNT_CATEGORIES,
  type CreateDiscount,
  type Discount,
  type DiscountCategoryList,
  type ResidentDiscountQuery,
} from '../../../shared/contracts/posts.js';
import { inSociety } from '../../db/society-scope.js';
import { discountRepo } from './repo.js';
import type { discounts } from '../../db/schema.js';
import { postService, type PostDeps, type PostService } from '../../posts/service.js';
import type { ResidentContext } from '../resident-auth/service.js';
import { discountDefinition, inCategory } from './definition.js';

export type DiscountService = PostService<typeof discounts, CreateDiscount, Discount> & {
  /** `GET /api/resident/discounts?category=`: the resident's society's offers, of `category` only when given. */
  mineInCategory(resident: ResidentContext, req: ResidentDiscountQuery): Promise<ListResponse<Discount>>;
  /**
   * `GET /api/resident/discounts/categories`: every category (DISCOUNT_CATEGORIES' order) with how
   * many of the resident's society's offers it holds now, read as the society (row-level security).
   */
  categories(resident: ResidentContext): Promise<DiscountCategoryList>;
};

/** The discounts' service: the post mechanism with the discount definition (see posts/service.ts), and the residents' category filter. */
export function discountService(deps: PostDeps): DiscountService {
  const posts = postService(discountDefinition, deps);
  return {
    ...posts,
    mineInCategory: (resident, req) => posts.mine(resident, req, req.category ? inCategory(req.category) : undefined),
    async categories(resident) {
      const counts = await inSociety(deps.db, resident.societyId, (tx) => discountRepo(tx).categoryCounts(resident.societyId));
      const items = DISCOUNT_CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 }));
      return { items, total: items.length, totalExact: true, nextAfter: null, prevBefore: null };
    },
  };
}
