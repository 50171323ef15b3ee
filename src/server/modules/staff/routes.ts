import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTwoFactorPolicy } from '../../../shared/contracts/auth.js';
import { ZIdParams } from '../../../shared/contracts/common.js';
import {
  ZStaffCreate,
  ZStaffCreated,
  ZStaffListQuery,
  ZStaffMember,
  ZStaffMemberList,
  ZStaffUpdate,
  ZTemporaryPassword,
} from '../../../shared/contracts/staff-admin.js';
import { routeDocs } from '../../lib/route-docs.js';
import { staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { StaffAdminService } from './admin-service.js';

const docs = routeDocs('staff');

/** /Staff (module 'staff': super-admin): the society's staff accounts. */
export const staffAdminRoutes: FastifyPluginAsyncZod<{ auth: AuthService; staffAdmin: StaffAdminService }> = async (root, { auth, staffAdmin }) => {
  await staffScope(root, auth, 'staff', (app) => {
    app.get('/api/staff', {
      schema: docs(
        "The society's staff accounts, newest first, 10 a page; `q` matches a part of the name or email (case-insensitive)",
        { querystring: ZStaffListQuery },
        { 200: ZStaffMemberList },
      ),
      handler: (req) => staffAdmin.list(staffOf(req), req.query),
    });

    app.post('/api/staff', {
      schema: docs(
        'Add a staff member: answers their temporary password once (valid TEMP_PASSWORD_HOURS, to be changed at the first sign-in); 409 for an email already used',
        { body: ZStaffCreate },
        { 201: ZStaffCreated },
      ),
      handler: async (req, reply) => reply.code(201).send(await staffAdmin.create(staffOf(req), req.body)),
    });

    app.put('/api/staff/:id', {
      schema: docs(
        "Change a member's sub-role, disable or enable them; at once on every instance. 403 for your own account, 409 for the society's last super-admin",
        { params: ZIdParams, body: ZStaffUpdate },
        { 200: ZStaffMember },
      ),
      handler: (req) => staffAdmin.update(staffOf(req), req.params.id, req.body),
    });

    app.post('/api/staff/:id/reset-password', {
      schema: docs(
        'Give a member a new temporary password (answered once) and end their sessions; 403 for your own account',
        { params: ZIdParams },
        { 200: ZTemporaryPassword },
      ),
      handler: (req) => staffAdmin.resetPassword(staffOf(req), req.params.id),
    });

    app.get('/api/society/two-factor-policy', {
      schema: docs('Whether every super-admin of the society must sign in with two-factor', {}, { 200: ZTwoFactorPolicy }),
      handler: (req) => staffAdmin.twoFactorPolicy(staffOf(req)),
    });

    app.put('/api/society/two-factor-policy', {
      schema: docs(
        'Require (or stop requiring) two-factor sign-in of every super-admin of the society; those without it must turn it on before anything else. 409 until you have it on yourself',
        { body: ZTwoFactorPolicy },
        { 200: ZTwoFactorPolicy },
      ),
      handler: (req) => staffAdmin.setTwoFactorPolicy(staffOf(req), req.body),
    });

    app.delete('/api/staff/:id/sessions', {
      schema: docs('Sign a member out everywhere: every session and live connection ends; 403 for your own account', { params: ZIdParams }, { 204: z.null() }),
      handler: async (req, reply) => {
        await staffAdmin.signOutEverywhere(staffOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });
  });
};
