import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_USERS_PAGE_SIZE, adminApi, INVOICES_PAGE_SIZE } from '@cityforge/shared';
import { paged } from '../../lib/paging.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { BillingService } from '../billing/index.ts';
import type { AdminService } from './admin.service.ts';

/** /api/admin/users/… — superusers only: 401 without a session, 403 for everyone else. */
export const adminRoutes: FastifyPluginAsyncZod<{
  adminService: AdminService;
  billingService: BillingService;
}> = async (app, { adminService, billingService }) => {
  const options = { onRequest: app.requireSuperuser, schema: { tags: ['admin'] } };

  route(app, adminApi.kpis, options, async () => adminService.kpis());
  route(app, adminApi.users, options, async (request) => {
    const { page, search } = request.query;
    const { count, results } = await adminService.list(search, page);
    return paged(request.url, page, ADMIN_USERS_PAGE_SIZE, count, results);
  });
  route(app, adminApi.createUser, options, async (request, reply) =>
    reply.code(201).send(await adminService.create(request.body)),
  );
  route(app, adminApi.updateUser, options, async (request) =>
    adminService.update(currentUser(request), request.params.id, request.body),
  );
  route(app, adminApi.deleteUser, options, async (request) =>
    adminService.remove(currentUser(request), request.params.id),
  );
  route(app, adminApi.userInvoices, options, async (request) => {
    const { page } = request.query;
    const userId = await adminService.userExists(request.params.id);
    const { count, results } = await billingService.invoices(userId, page);
    return paged(request.url, page, INVOICES_PAGE_SIZE, count, results);
  });
};
