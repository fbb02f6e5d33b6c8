import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import helmet from '@fastify/helmet';
import { isOAuthCallbackPage, noStoreOnAuthenticated, OAUTH_CALLBACK_COOP, securityHeaders } from './http/security-headers.ts';
import { StreamSlots } from './http/sse.ts';
import { clientErrorHandler, frameworkErrors, refuseUnstorableText } from './http/hostile-input.ts';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SWAGGER_A11Y_CSS, SWAGGER_A11Y_JS } from './http/swagger-a11y.ts';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { paymentSandboxWarning, type Config } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import type { Secrets } from './secrets.ts';
import { installErrorHandling, installNotFound } from './http/errors.ts';
import { loggerOptions } from './http/logging.ts';
import { type Mailer } from './mail/mailer.ts';
import { authRoutes } from './auth/routes.ts';
import { apiKeyRoutes } from './auth/api-key-routes.ts';
import { GUARD_KIND } from './auth/guard.ts';
import { userRoutes } from './users/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { initObservability, installObservabilityHooks } from './observability/index.ts';
import { observabilityRoutes } from './observability/routes.ts';
import { jobRoutes } from './jobs/routes.ts';
import { repoRoutes } from './repos/routes.ts';
import { analysisRoutes } from './analysis/routes.ts';
import { docgenRoutes } from './docgen/routes.ts';
import { hostedDocsRoutes } from './docsets/hosting.ts';
import { docSetRoutes } from './docsets/routes.ts';
import { type VendorAdapters } from './vendors/index.ts';
import { vendorRoutes } from './vendors/routes.ts';
import { LOGIN_REDIRECT_ALIASES, OAuthRoutes } from './oauth/routes.ts';
import { prInsightsRoutes } from './insights/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { cashfreeRoutes } from './billing/cashfree-routes.ts';
import { paypalRoutes } from './billing/paypal-routes.ts';
import { couponRoutes } from './billing/coupons.ts';
import { createServices, type JobCore } from './services.ts';

export { createJobCore, type JobCore } from './services.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  /** tests may pass their own; default from config */
  mailer?: Mailer;
  logger?: boolean;
  /** tests may capture the log (pino's JSON lines) instead of writing it to stdout */
  logStream?: { write(line: string): unknown };
  /** tests may pass adapters of their own */
  adapters?: VendorAdapters;
  /** called with the job core once built (the API benchmark writes log lines through it) */
  onCore?: (core: JobCore) => void;
}

