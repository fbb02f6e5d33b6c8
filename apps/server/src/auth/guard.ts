import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import type { AuthService } from './service.ts';
import type { SessionRef } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user; set by the `requireUser` pre-handler */
    currentUser: UserRow | null;
    /** the session its token belongs to */
    currentSession: SessionRef | null;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || undefined;
}

/** A pre-handler that answers 511 unless the request carries a valid session token. */
export function requireUser(auth: AuthService) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const { row, session } = await auth.authenticate(bearerToken(req));
    req.currentUser = row;
    req.currentSession = session;
  };
}

/** The session of a `requireUser` route's token. */
export function sessionOf(req: FastifyRequest): SessionRef {
  if (!req.currentSession) throw new Error('route is missing the requireUser pre-handler');
  return req.currentSession;
}

/** The user a `requireUser` route runs for. */
export function userOf(req: FastifyRequest): UserRow {
  if (!req.currentUser) throw new Error('route is missing the requireUser pre-handler');
  return req.currentUser;
}
