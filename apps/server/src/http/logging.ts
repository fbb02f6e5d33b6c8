import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry secrets are masked in request logs. */
const SECRET_QUERY = /([?&](?:token|code|password|key|access_token)=)[^&]*/gi;

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-azure-pat"]',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.jwtSecret',
        '*.encryptionKey',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string }) {
        return { method: req.method, url: req.url.replace(SECRET_QUERY, '$1[redacted]'), remoteAddress: req.ip };
      },
    },
  };
}
