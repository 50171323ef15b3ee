import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZIdParams, ZListQuery, ZResidentListQuery } from '../../../shared/contracts/common.js';
import { ZAnnouncement, ZAnnouncementList, ZCreateAnnouncement, ZResidentAnnouncementList } from '../../../shared/contracts/content.js';
import { residentOf, residentScope, staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { ResidentAuthService } from '../resident-auth/service.js';
import type { AnnouncementsService } from './service.js';

interface Opts {
  auth: AuthService;
  residentAuth: ResidentAuthService;
  announcements: AnnouncementsService;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/**
 * Announcements (spec sections 2, 3, 5, 7 `POST /api/announcement/`): the staff screen
 * /Annoucements (cookie, module 'announcements': sub-role annoucements) and the resident API
 * (bearer): read the society's announcements and mark one seen.
 */
export const announcementRoutes: FastifyPluginAsyncZod<Opts> = async (root, { auth, residentAuth, announcements }) => {
  await root.register(staffScope(auth, 'announcements', (app) => {
    for (const url of ['/api/announcement', '/api/announcement/']) {
      app.post(url, {
        schema: {
          tags: ['announcements'],
          summary: 'Post an announcement (title, description, at most one image of this society); queues a push to every approved resident with a device token',
          body: ZCreateAnnouncement,
          response: { 201: ZAnnouncement, ...errors },
        },
        handler: async (req, reply) => reply.code(201).send(await announcements.create(staffOf(req), req.body)),
      });
      app.get(url, {
        schema: {
          tags: ['announcements'],
          summary: "The society's announcements, newest first, 10 per page; q searches title and description; each with how many residents have seen it",
          querystring: ZListQuery,
          response: { 200: ZAnnouncementList, ...errors },
        },
        handler: (req) => announcements.list(staffOf(req), req.query.q, req.query),
      });
    }

    app.delete('/api/announcement/:id', {
      schema: {
        tags: ['announcements'],
        summary: "Delete one of the society's announcements (its image is released); 404 for any other id",
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
      handler: async (req, reply) => {
        await announcements.remove(staffOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });
  }));

  await root.register(residentScope(residentAuth, (app) => {
    app.get('/api/resident/announcements', {
      schema: {
        tags: ['resident'],
        summary: "The society's announcements, newest first, 10 per page, each with whether this resident has seen it",
        security: [{ resident: [] }],
        querystring: ZResidentListQuery,
        response: { 200: ZResidentAnnouncementList, ...errors },
      },
      handler: (req) => announcements.mine(residentOf(req), req.query),
    });

    app.put('/api/resident/announcements/:id/seen', {
      schema: {
        tags: ['resident'],
        summary: 'Mark an announcement of the society seen (again: no change); 404 for any other id',
        security: [{ resident: [] }],
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
      handler: async (req, reply) => {
        await announcements.markSeen(residentOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });
  }));
};
