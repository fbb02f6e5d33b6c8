import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * Fields of database errors (pg, PGlite, Kysely) that can carry the values of a query — its
 * parameters, the SQL with literals, PostgreSQL's "Key (email)=(…)" detail: never logged.
 */
const VALUE_FIELDS = ['parameters', 'params', 'values', 'query', 'sql', 'detail', 'where', 'internalQuery'];

type SerializedError = ReturnType<typeof stdSerializers.err>;

/** pino's error serializer without the fields that can hold a query's values, at any cause depth. */
export function safeErrorSerializer(err: Error): SerializedError {
  const out = stdSerializers.err(err);
  const strip = (o: Record<string, unknown>, depth: number) => {
    for (const f of VALUE_FIELDS) delete o[f];
    if (depth < 5 && o.cause && typeof o.cause === 'object') strip(o.cause as Record<string, unknown>, depth + 1);
  };
  if (out && typeof out === 'object') strip(out as unknown as Record<string, unknown>, 0);
  return out;
}

/** Query parameters that carry secrets are masked in request logs. */
const SECRET_QUERY = /([?&](?:token|code|password|key|access_token)=)[^&]*/gi;

export function loggerOptions(level: string, stream?: { write(line: string): unknown }): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-azure-pat"]',
        'req.headers["x-api-key"]',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.jwtSecret',
        '*.encryptionKey',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: safeErrorSerializer,
      req(req: { method: string; url: string; ip?: string }) {
        return { method: req.method, url: req.url.replace(SECRET_QUERY, '$1[redacted]'), remoteAddress: req.ip };
      },
    },
  };
}
