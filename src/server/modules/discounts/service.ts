import type { ListResponse } from '../../../shared/contracts/common.js';
import type { CreateDiscount, Discount, ResidentDiscountQuery } from '../../../shared/contracts/posts.js';
import type { discounts } from '../../db/schema.js';
import { postService, type PostDeps, type PostService } from '../../posts/service.js';
import type { ResidentContext } from '../resident-auth/service.js';
import { discountDefinition, inCategory } from './definition.js';

export type DiscountService = PostService<typeof discounts, CreateDiscount, Discount> & {
  /** `GET /api/resident/discounts?category=`: the resident's society's offers, of `category` only when given. */
  mineInCategory(resident: ResidentContext, req: ResidentDiscountQuery): Promise<ListResponse<Discount>>;
};

/** The discounts' service: the post mechanism with the discount definition (see posts/service.ts), and the residents' category filter. */
export function discountService(deps: PostDeps): DiscountService {
  const posts = postService(discountDefinition, deps);
  return {
    ...posts,
    mineInCategory: (resident, req) => posts.mine(resident, req, req.category ? inCategory(req.category) : undefined),
  };
}
