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
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import type { Secrets } from './secrets.ts';
import { installErrorHandling, installNotFound } from './http/errors.ts';
import { loggerOptions } from './http/logging.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { UserRepository } from './users/repository.ts';
import { CodeStore } from './auth/codes.ts';
import { TokenService } from './auth/tokens.ts';
import { SessionStore } from './auth/sessions.ts';
import { AuthService } from './auth/service.ts';
import { authRoutes } from './auth/routes.ts';
import { apiKeyRoutes } from './auth/api-key-routes.ts';
import { ApiKeyStore } from './auth/api-keys.ts';
import { GUARD_KIND } from './auth/guard.ts';
import { userRoutes } from './users/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { initObservability, installObservabilityHooks } from './observability/index.ts';
import { observabilityRoutes } from './observability/routes.ts';
import { SecretBox } from './crypto/secretbox.ts';
import { LogBus } from './jobs/log-bus.ts';
import { JobStore } from './jobs/store.ts';
import { DEFAULT_ENGINE_OPTIONS, defineJob, JobEngine, jobHandlers } from './jobs/engine.ts';
import { jobRoutes } from './jobs/routes.ts';
import { RepoRepository } from './repos/repository.ts';
import { RepoService } from './repos/service.ts';
import { repoRoutes } from './repos/routes.ts';
import { createLlmProvider } from '@docent/analyzer';
import { analysisHandler } from './analysis/handler.ts';
import { analysisRoutes } from './analysis/routes.ts';
import { docRepoHandler } from './docgen/handler.ts';
import { docgenRoutes } from './docgen/routes.ts';
import { docSetHandler } from './docsets/handler.ts';
import { hostedDocsRoutes } from './docsets/hosting.ts';
import { docSetRoutes } from './docsets/routes.ts';
import { DocSetStore } from './docsets/store.ts';
import { KeyedMutex } from './util/keyed-mutex.ts';
import type { FastifyBaseLogger } from 'fastify';
import { createAdapters, type VendorAdapters } from './vendors/index.ts';
import { ConnectionRepository } from './vendors/connections.ts';
import { vendorRoutes } from './vendors/routes.ts';
import { setOutboundAllow } from './net/outbound.ts';
import { OAuthService } from './oauth/service.ts';
import { TokenRefresher } from './oauth/refresh.ts';
import { LOGIN_REDIRECT_ALIASES, OAuthRoutes } from './oauth/routes.ts';
import { syncVendor } from './vendors/sync.ts';
import { prInsightsHandler } from './insights/handler.ts';
import { PrInsightsPayload } from './insights/payload.ts';
import { prInsightsRoutes } from './insights/routes.ts';
import { PrInsightStore } from './insights/store.ts';
import { WebhookStore } from './webhooks/store.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { BillingService } from './billing/service.ts';
import { billingRoutes } from './billing/routes.ts';
import { cashfreeRoutes } from './billing/cashfree-routes.ts';
import { paypalRoutes } from './billing/paypal-routes.ts';
import { CheckoutService } from './billing/checkout.ts';
import { CouponService, couponRoutes } from './billing/coupons.ts';

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

  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const users = new UserRepository(database.db);
  const auth = new AuthService({
    users,
    codes: new CodeStore(database.db, secrets.jwtSecret),
    tokens: new TokenService(secrets.jwtSecret, config.sessionTtlSeconds),
    mailer,
    appUrl: config.appUrl,
    log: app.log,
    sessions: new SessionStore(database.db, config.sessionMaxLifetimeSeconds),
    apiKeys: new ApiKeyStore(database.db),
    apiKeyFailuresPerHour: config.apiKeyFailuresPerHour,
  });

  const core = createJobCore({
    config,
    database,
    secrets,
    log: app.log,
    work: config.runWorkers,
    ...(deps.adapters ? { adapters: deps.adapters } : {}),
  });
  deps.onCore?.(core);
  app.addHook('onReady', async () => {
    await core.bus.start();
    await core.engine.start();
  });
  app.addHook('onClose', async () => {
    await core.engine.stop();
    await core.bus.stop();
  });

  const oauth = new OAuthService({
    db: database.db,
    config: config.oauth,
    appUrl: config.appUrl,
    secret: secrets.jwtSecret,
    box: core.box,
    users,
    connections: core.connections,
    sessions: auth,
    log: app.log,
    // A code host's sign-in stores its token as the vendor connection: its repositories sync at once.
    onConnected: (row, vendor) => {
      syncVendor(core, row, vendor, () => {}, AbortSignal.timeout(10 * 60_000)).catch((err: Error) =>
        app.log.warn({ vendor, err: err.message }, 'sync after sign-in failed'),
      );
    },
  });
  const oauthRoutes = new OAuthRoutes(oauth, { appUrl: config.appUrl, loginRateLimitPerMinute: config.loginRateLimitPerMinute });
  const loginRedirect = async (path: string, reply: FastifyReply): Promise<boolean> => {
    const provider = Object.hasOwn(LOGIN_REDIRECT_ALIASES, path) ? LOGIN_REDIRECT_ALIASES[path] : undefined;
    if (!provider || !config.oauth[provider]) return false;
    await oauthRoutes.startSignIn(provider, reply);
    return true;
  };

  // Plans and payments (docs/billing.md): subscriptions whose paid period ended lose Pro (checked each minute).
  const billing = new BillingService(database.db, config.billing);
  const checkout = new CheckoutService(billing, config.appUrl);
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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

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
      await api.register(prInsightsRoutes({ ...repoJobs, store: new PrInsightStore(database.db) }));
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
      await api.register(couponRoutes(auth, new CouponService(database.db, core.box), config.appUrl));
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

