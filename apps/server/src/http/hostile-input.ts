import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@docent/contracts';
import { HttpError, localizedDetail } from './errors.ts';

/** A NUL (PostgreSQL refuses it in text) or a UTF-16 surrogate without its pair. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string in `value` that cannot be stored as text, or null. */
export function unstorableField(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? where : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return `${where}.${key.replace(UNSTORABLE, '?')}`;
    const found = unstorableField(inner, `${where}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * One check before validation for every route: text that cannot be stored is refused with a
 * 400 that names the field, instead of reaching PostgreSQL and failing there as a 500.
 */
export async function refuseUnstorableText(req: FastifyRequest): Promise<void> {
  const field = unstorableField(req.params, 'params') ?? unstorableField(req.query, 'querystring') ?? unstorableField(req.body, 'body');
  if (field) throw new HttpError(400, ErrorCode.VALIDATION, `${field}: must not contain NUL characters or unpaired surrogates.`);
}

/** Fastify's router errors (a badly percent-encoded URL) in the API's `{detail, code}` shape. */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const badUrl = error.code === 'FST_ERR_BAD_URL';
  void reply.status(400).send({
    detail: localizedDetail(req, badUrl ? 'The URL is not correctly percent-encoded.' : 'The request could not be routed.'),
    code: badUrl ? 'BAD_URL' : ErrorCode.VALIDATION,
  });
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers or request line too
 * large, malformed requests): answered as JSON `{detail, code}` too, then the socket closes.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify(
    tooLarge
      ? { detail: 'The request line or headers are too large (the URL may be too long).', code: ErrorCode.HEADERS_TOO_LARGE }
      : { detail: 'The request is malformed.', code: ErrorCode.BAD_REQUEST },
  );
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
