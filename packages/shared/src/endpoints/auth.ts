import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../contracts/common.ts';
import {
  ZLoginRequest,
  ZLoginResponse,
  ZLogoutRequest,
  ZRefreshRequest,
  ZRefreshResponse,
  ZRequestPasswordReset,
  ZResendVerification,
  ZResetPasswordRequest,
  ZSignupRequest,
  ZVerifyResetResponse,
} from '../contracts/auth.ts';
import { ZUpdateMe, ZUser } from '../contracts/users.ts';

const ZToken = z.object({ token: z.string().min(1).max(200) });

export const authApi = {
  signup: defineEndpoint({
    method: 'POST',
    path: '/auth/signup/',
    body: ZSignupRequest,
    responses: { 201: ZMessage },
  }),
  verifyEmail: defineEndpoint({
    method: 'GET',
    path: '/auth/verify-email/:token/',
    params: ZToken,
    responses: { 200: ZMessage },
  }),
  resendVerification: defineEndpoint({
    method: 'POST',
    path: '/auth/resend-verification/',
    body: ZResendVerification,
    responses: { 200: ZMessage },
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login/',
    body: ZLoginRequest,
    responses: { 200: ZLoginResponse },
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/auth/token/refresh/',
    body: ZRefreshRequest,
    responses: { 200: ZRefreshResponse },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout/',
    body: ZLogoutRequest,
    responses: { 200: ZMessage },
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/auth/request-password-reset/',
    body: ZRequestPasswordReset,
    responses: { 200: ZMessage },
  }),
  verifyPasswordReset: defineEndpoint({
    method: 'GET',
    path: '/auth/verify-password-reset/:token/',
    params: ZToken,
    responses: { 200: ZVerifyResetResponse },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/reset-password/:token/',
    params: ZToken,
    body: ZResetPasswordRequest,
    responses: { 200: ZMessage },
  }),
  me: defineEndpoint({ method: 'GET', path: '/auth/me/', responses: { 200: ZUser } }),
  updateMe: defineEndpoint({
    method: 'PATCH',
    path: '/auth/me/',
    body: ZUpdateMe,
    responses: { 200: ZUser },
  }),
};
