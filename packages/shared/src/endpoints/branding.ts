import { z } from 'zod';
import { ZData, defineEndpoint } from '../endpoint.ts';
import {
  ZBranding,
  ZNotificationPrefs,
  ZUpdateBranding,
  ZUpdateNotificationPrefs,
} from '../contracts/branding.ts';
import { ZWorkspaceParams } from '../contracts/workspaces.ts';

/** A workspace's brand (read by every member, written by admins) and a member's own e-mails. */
export const brandingApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/workspaces/:id/branding/',
    params: ZWorkspaceParams,
    responses: { 200: ZData(ZBranding) },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/workspaces/:id/branding/',
    params: ZWorkspaceParams,
    body: ZUpdateBranding,
    responses: { 200: ZData(ZBranding).extend({ message: z.string() }) },
  }),
  notifications: defineEndpoint({
    method: 'GET',
    path: '/api/workspaces/:id/notifications/',
    params: ZWorkspaceParams,
    responses: { 200: ZData(ZNotificationPrefs) },
  }),
  updateNotifications: defineEndpoint({
    method: 'PUT',
    path: '/api/workspaces/:id/notifications/',
    params: ZWorkspaceParams,
    body: ZUpdateNotificationPrefs,
    responses: { 200: ZData(ZNotificationPrefs).extend({ message: z.string() }) },
  }),
};
