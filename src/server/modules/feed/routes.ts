import { ZIdParams } from '../../../shared/contracts/common.js';
import { ZCreateFeedPost, ZFeedPost, ZFeedPostList, ZLikeResult, ZResidentFeedPost, ZResidentFeedPostList } from '../../../shared/contracts/posts.js';
import { residentOf, residentScope, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import { residentPostRoutes, staffPostRoutes } from '../../posts/routes.js';
import type { FeedResidentService } from './likes.js';
import type { FeedService } from './service.js';
import type { ExportDeps } from '../../lib/export-route.js';
import { feedExportColumns } from './export-columns.js';
import { residentDocs } from '../../lib/route-docs.js';

/**
 * The feed (spec sections 2 "Feed posts", 5, 6): staff of 'feed' (cms, cms-all) list,
 * add and delete posts under /api/feed; residents read their society's feed and like posts.
 */
export const feedRoutes: ModuleRoutes<{ feed: FeedService; feedResident: FeedResidentService; exportDeps: ExportDeps }> = async (
  root,
  { auth, residentAuth, feed, feedResident, exportDeps },
) => {
  await staffScope(root, auth, 'feed', (app) => {
    staffPostRoutes(app, {
      path: '/api/feed',
      tag: 'feed',
      what: 'feed post',
      body: ZCreateFeedPost,
      item: ZFeedPost,
      list: ZFeedPostList,
      service: feed,
      exports: { deps: exportDeps, entity: 'feed_post', name: 'feed-posts', columns: feedExportColumns },
    });
  });

  await residentScope(root, residentAuth, (app) => {
    residentPostRoutes(app, {
      path: '/api/resident/feed',
      what: 'feed post',
      list: ZResidentFeedPostList,
      item: ZResidentFeedPost,
      read: feedResident.feed,
      readOne: feedResident.post,
    });
    app.put('/api/resident/feed/:id/like', {
      schema: residentDocs(
        "Like a post of the resident's society (once: liking again changes nothing); 404 for any other post",
        { params: ZIdParams },
        { 200: ZLikeResult },
      ),
      handler: (req) => feedResident.like(residentOf(req), req.params.id),
    });
    app.delete('/api/resident/feed/:id/like', {
      schema: residentDocs(
        "Take back a like (nothing changes if there was none); 404 for a post not of the resident's society",
        { params: ZIdParams },
        { 200: ZLikeResult },
      ),
      handler: (req) => feedResident.unlike(residentOf(req), req.params.id),
    });
  });
};
