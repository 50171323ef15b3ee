import type { CreateDiscount, Discount } from '../../../shared/contracts/posts.js';
import type { discounts } from '../../db/schema.js';
import { postService, type PostDeps, type PostService } from '../../posts/service.js';
import { discountDefinition } from './definition.js';

export type DiscountService = PostService<typeof discounts, CreateDiscount, Discount>;

/** The discounts' service: the post mechanism with the discount definition (see posts/service.ts). */
export function discountService(deps: PostDeps): DiscountService {
  return postService(discountDefinition, deps);
}
