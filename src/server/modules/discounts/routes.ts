import { ZCreateDiscount, ZDiscount, ZDiscountList } from '../../../shared/contracts/posts.js';
import { residentScope, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import { residentPostRoute, staffPostRoutes } from '../../posts/routes.js';
import type { DiscountService } from './service.js';

/**
 * Discount offers (spec sections 2 "Discounts", 5, 6): staff of 'discounts' (discounts,
 * cms-all) list, add and delete them under /api/discounts; residents read their society's.
 */
export const discountRoutes: ModuleRoutes<{ discounts: DiscountService }> = async (root, { auth, residentAuth, discounts }) => {
  await staffScope(root, auth, 'discounts', (app) => {
    staffPostRoutes(app, {
      path: '/api/discounts',
      tag: 'discounts',
      what: 'discount',
      body: ZCreateDiscount,
      item: ZDiscount,
      list: ZDiscountList,
      service: discounts,
    });
  });
  await residentScope(root, residentAuth, (app) => {
    residentPostRoute(app, { path: '/api/resident/discounts', what: 'discount', list: ZDiscountList, read: discounts.mine });
  });
};
