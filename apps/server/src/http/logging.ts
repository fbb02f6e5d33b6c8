import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * Fields of database errors (pg, PGlite, Kysely) that can carry the values of a query — its
 * parameters, the SQL with literals, PostgreSQL's "Key (email)=(…)" detail: never logged.
 */
const VALUE_FIELDS = ['parameters', 'params', 'values', 'query', 'sql', 'detail', 'where', 'internalQuery'];

type SerializedError = ReturnType<typeof stdSerializers.err>;

/** pino's error serializer without the fields that can hold a query's values, at any cause depth. */
function safeErrorSerializer(err: Error): SerializedError {
  const out = stdSerializers.err(err);
  const strip = (o: object, depth: number) => {
    for (const f of VALUE_FIELDS) Reflect.deleteProperty(o, f);
    const cause: unknown = Reflect.get(o, 'cause');
    if (depth < 5 && cause && typeof cause === 'object') strip(cause, depth + 1);
  };
  if (out && typeof out === 'object') strip(out, 0);
  return out;
}

/**
 * Query parameters whose name says they carry a secret (`api_key`, `token`, `access_token`,
 * `code`, `state`, `password`, `client_secret`, `sig`, …) are masked in request logs, whatever
 * their case or percent-encoding (docs/security.md).
 */
const SECRET_NAME = /token|code|state|pass|secret|key|sig|auth|session|cred|ticket|otp|jwt|nonce|verifier/i;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** A request URL with the values of secret-bearing query parameters replaced by `[redacted]`. */
function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split(/([&;])/)
    .map((part) => {
      if (part === '&' || part === ';') return part;
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      return eq >= 0 && SECRET_NAME.test(decodedName(name)) ? `${name}=[redacted]` : part;
    })
    .join('');
  return `${url.slice(0, q)}?${query}`;
}

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
        return { method: req.method, url: maskUrl(req.url), remoteAddress: req.ip };
      },
    },
  };
}
