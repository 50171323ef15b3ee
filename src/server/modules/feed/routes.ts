import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZIdParams } from '../../../shared/contracts/common.js';
import { ZCreateFeedPost, ZFeedPost, ZFeedPostList, ZLikeResult, ZResidentFeedPostList } from '../../../shared/contracts/posts.js';
import { residentOf, residentScope, staffScope } from '../../plugins/auth.js';
import { residentPostRoute, staffPostRoutes } from '../../posts/routes.js';
import type { AuthService } from '../auth/service.js';
import type { ResidentAuthService } from '../resident-auth/service.js';
import type { FeedResidentService } from './likes.js';
import type { FeedService } from './service.js';

interface Opts {
  auth: AuthService;
  residentAuth: ResidentAuthService;
  feed: FeedService;
  feedResident: FeedResidentService;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/**
 * The feed (spec sections 2 "Feed posts", 5, 6): staff of 'feed' (cms, cms-all) list,
 * add and delete posts under /api/feed; residents read their society's feed and like posts.
 */
export const feedRoutes: FastifyPluginAsyncZod<Opts> = async (root, { auth, residentAuth, feed, feedResident }) => {
  await root.register(staffScope(auth, 'feed', (app) => {
    staffPostRoutes(app, { path: '/api/feed', tag: 'feed', what: 'feed post', body: ZCreateFeedPost, item: ZFeedPost, list: ZFeedPostList, service: feed });
  }));

  await root.register(residentScope(residentAuth, (app) => {
    residentPostRoute(app, { path: '/api/resident/feed', what: 'feed post', list: ZResidentFeedPostList, read: feedResident.feed });
    app.put('/api/resident/feed/:id/like', {
      schema: {
        tags: ['resident'],
        summary: "Like a post of the resident's society (once: liking again changes nothing); 404 for any other post",
        security: [{ resident: [] }],
        params: ZIdParams,
        response: { 200: ZLikeResult, ...errors },
      },
      handler: (req) => feedResident.like(residentOf(req), req.params.id),
    });
    app.delete('/api/resident/feed/:id/like', {
      schema: {
        tags: ['resident'],
        summary: "Take back a like (nothing changes if there was none); 404 for a post not of the resident's society",
        security: [{ resident: [] }],
        params: ZIdParams,
        response: { 200: ZLikeResult, ...errors },
      },
      handler: (req) => feedResident.unlike(residentOf(req), req.params.id),
    });
  }));
};