export interface JobCore {
  bus: LogBus;
  store: JobStore;
  engine: JobEngine;
  repos: RepoRepository;
  repoService: RepoService;
  adapters: VendorAdapters;
  connections: ConnectionRepository;
  box: SecretBox;
  /** architecture / API doc sets (docs/docgen-arch-api.md) */
  docSets: DocSetStore;
  /** webhooks, their deliveries and the analysis history (docs/webhooks.md) */
  hooks: WebhookStore;
}

/** Repositories and the job engine: shared by the API process and `npm run worker`. */
export function createJobCore(opts: {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  log: FastifyBaseLogger;
  work: boolean;
  adapters?: VendorAdapters;
}): JobCore {
  const { config, database } = opts;
  setOutboundAllow(config.outboundAllow);
  const bus = new LogBus(database.url ? { db: database.db, databaseUrl: database.url } : null);
  const store = new JobStore(database.db, bus);
  const repos = new RepoRepository(database.db);
  const box = new SecretBox(opts.secrets.encryptionKey);
  const adapters = opts.adapters ?? createAdapters();
  // OAuth sign-in tokens that expire are refreshed at their provider before use (docs/security.md).
  const connections = new ConnectionRepository(database.db, box, new TokenRefresher(config.oauth, (id) => `${config.appUrl}/oauth/${id}`));
  const repoService = new RepoService(repos, box, config.localRepoRoots, { adapters, connections });
  const hooks = new WebhookStore(database.db, box);
  // Analysis and documentation jobs of one repository share its clone folder: one lock for both.
  const clones = new KeyedMutex();
  // One provider for analyses and docgen; its answers are kept under DATA_DIR so repeated runs do not re-ask.
  const llm = createLlmProvider({
    ...config.llm,
    cacheDir: path.join(config.dataDir, 'llm-cache'),
    onFailure: (reason) => opts.log.warn({ llm: llm.name }, reason),
  });
  const analyse = analysisHandler(
    repos,
    repoService,
    {
      cloneDir: config.cloneDir,
      analyzerCacheDir: config.analyzerCacheDir,
      maxRepoBytes: config.maxRepoBytes,
      ...(llm.enabled ? { llm } : {}),
      // every finished analysis is a point of the repository's trend
      onAnalysed: (repositoryId, jobId, commit) => hooks.recordAnalysis(repositoryId, jobId, commit),
    },
    clones,
  );
  const docSets = new DocSetStore(database.db);
  const buildDocSet = docSetHandler(
    repos,
    repoService,
    docSets,
    {
      cloneDir: config.cloneDir,
      maxRepoBytes: config.maxRepoBytes,
      maxSetBytes: config.docsMaxSetBytes ?? 200 * 1024 * 1024,
      keepVersions: config.docsKeepVersions ?? 10,
    },
    clones,
  );
  // One definition per job type of packages/contracts/src/job-types.ts; each payload is parsed before its handler runs.
  const handlers = jobHandlers([
    ...(['ANALYSIS', 'ANALYSIS_BASICDOC', 'ANALYSIS_ADVANCEDDOC', 'ANALYSIS_README'] as const).map((type) =>
      defineJob({ type, handler: analyse }),
    ),
    defineJob({
      type: 'DOC_REPO',
      handler: docRepoHandler(
        repos,
        repoService,
        { cloneDir: config.cloneDir, maxRepoBytes: config.maxRepoBytes, ...(llm.enabled ? { llm } : {}) },
        clones,
      ),
    }),
    defineJob({ type: 'DOC_ARCH', handler: buildDocSet }),
    defineJob({ type: 'DOC_API', handler: buildDocSet }),
    defineJob({
      type: 'PR_INSIGHTS',
      // stricter than the contract: commits and branches reach git (docs/security.md)
      payload: PrInsightsPayload,
      handler: prInsightsHandler(
        repos,
        repoService,
        new PrInsightStore(database.db),
        { cloneDir: config.cloneDir, maxRepoBytes: config.maxRepoBytes, appUrl: config.appUrl },
        clones,
      ),
    }),
  ]);
  const engine = new JobEngine(database, store, handlers, opts.log, {
    ...DEFAULT_ENGINE_OPTIONS,
    work: opts.work,
    concurrency: config.workerConcurrency,
    staleMs: config.jobStaleSeconds * 1000,
  });
  return { bus, store, engine, repos, repoService, adapters, connections, box, docSets, hooks };
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
