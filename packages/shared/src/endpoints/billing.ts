import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZId, ZMessage, ZPaged, ZPageQuery } from '../contracts/common.ts';
import { ZInvoice, ZPlan, ZUrlResponse } from '../contracts/plans.ts';
import {
  ZAdminCreateUser,
  ZAdminKpis,
  ZAdminUpdateUser,
  ZAdminUser,
  ZAdminUsersQuery,
} from '../contracts/admin.ts';

const ZUserParams = z.object({ id: ZId('user') });

export const billingApi = {
  plans: defineEndpoint({ method: 'GET', path: '/api/plans/', responses: { 200: ZPaged(ZPlan) } }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/api/checkout/:planId/',
    params: z.object({ planId: z.string().min(1).max(64) }),
    responses: { 200: ZUrlResponse },
  }),
  manageSubscription: defineEndpoint({
    method: 'POST',
    path: '/api/manage/subscription/',
    responses: { 200: ZUrlResponse },
  }),
  invoices: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/',
    query: ZPageQuery,
    responses: { 200: ZPaged(ZInvoice) },
  }),
  /** Stripe's signed events: a raw body the server checks itself, never called by the web. */
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/stripe/webhook/',
    responses: { 200: z.object({ received: z.literal(true) }) },
  }),
};

/** /api/admin/users/… — superusers only. */
export const adminApi = {
  kpis: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/kpis/',
    responses: { 200: ZAdminKpis },
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/',
    query: ZAdminUsersQuery,
    responses: { 200: ZPaged(ZAdminUser) },
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/create/',
    body: ZAdminCreateUser,
    responses: { 201: ZAdminUser },
  }),
  updateUser: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id/',
    params: ZUserParams,
    body: ZAdminUpdateUser,
    responses: { 200: ZAdminUser },
  }),
  deleteUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id/',
    params: ZUserParams,
    responses: { 200: ZMessage },
  }),
  userInvoices: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id/invoices/',
    params: ZUserParams,
    query: ZPageQuery,
    responses: { 200: ZPaged(ZInvoice) },
  }),
};
