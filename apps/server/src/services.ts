import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createLlmProvider } from '@docent/analyzer/llm';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import type { Secrets } from './secrets.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { UserRepository } from './users/repository.ts';
import { CodeStore } from './auth/codes.ts';
import { TokenService } from './auth/tokens.ts';
import { SessionStore } from './auth/sessions.ts';
import { AuthService } from './auth/service.ts';
import { ApiKeyStore } from './auth/api-keys.ts';
import { OAuthService } from './oauth/service.ts';
import { TokenRefresher } from './oauth/refresh.ts';
import { SecretBox } from './crypto/secretbox.ts';
import { LogBus } from './jobs/log-bus.ts';
import { JobStore } from './jobs/store.ts';
import { DEFAULT_ENGINE_OPTIONS, defineJob, JobEngine, jobHandlers } from './jobs/engine.ts';
import { RepoRepository } from './repos/repository.ts';
import { RepoService } from './repos/service.ts';
import { analysisHandler } from './analysis/handler.ts';
import { docRepoHandler } from './docgen/handler.ts';
import { docSetHandler } from './docsets/handler.ts';
import { DocSetStore } from './docsets/store.ts';
import { KeyedMutex } from './util/keyed-mutex.ts';
import { createAdapters, type VendorAdapters } from './vendors/index.ts';
import { ConnectionRepository } from './vendors/connections.ts';
import { syncVendor } from './vendors/sync.ts';
import { setOutboundAllow } from './net/outbound.ts';
import { prInsightsHandler } from './insights/handler.ts';
import { PrInsightsPayload } from './insights/payload.ts';
import { PrInsightStore } from './insights/store.ts';
import { WebhookStore } from './webhooks/store.ts';
import { BillingService } from './billing/service.ts';
import { CheckoutService } from './billing/checkout.ts';
import { CouponService } from './billing/coupons.ts';

/**
 * The server's services by feature, each built once from configuration, database and secrets
 * (docs/architecture.md "Server"). `buildApp` hands them to the route factories by name;
 * `npm run worker` builds only the job part (`createJobCore`).
 */
export interface Services {
  /** users, sign-in, sessions, API keys, mail, sign-in with a provider */
  accounts: { users: UserRepository; auth: AuthService; oauth: OAuthService };
  /** repositories, vendor connections, webhooks, doc sets and the job engine */
  jobs: JobCore;
  /** pull-request insights' check and comment records */
  insights: PrInsightStore;
  /** plans, payments, the providers' checkout, coupons */
  billing: { billing: BillingService; checkout: CheckoutService; coupons: CouponService };
}

export interface ServiceOptions {
  log: FastifyBaseLogger;
  /** whether this process runs jobs */
  work: boolean;
  /** tests may pass their own; default from config */
  mailer?: Mailer;
  /** tests may pass adapters of their own */
  adapters?: VendorAdapters;
}

export function createServices(config: Config, database: DatabaseHandle, secrets: Secrets, opts: ServiceOptions): Services {
  const jobs = createJobCore({
    config,
    database,
    secrets,
    log: opts.log,
    work: opts.work,
    ...(opts.adapters ? { adapters: opts.adapters } : {}),
  });
  const accounts = accountServices(config, database, secrets, jobs, opts);
  const billing = new BillingService(database.db, config.billing);
  return {
    accounts,
    jobs,
    insights: new PrInsightStore(database.db),
    billing: { billing, checkout: new CheckoutService(billing, config.appUrl), coupons: new CouponService(database.db, jobs.box) },
  };
}

function accountServices(
  config: Config,
  database: DatabaseHandle,
  secrets: Secrets,
  jobs: JobCore,
  opts: ServiceOptions,
): Services['accounts'] {
  const log = opts.log;
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const users = new UserRepository(database.db);
  const auth = new AuthService({
    users,
    codes: new CodeStore(database.db, secrets.jwtSecret),
    tokens: new TokenService(secrets.jwtSecret, config.sessionTtlSeconds),
    mailer,
    appUrl: config.appUrl,
    log,
    sessions: new SessionStore(database.db, config.sessionMaxLifetimeSeconds),
    apiKeys: new ApiKeyStore(database.db),
    apiKeyFailuresPerHour: config.apiKeyFailuresPerHour,
  });
  const oauth = new OAuthService({
    db: database.db,
    config: config.oauth,
    appUrl: config.appUrl,
    secret: secrets.jwtSecret,
    box: jobs.box,
    users,
    connections: jobs.connections,
    sessions: auth,
    log,
    // A code host's sign-in stores its token as the vendor connection: its repositories sync at once.
    onConnected: (row, vendor) => {
      syncVendor(jobs, row, vendor, () => {}, AbortSignal.timeout(10 * 60_000)).catch((err: Error) =>
        log.warn({ vendor, err: err.message }, 'sync after sign-in failed'),
      );
    },
  });
  return { users, auth, oauth };
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
  const store = new JobStore(database.db, bus, { oneConnection: database.kind === 'pglite' });
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
