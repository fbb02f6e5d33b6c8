import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, germanErrorDetail, TOKEN_INVALID_STATUS } from '@docent/contracts';
import { mailLanguage } from '../mail/language.ts';
import { reportError } from '../observability/index.ts';

/** A failure the client should see as `{detail, code}` with this status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    options?: ErrorOptions & { headers?: Record<string, string> },
  ) {
    super(message, options);
    this.headers = options?.headers;
  }

  /** extra answer headers, e.g. Retry-After on a 429 */
  readonly headers: Record<string, string> | undefined;
}

export const badRequest = (code: ErrorCode, detail: string) => new HttpError(400, code, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, ErrorCode.NOT_FOUND, detail);
export const tokenInvalid = (detail = 'Your session has expired. Please sign in again.') =>
  new HttpError(TOKEN_INVALID_STATUS, ErrorCode.TOKEN_INVALID, detail);

/** Fastify's own client errors, in words a user understands. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; detail: (e: FastifyError) => string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ErrorCode.BODY_TOO_LARGE, detail: () => 'Request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    detail: (e) => `Unsupported content type. ${e.message}`,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.BAD_JSON, detail: () => 'Request body is empty but JSON was declared.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCode.BAD_JSON, detail: () => 'Request body is not valid JSON.' },
};

/** Joins zod issues into one sentence that names each field. */
function validationDetail(err: FastifyError): string {
  const issues = (err.validation ?? []) as Array<{
    instancePath?: string;
    message?: string;
    params?: { issue?: { path?: PropertyKey[] } };
  }>;
  const parts = issues.map((i) => {
    const field = (i.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return field ? `${field}: ${i.message}` : String(i.message);
  });
  return parts.join('; ') || 'Invalid request.';
}

/**
 * The detail in the request's language: German when its Accept-Language ranks German above
 * English (the mail rule, docs/i18n.md "Error details") and the catalog has the whole detail,
 * English otherwise.
 */
export function localizedDetail(req: FastifyRequest, detail: string): string {
  if (mailLanguage(req.headers['accept-language']) !== 'de') return detail;
  return germanErrorDetail(detail) ?? detail;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, rawReply) => {
    // every answer below goes through here, so its detail is translated in one place
    const reply = {
      status: (code: number) => ({
        send: (body: { detail: string; code: string }) =>
          rawReply.status(code).send({ ...body, detail: localizedDetail(req, body.detail) }),
      }),
    };
    if (err instanceof HttpError) {
      if (err.headers) void rawReply.headers(err.headers);
      return reply.status(err.statusCode).send({ detail: err.message, code: err.code });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.status(400).send({ detail: validationDetail(err), code: ErrorCode.VALIDATION });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ detail: 'Internal server error.', code: ErrorCode.INTERNAL });
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return reply.status(err.statusCode ?? 400).send({ detail: known.detail(err), code: known.code });
    if (err instanceof SyntaxError || err.statusCode === 400) {
      return reply.status(400).send({ detail: 'Request body is not valid JSON.', code: ErrorCode.BAD_JSON });
    }
    if (err.statusCode === 429) {
      return reply.status(429).send({ detail: 'Too many requests. Please wait a minute and try again.', code: ErrorCode.RATE_LIMITED });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ detail: err.message, code: err.code ?? 'CLIENT_ERROR' });
    }
    req.log.error({ err }, 'unhandled error');
    reportError(err, { tags: { caught: 'http' }, request: { method: req.method, url: req.routeOptions.url ?? '(no route)' } });
    return reply.status(500).send({ detail: 'Internal server error.', code: ErrorCode.INTERNAL });
  });
}

/**
 * Unknown paths: JSON 404 for the API and for files; with the web app built, `index.html` for
 * GETs of client routes (paths without a file extension), so the SPA's router takes over.
 */
export function installNotFound(app: FastifyInstance, opts: { spa: boolean }): void {
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const hasExtension = /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '');
    if (opts.spa && req.method === 'GET' && !isApi && !hasExtension) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ detail: localizedDetail(req, `No route ${req.method} ${pathname}.`), code: ErrorCode.NOT_FOUND });
  });
}
