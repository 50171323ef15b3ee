import { z } from 'zod';
import { ZIdParams, ZResidentListQuery, type ListQuery, type ListResponse } from '../../shared/contracts/common.js';
import { ZPostListQuery } from '../../shared/contracts/posts.js';
import { residentOf, staffOf, type ZodApp } from '../plugins/auth.js';
import type { StaffContext } from '../modules/auth/service.js';
import type { ResidentContext } from '../modules/resident-auth/service.js';
import type { PageRequest } from '../lib/list-page.js';
import { residentDocs, routeDocs } from '../lib/route-docs.js';
import { batchQuery, exportRoute, type ExportDeps } from '../lib/export-route.js';
import type { ExportColumn } from '../lib/list-export.js';

/** What the staff routes of one kind of post need (a PostService fits). */
export interface StaffPostApi<Body, Dto> {
  list(staff: StaffContext, query: ListQuery): Promise<ListResponse<Dto>>;
  /** The caller's own society's posts only (the export, even under SUPER_SOCIETY). */
  listOwn(staff: StaffContext, query: ListQuery & Pick<PageRequest, 'size'>): Promise<ListResponse<Dto>>;
  create(staff: StaffContext, body: Body): Promise<Dto>;
  remove(staff: StaffContext, id: number): Promise<void>;
}

/**
 * The three staff routes of a kind of post, registered inside its module's `staffScope`:
 * `GET <path>?page=&q=` (5 a page, newest first), `POST <path>` → 201 the post,
 * `DELETE <path>/:id` → 204 (404 for a post the caller may not see), and with `exports`
 * `GET <path>/export` (lib/export-route.ts): the caller's OWN society's posts only, even for
 * SUPER_SOCIETY staff, whose list shows every society's (spec deviation 89).
 * @param what the kind's name in summaries ('feed post', 'discount', 'plot')
 */
export function staffPostRoutes<Body, Dto>(
  app: ZodApp,
  opts: {
    path: string;
    tag: string;
    what: string;
    body: z.ZodType<Body>;
    item: z.ZodType;
    list: z.ZodType;
    service: StaffPostApi<Body, Dto>;
    exports?: { deps: ExportDeps; entity: string; name: string; columns: readonly ExportColumn<Dto>[] };
  },
): void {
  const { path, tag, what, service } = opts;
  const docs = routeDocs(tag);
  app.get(path, {
    schema: docs(
      `The ${what}s, 5 per page, newest first; \`q\` searches their text. Own society only, or every society's for the SUPER_SOCIETY society's staff (spec section 6)`,
      { querystring: ZPostListQuery },
      { 200: opts.list },
    ),
    handler: (req) => service.list(staffOf(req), req.query),
  });
  if (opts.exports) {
    exportRoute(app, path, opts.exports.deps, {
      tag,
      querystring: ZPostListQuery,
      entity: opts.exports.entity,
      name: opts.exports.name,
      columns: opts.exports.columns,
      batch: (staff, q, after, size) => service.listOwn(staff, batchQuery(q, after, size)),
    });
  }
  app.post(path, {
    schema: docs(
      `Add a ${what} (spec section 5's rules; a 400 names the field): its media must be this society's unused uploads. Pushes to every resident with the app`,
      { body: opts.body },
      { 201: opts.item },
    ),
    // The body was parsed by `opts.body`; the reply is checked against `opts.item`.
    handler: async (req, reply) => reply.code(201).send(await service.create(staffOf(req), req.body as Body)),
  });
  app.delete(`${path}/:id`, {
    schema: docs(`Delete a ${what} and release its media (404 for one the caller may not see)`, { params: ZIdParams }, { 204: z.null() }),
    handler: async (req, reply) => {
      await service.remove(staffOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  });
}

/**
 * The resident API's routes of a kind of post: `GET <path>?page=` (the resident's society's posts,
 * 10 per page, newest first) and `GET <path>/:id` (one of them, as the list shows it: what a push
 * about it opens; 404 for a post of another society or none).
 * @param opts.query the list's query when it filters more than {@link ZResidentListQuery} (discounts' `category`)
 */
export function residentPostRoutes<Q extends PageRequest = PageRequest>(
  app: ZodApp,
  opts: {
    path: string;
    what: string;
    list: z.ZodType;
    item: z.ZodType;
    query?: z.ZodType<Q>;
    queryNote?: string;
    read(resident: ResidentContext, req: Q): Promise<unknown>;
    readOne(resident: ResidentContext, id: number): Promise<unknown>;
  },
): void {
  app.get(opts.path, {
    schema: residentDocs(
      `The ${opts.what}s of the resident's society, newest first, 10 per page (?page=, or the cursors after/before)${opts.queryNote ?? ''}`,
      { querystring: opts.query ?? ZResidentListQuery },
      { 200: opts.list },
    ),
    // The query was parsed by `opts.query` (or the plain list query, when Q is PageRequest).
    handler: (req) => opts.read(residentOf(req), req.query as Q),
  });
  app.get(`${opts.path}/:id`, {
    schema: residentDocs(
      `One ${opts.what} of the resident's society, as the list shows it (what a push about it opens); 404 for any other id`,
      { params: ZIdParams },
      { 200: opts.item },
    ),
    handler: (req) => opts.readOne(residentOf(req), req.params.id),
  });
}
