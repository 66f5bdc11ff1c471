import { z } from 'zod';
import { defineEndpoint, type EndpointAnswer } from '../endpoint.ts';

const ZCheck = z.object({ ok: z.boolean(), latencyMs: z.number(), detail: z.string().optional() });
const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: ZCheck.extend({ kind: z.enum(['pglite', 'pg']) }),
  queue: ZCheck,
});

export const opsApi = {
  /** 503 with the same body when the database or the queue is down. */
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    responses: { 200: ZHealth, 503: ZHealth },
  }),
  /** The web app's run-time settings, read before the app (and its API client) starts. */
  clientConfig: defineEndpoint({
    method: 'GET',
    path: '/api/client-config/',
    responses: { 200: z.object({ sentryDsn: z.string().nullable() }) },
  }),
};

/** `sentryDsn` null means no error reporting (and the web never downloads the SDK). */
export type TClientConfig = EndpointAnswer<typeof opsApi.clientConfig>;
