import { defineEndpoint, ZData } from '../endpoint.ts';
import { ZProjectParams } from '../contracts/common.ts';
import { ZMonthSpend } from '../contracts/spending.ts';

/** This month's AI spend against the monthly spending caps. */
export const spendingApi = {
  project: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/spending/',
    params: ZProjectParams,
    responses: { 200: ZData(ZMonthSpend) },
  }),
  account: defineEndpoint({
    method: 'GET',
    path: '/auth/me/spending/',
    responses: { 200: ZData(ZMonthSpend) },
  }),
};
