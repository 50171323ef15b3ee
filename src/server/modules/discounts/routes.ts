import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCreateDiscount, ZDiscount, ZDiscountList } from '../../../shared/contracts/posts.js';
import { residentScope, staffScope } from '../../plugins/auth.js';
import { residentPostRoute, staffPostRoutes } from '../../posts/routes.js';
import type { AuthService } from '../auth/service.js';
import type { ResidentAuthService } from '../resident-auth/service.js';
import type { DiscountService } from './service.js';

interface Opts {
  auth: AuthService;
  residentAuth: ResidentAuthService;
  discounts: DiscountService;
}

/**
 * Discount offers (spec sections 2 "Discounts", 5, 6): staff of 'discounts' (discounts,
 * cms-all) list, add and delete them under /api/discounts; residents read their society's.
 */
export const discountRoutes: FastifyPluginAsyncZod<Opts> = async (root, { auth, residentAuth, discounts }) => {
  await root.register(staffScope(auth, 'discounts', (app) => {
    staffPostRoutes(app, { path: '/api/discounts', tag: 'discounts', what: 'discount', body: ZCreateDiscount, item: ZDiscount, list: ZDiscountList, service: discounts });
  }));
  await root.register(residentScope(residentAuth, (app) => {
    residentPostRoute(app, { path: '/api/resident/discounts', what: 'discount', list: ZDiscountList, read: discounts.mine });
  }));
};
