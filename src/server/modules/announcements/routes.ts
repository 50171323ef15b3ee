import { z } from 'zod';
import { ZIdParams, ZListQuery, ZResidentListQuery } from '../../../shared/contracts/common.js';
import { ZAnnouncement, ZAnnouncementList, ZCreateAnnouncement, ZResidentAnnouncement, ZResidentAnnouncementList } from '../../../shared/contracts/content.js';
import { residentOf, residentScope, staffOf, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import type { AnnouncementsService } from './service.js';
import { residentDocs, routeDocs } from '../../lib/route-docs.js';

const docs = routeDocs('announcements');

/**
 * Announcements (spec sections 2, 3, 5, 7 `POST /api/announcement/`): the staff screen
 * /Annoucements (cookie, module 'announcements': sub-role annoucements) and the resident API
 * (bearer): read the society's announcements and mark one seen.
 */
export const announcementRoutes: ModuleRoutes<{ announcements: AnnouncementsService }> = async (root, { auth, residentAuth, announcements }) => {
  await staffScope(root, auth, 'announcements', (app) => {
    app.post('/api/announcement', {
      schema: docs(
        'Post an announcement (title, description, at most one image of this society); queues a push to every approved resident with a device token',
        { body: ZCreateAnnouncement },
        { 201: ZAnnouncement },
      ),
      handler: async (req, reply) => reply.code(201).send(await announcements.create(staffOf(req), req.body)),
    });
    app.get('/api/announcement', {
      schema: docs(
        "The society's announcements, newest first, 10 per page; q searches title and description; each with how many residents have seen it",
        { querystring: ZListQuery },
        { 200: ZAnnouncementList },
      ),
      handler: (req) => announcements.list(staffOf(req), req.query.q, req.query),
    });

    app.delete('/api/announcement/:id', {
      schema: docs("Delete one of the society's announcements (its image is released); 404 for any other id", { params: ZIdParams }, { 204: z.null() }),
      handler: async (req, reply) => {
        await announcements.remove(staffOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });
  });

  await residentScope(root, residentAuth, (app) => {
    app.get('/api/resident/announcements', {
      schema: residentDocs(
        "The society's announcements, newest first, 10 per page, each with whether this resident has seen it",
        { querystring: ZResidentListQuery },
        { 200: ZResidentAnnouncementList },
      ),
      handler: (req) => announcements.mine(residentOf(req), req.query),
    });
    app.get('/api/resident/announcements/:id', {
      schema: residentDocs(
        'One announcement of the society with whether this resident has seen it, as the list shows it (what a push about it opens); 404 for any other id',
        { params: ZIdParams },
        { 200: ZResidentAnnouncement },
      ),
      handler: (req) => announcements.mineOne(residentOf(req), req.params.id),
    });

    app.put('/api/resident/announcements/:id/seen', {
      schema: residentDocs('Mark an announcement of the society seen (again: no change); 404 for any other id', { params: ZIdParams }, { 204: z.null() }),
      handler: async (req, reply) => {
        await announcements.markSeen(residentOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });
  });
};
