import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BrowserErrorReport, ClientConfig, ErrorCode, PageView } from '@docent/contracts';
import { HttpError } from '../http/errors.ts';
import { observabilityState, reportBrowserError, trackEvent } from './index.ts';

const tags = ['meta'];
const limited = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** A browser that asks not to be tracked (Do-Not-Track or Global Privacy Control). */
function optedOut(headers: Record<string, string | string[] | undefined>): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/**
 * What the web app needs to know, and the relay its reports go through (the page's CSP allows
 * this origin only): the server scrubs and forwards them (docs/security.md).
 */
export function observabilityRoutes() {
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/v1/client-config', { schema: { tags, response: { 200: ClientConfig } } }, async () => observabilityState());

    r.post('/v1/telemetry/error', { config: limited, schema: { tags, body: BrowserErrorReport } }, async (req, reply) => {
      if (!observabilityState().errorReporting)
        throw new HttpError(404, ErrorCode.NOT_FOUND, 'Error reporting is off (SENTRY_DSN is not set).');
      reportBrowserError(req.body);
      return reply.status(204).send();
    });

    r.post('/v1/telemetry/pageview', { config: limited, schema: { tags, body: PageView } }, async (req, reply) => {
      if (!observabilityState().analytics) throw new HttpError(404, ErrorCode.NOT_FOUND, 'Analytics is off (ANALYTICS_URL is not set).');
      if (!optedOut(req.headers)) trackEvent('pageview', req.body.path);
      return reply.status(204).send();
    });
  };
}