/** 1 MiB is far above any form or JSON body this API takes. */
const BODY_LIMIT = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, secrets } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.logLevel, deps.logStream),
    bodyLimit: BODY_LIMIT,
    frameworkErrors,
    clientErrorHandler,
    // Off unless the operator names the proxies: X-Forwarded-For is the client's to forge.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('currentUser', null);
  app.decorateRequest('currentSession', null);
  app.decorateRequest('currentApiKey', null);
  installErrorHandling(app);
  initObservability(config, app.log);
  installObservabilityHooks(app);
  await app.register(helmet, securityHeaders(config.appUrl));
  app.addHook('onSend', async (req, reply) => {
    if (isOAuthCallbackPage(req.url)) reply.header('cross-origin-opener-policy', OAUTH_CALLBACK_COOP);
    noStoreOnAuthenticated(req, reply);
  });
  app.addHook('preValidation', refuseUnstorableText);

  const services = createServices(config, database, secrets, {
    log: app.log,
    work: config.runWorkers,
    ...(deps.mailer ? { mailer: deps.mailer } : {}),
    ...(deps.adapters ? { adapters: deps.adapters } : {}),
  });
  const { auth, users } = services.accounts;
  const core = services.jobs;
  const { billing, checkout, coupons } = services.billing;
  deps.onCore?.(core);
  app.addHook('onReady', async () => {
    await core.bus.start();
    await core.engine.start();
  });
  app.addHook('onClose', async () => {
    await core.engine.stop();
    await core.bus.stop();
  });

  const oauthRoutes = new OAuthRoutes(services.accounts.oauth, {
    appUrl: config.appUrl,
    loginRateLimitPerMinute: config.loginRateLimitPerMinute,
  });
  const loginRedirect = async (path: string, reply: FastifyReply): Promise<boolean> => {
    const provider = Object.hasOwn(LOGIN_REDIRECT_ALIASES, path) ? LOGIN_REDIRECT_ALIASES[path] : undefined;
    if (!provider || !config.oauth[provider]) return false;
    await oauthRoutes.startSignIn(provider, reply);
    return true;
  };

  // Plans and payments (docs/billing.md): subscriptions whose paid period ended lose Pro (checked each minute).
  const sandboxWarning = paymentSandboxWarning(config.billing);
  if (sandboxWarning) app.log.warn({ PAYMENT_MODE: config.billing.paymentMode, sandbox: config.billing.sandboxProviders }, sandboxWarning);
  let lapseTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    lapseTimer = setInterval(
      () => void billing.lapseDue().catch((err: Error) => app.log.warn({ err: err.message }, 'subscription lapse check failed')),
      60_000,
    );
    lapseTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(lapseTimer));

  const streamSlots = new StreamSlots(config.sseMaxStreamsPerUser, config.sseMaxStreams);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Docent API', version: '1.2.0' },
      servers: [{ url: '/api' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
  });
  // Each signed-in route names the credentials it takes in the OpenAPI document.
  app.addHook('onRoute', (route) => {
    const handlers = Array.isArray(route.preHandler) ? route.preHandler : route.preHandler ? [route.preHandler] : [];
    const kinds = new Set(handlers.map((h) => (h as { [GUARD_KIND]?: string })[GUARD_KIND]));
    const names = kinds.has('session') ? ['sessionToken'] : kinds.has('user') ? ['sessionToken', 'apiKey', 'apiKeyBearer'] : [];
    if (names.length > 0) route.schema = { ...(route.schema ?? {}), security: names.map((n): Record<string, string[]> => ({ [n]: [] })) };
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // deep links put a link inside each operation's toggle button (nested controls, axe)
    uiConfig: { deepLinking: false, syntaxHighlight: false },
    theme: {
      css: [{ filename: 'docent-a11y.css', content: SWAGGER_A11Y_CSS }],
      js: [{ filename: 'docent-a11y.js', content: SWAGGER_A11Y_JS }],
    },
  });

  await app.register(
    async (api) => {
      await api.register(formbody, { bodyLimit: BODY_LIMIT });
      await api.register(rateLimit, { global: false, hook: 'preHandler' });
      await api.register(healthRoutes(database));
      await api.register(observabilityRoutes());
      await api.register(authRoutes(auth, config));
      await api.register(apiKeyRoutes(auth));
      await api.register(oauthRoutes.plugin());
      await api.register(userRoutes(auth, users));
      await api.register(
        repoRoutes(auth, core.repoService, core.repos, { cloneDir: config.cloneDir, analyzerCacheDir: config.analyzerCacheDir }),
      );
      // The routes that start a repository's jobs share these by name.
      const repoJobs = { auth, service: core.repoService, repos: core.repos, jobs: core.store, engine: core.engine };
      await api.register(analysisRoutes(repoJobs));
      await api.register(docgenRoutes({ ...repoJobs, users }));
      await api.register(docSetRoutes({ ...repoJobs, sets: core.docSets, secureCookie: config.appUrl.startsWith('https://') }));
      await api.register(jobRoutes({ auth, store: core.store, engine: core.engine, bus: core.bus, slots: streamSlots }));
      await api.register(prInsightsRoutes({ ...repoJobs, store: services.insights }));
      await api.register(
        vendorRoutes({
          auth,
          adapters: core.adapters,
          connections: core.connections,
          repos: core.repos,
          box: core.box,
          slots: streamSlots,
          loginRedirect,
        }),
      );
      await api.register(
        webhookRoutes({
          auth,
          hooks: core.hooks,
          service: core.repoService,
          repos: core.repos,
          jobs: core.store,
          engine: core.engine,
          config,
        }),
      );
      await api.register(billingRoutes(auth, billing));
      await api.register(couponRoutes(auth, coupons, config.appUrl));
      if (config.billing.paypal) {
        await api.register(
          paypalRoutes(auth, billing, config.billing.paypal, {
            checkout,
            webhookChecksPerMinute: config.billing.webhookChecksPerMinute,
          }),
        );
      }
      if (config.billing.cashfree) {
        await api.register(
          cashfreeRoutes(auth, billing, config.billing.cashfree, {
            checkout,
            phone: config.billing.cashfreeCustomerPhone,
            webhookChecksPerMinute: config.billing.webhookChecksPerMinute,
          }),
        );
      }
    },
    { prefix: '/api' },
  );

  await app.register(hostedDocsRoutes(auth, core.repos, core.docSets));
  serveWebApp(app, config.webDist);
  return app;
}

/** The credentials of the OpenAPI document: a session token, or an API key in either header. */
const SECURITY_SCHEMES = {
  sessionToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A session token from /login (the web app).' },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'An API key (dk_…) from the API Keys page. Not accepted by account-security routes.',
  },
  apiKeyBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'dk_…', description: 'An API key sent as `Authorization: Bearer dk_…`.' },
} as const;

/** proxy-addr's hop-count trust, spelled as the function Fastify's types accept. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** The built SPA: static files looked up per request (a rebuilt dist needs no restart). */
function serveWebApp(app: FastifyInstance, dist: string): void {
  const built = existsSync(path.join(dist, 'index.html'));
  // directories (e.g. "/") fall through to the not-found handler, which answers index.html
  if (built) {
    void app.register(fastifyStatic, {
      root: dist,
      index: false,
      allowedPath: (p) => !p.endsWith('/'),
      // the build writes .br/.gz beside each file (apps/web/scripts/precompress.mjs); sent as the client accepts
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(dist, filePath));
        res.setHeader('vary', 'Accept-Encoding'); // a shared cache keeps the br, gzip and plain bodies apart
      },
    });
  } else app.log.warn({ dist }, 'web app not built: run `npm run build` (npm start does it); serving the API only');
  installNotFound(app, { spa: built });
}

/**
 * Vite names every file under assets/ by its content hash, so a name never changes meaning: cached
 * for a year without revalidation. index.html, which names the current hashes, is always
 * revalidated; anything else (favicon, robots.txt) hourly. docs/performance.md, "First load".
 */
export function cacheControlFor(dist: string, filePath: string): string {
  const rel = path.relative(dist, filePath).split(path.sep);
  if (rel.length === 1 && rel[0] === 'index.html') return 'no-cache';
  return rel[0] === 'assets' && rel.length > 1 ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}
