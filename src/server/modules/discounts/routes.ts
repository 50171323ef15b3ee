import {
  DISCOUNT_CATEGORIES,
  ZCreateDiscount,
  ZDiscount,
  ZDiscountCategoryList,
  ZDiscountList,
  ZResidentDiscountQuery,
} from '../../../shared/contracts/posts.js';
import { residentOf, residentScope, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import { residentDocs } from '../../lib/route-docs.js';
import { residentPostRoutes, staffPostRoutes } from '../../posts/routes.js';
import type { DiscountService } from './service.js';
import type { ExportDeps } from '../../lib/export-route.js';
import { discountExportColumns } from './export-columns.js';

/**
 * Discount offers (spec sections 2 "Discounts", 5, 6): staff of 'discounts' (discounts,
 * cms-all) list, add and delete them under /api/discounts; residents read their society's.
 */
export const discountRoutes: ModuleRoutes<{ discounts: DiscountService; exportDeps: ExportDeps }> = async (
  root,
  { auth, residentAuth, discounts, exportDeps },
) => {
  await staffScope(root, auth, 'discounts', (app) => {
    staffPostRoutes(app, {
      path: '/api/discounts',
      tag: 'discounts',
      what: 'discount',
      body: ZCreateDiscount,
      item: ZDiscount,
      list: ZDiscountList,
      service: discounts,
      exports: { deps: exportDeps, entity: 'discount', name: 'discounts', columns: discountExportColumns },
    });
  });
  await residentScope(root, residentAuth, (app) => {
    app.get('/api/resident/discounts/categories', {
      schema: residentDocs(
        `The discount categories (${DISCOUNT_CATEGORIES.join(', ')}) with how many offers of the resident's society each holds now (0 included): the list's category filter`,
        {},
        { 200: ZDiscountCategoryList },
      ),
      handler: (req) => discounts.categories(residentOf(req)),
    });
    residentPostRoutes(app, {
      path: '/api/resident/discounts',
      what: 'discount',
      list: ZDiscountList,
      item: ZDiscount,
      query: ZResidentDiscountQuery,
      queryNote: `; ?category= keeps one category (${DISCOUNT_CATEGORIES.join(', ')}; 400 naming \`category\` for any other)`,
      read: discounts.mineInCategory,
      readOne: discounts.mineOne,
    });
  });
};
