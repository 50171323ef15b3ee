import { z } from 'zod';
import { ZIdParams, ZResidentListQuery, type ListQuery, type ListResponse } from '../../shared/contracts/common.js';
import { ZPostListQuery } from '../../shared/contracts/posts.js';
import { residentOf, staffOf, type ZodApp } from '../plugins/auth.js';
import type { StaffContext } from '../modules/auth/service.js';
import type { ResidentContext } from '../modules/resident-auth/service.js';
import type { PageRequest } from '../lib/list-page.js';
import { residentDocs, routeDocs } from '../lib/route-docs.js';

/** What the staff routes of one kind of post need (a PostService fits). */
export interface StaffPostApi<Body, Dto> {
  list(staff: StaffContext, query: ListQuery): Promise<ListResponse<Dto>>;
  create(staff: StaffContext, body: Body): Promise<Dto>;
  remove(staff: StaffContext, id: number): Promise<void>;
}

/**
 * The three staff routes of a kind of post, registered inside its module's `staffScope`:
 * `GET <path>?page=&q=` (5 a page, newest first), `POST <path>` → 201 the post,
 * `DELETE <path>/:id` → 204 (404 for a post the caller may not see).
 * @param what the kind's name in summaries ('feed post', 'discount', 'plot')
 */
export function staffPostRoutes<Body>(
  app: ZodApp,
  opts: { path: string; tag: string; what: string; body: z.ZodType<Body>; item: z.ZodType; list: z.ZodType; service: StaffPostApi<Body, unknown> },
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

/** `GET <path>?page=` of the resident API: the resident's society's posts, 10 per page, newest first. */
export function residentPostRoute(
  app: ZodApp,
  opts: { path: string; what: string; list: z.ZodType; read(resident: ResidentContext, req: PageRequest): Promise<unknown> },
): void {
  app.get(opts.path, {
    schema: residentDocs(
      `The ${opts.what}s of the resident's society, newest first, 10 per page (?page=, or the cursors after/before)`,
      { querystring: ZResidentListQuery },
      { 200: opts.list },
    ),
    handler: (req) => opts.read(residentOf(req), req.query),
  });
}
