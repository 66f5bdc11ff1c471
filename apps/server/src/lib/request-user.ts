import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index.ts';
import { unauthenticated } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the auth module's hook on routes that require one. */
    user: UserRow | null;
    sessionFamily: string | null;
  }
}

/** The signed-in user of a route behind requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}
