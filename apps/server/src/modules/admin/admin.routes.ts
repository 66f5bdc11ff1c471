import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_USERS_PAGE_SIZE,
  INVOICES_PAGE_SIZE,
  ZAdminCreateUser,
  ZAdminKpis,
  ZAdminUpdateUser,
  ZAdminUser,
  ZAdminUsersQuery,
  ZInvoice,
  ZMessage,
  ZPaged,
  ZPageQuery,
} from '@cityforge/shared';
import { paged } from '../../lib/paging.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { AdminService } from './admin.service.ts';

const ZUserParams = z.object({ id: z.string().max(64) });

/** /api/admin/users/… — superusers only: 401 without a session, 403 for everyone else. */
export const adminRoutes: FastifyPluginAsyncZod<{
  adminService: AdminService;
  billingService: BillingService;
}> = async (app, { adminService, billingService }) => {
  const tags = ['admin'];
  const onRequest = app.requireSuperuser;

  app.get(
    '/api/admin/users/kpis/',
    { onRequest, schema: { tags, response: { 200: ZAdminKpis } } },
    async () => adminService.kpis(),
  );
  app.get(
    '/api/admin/users/',
    {
      onRequest,
      schema: { tags, querystring: ZAdminUsersQuery, response: { 200: ZPaged(ZAdminUser) } },
    },
    async (request) => {
      const { page, search } = request.query;
      const { count, results } = await adminService.list(search, page);
      return paged(request.url, page, ADMIN_USERS_PAGE_SIZE, count, results);
    },
  );
  app.post(
    '/api/admin/users/create/',
    { onRequest, schema: { tags, body: ZAdminCreateUser, response: { 201: ZAdminUser } } },
    async (request, reply) => reply.code(201).send(await adminService.create(request.body)),
  );
  app.patch(
    '/api/admin/users/:id/',
    {
      onRequest,
      schema: { tags, params: ZUserParams, body: ZAdminUpdateUser, response: { 200: ZAdminUser } },
    },
    async (request) => adminService.update(currentUser(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/users/:id/',
    { onRequest, schema: { tags, params: ZUserParams, response: { 200: ZMessage } } },
    async (request) => adminService.remove(currentUser(request), request.params.id),
  );
  app.get(
    '/api/admin/users/:id/invoices/',
    {
      onRequest,
      schema: {
        tags,
        params: ZUserParams,
        querystring: ZPageQuery,
        response: { 200: ZPaged(ZInvoice) },
      },
    },
    async (request) => {
      const { page } = request.query;
      const userId = await adminService.userExists(request.params.id);
      const { count, results } = await billingService.invoices(userId, page);
      return paged(request.url, page, INVOICES_PAGE_SIZE, count, results);
    },
  );
};
