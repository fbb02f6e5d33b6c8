import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, ErrorCode } from '@docent/contracts';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { AuthService } from './service.ts';
import type { SessionRef } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user; set by the `requireUser` / `requireSession` pre-handlers */
    currentUser: UserRow | null;
    /** the session its token belongs to (null when an API key authenticated the request) */
    currentSession: SessionRef | null;
    /** the API key that authenticated the request, if one did */
    currentApiKey: { id: string } | null;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || undefined;
}

const API_KEY_HEADER = 'x-api-key';

/**
 * The API key a request presents, or null when it presents none: `X-API-Key: <key>`, or
 * `Authorization: Bearer dk_…`. Both headers at once are refused, so no request is ever
 * authenticated by a credential other than the one its sender meant.
 */
export function presentedApiKey(req: FastifyRequest): string | null {
  const header = req.headers[API_KEY_HEADER];
  if (header !== undefined) {
    if (Array.isArray(header) || req.headers.authorization !== undefined) {
      throw new HttpError(
        400,
        ErrorCode.VALIDATION,
        'Send one credential: either an Authorization header or an X-API-Key header, not both.',
      );
    }
    return header.trim();
  }
  const bearer = bearerToken(req);
  return bearer?.startsWith(API_KEY_PREFIX) ? bearer : null;
}

/** Marks the guards so the OpenAPI document can list each route's security schemes. */
export const GUARD_KIND = Symbol('docent.guard');
type Guard = ((req: FastifyRequest, reply: FastifyReply) => Promise<void>) & { [GUARD_KIND]?: 'user' | 'session' };

async function fromSession(auth: AuthService, req: FastifyRequest): Promise<void> {
  const { row, session } = await auth.authenticate(bearerToken(req));
  req.currentUser = row;
  req.currentSession = session;
}

/**
 * A pre-handler for every signed-in route: a session token (511 unless valid) or an API key
 * (401 unless active; failed checks are rate-limited per client address).
 */
export function requireUser(auth: AuthService): Guard {
  const guard: Guard = async (req) => {
    const key = presentedApiKey(req);
    if (key === null) return fromSession(auth, req);
    const { row, keyId } = await auth.authenticateApiKey(key, req.ip);
    req.currentUser = row;
    req.currentApiKey = { id: keyId };
  };
  guard[GUARD_KIND] = 'user';
  return guard;
}

export const API_KEY_NOT_ALLOWED_DETAIL =
  'API keys cannot be used for account security (password, email address, sessions and API keys). Sign in to Docent to do this.';

/**
 * A pre-handler for account-security routes (password, email change, sessions, key management):
 * only a signed-in session will do, so a leaked key cannot take over the account or mint keys.
 */
export function requireSession(auth: AuthService): Guard {
  const guard: Guard = async (req) => {
    if (presentedApiKey(req) !== null) throw new HttpError(403, ErrorCode.API_KEY_NOT_ALLOWED, API_KEY_NOT_ALLOWED_DETAIL);
    return fromSession(auth, req);
  };
  guard[GUARD_KIND] = 'session';
  return guard;
}

/** The session of a `requireSession` route's token. */
export function sessionOf(req: FastifyRequest): SessionRef {
  if (!req.currentSession) throw new Error('route is missing the requireSession pre-handler');
  return req.currentSession;
}

/** The user a `requireUser` route runs for. */
export function userOf(req: FastifyRequest): UserRow {
  if (!req.currentUser) throw new Error('route is missing the requireUser pre-handler');
  return req.currentUser;
}
