import path from 'node:path';
import { llmConfigFromEnv, type LlmConfig } from '@docent/analyzer/llm';

/** Every environment variable the server reads, in one place (documented in README.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server URL; absent → embedded PGlite under dataDir/pglite */
  databaseUrl: string | null;
  /** public URL of the app, used in mailed links */
  appUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string | null;
  encryptionKey: string | null;
  sessionTtlSeconds: number;
  /** absolute lifetime of a session from sign-in: refreshing never extends past it */
  sessionMaxLifetimeSeconds: number;
  logLevel: string;
  /** built web app to serve; absent folder → API only */
  webDist: string;
  loginRateLimitPerMinute: number;
  /** mails one target address, one signed-in user (and a quarter of one client address) may cause per hour */
  mailRateLimitPerHour: number;
  /** security-code checks per target (and a third of per client address) per hour, across re-requested codes */
  codeAttemptsPerHour: number;
  /** failed API-key checks one client address may make per hour before it is refused (429) */
  apiKeyFailuresPerHour: number;
  /**
   * Fastify's `trustProxy`: false (default) keys every limit on the socket's address; a hop count
   * or a list of proxy addresses/CIDRs makes X-Forwarded-For count, as far as those proxies vouch.
   */
  trustProxy: false | number | string[];
  /** live event streams (job logs, syncs) one user, and the whole process, may hold open */
  sseMaxStreamsPerUser: number;
  sseMaxStreams: number;
  /** hosts and CIDRs a user-supplied outbound destination may resolve to despite being internal */
  outboundAllow: string[];
  /** run jobs in the API process too (embedded default); `npm run worker` processes always do */
  runWorkers: boolean;
  /**
   * `npm start` on PostgreSQL runs the jobs in a worker process it starts beside the API (RUN_WORKERS
   * unset or `true`); `RUN_WORKERS=in-process` keeps them in the API process, as on the embedded
   * database, which serves one process only (docs/decisions.md "Jobs in a process of their own on PostgreSQL")
   */
  workerProcess: boolean;
  workerConcurrency: number;
  /** a RUNNING job whose worker sent no heartbeat for this long is marked FAILED */
  jobStaleSeconds: number;
  /** local directories whose repositories may be added by path; empty = none */
  localRepoRoots: string[];
  /** this worker's clone cache */
  cloneDir: string;
  /** analyzer per-file cache */
  analyzerCacheDir: string;
  maxRepoBytes: number;
  /** DOCS_MAX_SET_MB: the largest architecture / API doc set a run may store (all its files) */
  docsMaxSetBytes?: number;
  /** DOCS_KEEP_VERSIONS: hosted versions kept per repository and doc type (older ones are dropped) */
  docsKeepVersions?: number;
  /** LLM_PROVIDER (none | openai-compatible | anthropic), LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS */
  llm: LlmConfig;
  /** identity providers for sign-in; a provider is on when its client id and secret are set */
  oauth: OAuthConfig;
  /** public URL vendors post webhooks to (docs/webhooks.md); APP_URL unless WEBHOOK_BASE_URL is set */
  webhookBaseUrl: string;
  /** webhook deliveries one client address may make per minute */
  webhookRateLimitPerMinute: number;
  /** failed webhook checks (unknown URL, bad signature) one client address may make per hour */
  webhookFailuresPerHour: number;
  /** plans, payments and coupons (docs/billing.md) */
  billing: BillingConfig;
  /** SENTRY_DSN: where errors are reported (Sentry protocol; GlitchTip works); null → nothing is sent */
  sentryDsn: string | null;
  /** SENTRY_RELEASE (default: the git commit, when known) and SENTRY_ENVIRONMENT (default: production) */
  sentryRelease: string | null;
  sentryEnvironment: string;
  /** ANALYTICS_URL: a Plausible-compatible server; null → no analytics. ANALYTICS_DOMAIN: the site's name there (default: APP_URL's host) */
  analyticsUrl: string | null;
  analyticsDomain: string;
}

/** Prices, exchange rate, providers and the referral coupon (docs/billing.md). Amounts in minor units. */
export interface BillingConfig {
  prices: { proMonthly: { USD: number; INR: number }; fullRepo: { USD: number; INR: number } };
  /** USD_INR_RATE; null → the spec's fallback of 83 */
  usdInrRate: number | null;
  /** the built-in test provider (in-app checkout that completes or fails a payment) */
  testProvider: boolean;
  paypal: { clientId: string; clientSecret: string; webhookId: string; baseUrl: string; proPlanId: string | null } | null;
  cashfree: { appId: string; secretKey: string; baseUrl: string; apiVersion: string } | null;
  referralCoupon: { amountMinor: number; currency: 'USD' | 'INR' };
  /** Cashfree requires a customer phone; Docent has none, so the operator's (CASHFREE_CUSTOMER_PHONE) */
  cashfreeCustomerPhone: string;
  /** webhook signature checks one client address may make per minute (WEBHOOK_CHECKS_PER_MINUTE) */
  webhookChecksPerMinute: number;
  /** PAYMENT_MODE: `sandbox` (the default) or `live` */
  paymentMode: 'sandbox' | 'live';
  /** the configured providers that point at their sandbox (no money moves there) */
  sandboxProviders: Array<'PayPal' | 'Cashfree'>;
  /** NODE_ENV is development or test: a sandbox is expected there and not warned about */
  development: boolean;
}

/**
 * The loud warning for an operator who configured PayPal or Cashfree but forgot PAYMENT_MODE=live
 * (docs/billing.md, "Sandbox or live"): outside development its customers would be sent to the
 * providers' sandbox checkout, where no money moves. Null when there is nothing to warn about.
 */
export function paymentSandboxWarning(billing: BillingConfig): string | null {
  if (billing.development || billing.sandboxProviders.length === 0) return null;
  return `!!! PAYMENT_MODE is not live: ${billing.sandboxProviders.join(' and ')} ${billing.sandboxProviders.length > 1 ? 'use' : 'uses'} the provider's SANDBOX. Customers are sent to a test checkout and no money moves. Set PAYMENT_MODE=live for real payments. !!!`;
}

/** A decimal amount (e.g. "19.99") in minor units; throws on anything else. */
function moneyFrom(env: NodeJS.ProcessEnv, name: string, fallback: number | null): number | null {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(raw)) throw new Error(`${name} must be an amount like 19 or 19.99, got "${raw}"`);
  return Math.round(Number(raw) * 100);
}

export function billingFrom(env: NodeJS.ProcessEnv): BillingConfig {
  const rateRaw = env.USD_INR_RATE?.trim();
  let usdInrRate: number | null = null;
  if (rateRaw) {
    const n = Number(rateRaw);
    if (!Number.isFinite(n) || n <= 0 || n > 10_000) throw new Error(`USD_INR_RATE must be a positive number, got "${rateRaw}"`);
    usdInrRate = n;
  }
  const rate = usdInrRate ?? 83;
  const usd = (name: string, fallback: number) => moneyFrom(env, name, fallback) as number;
  const inr = (name: string, usdMinor: number) => moneyFrom(env, name, null) ?? Math.round((usdMinor * rate) / 100) * 100;
  const proUsd = usd('PRICE_PRO_MONTHLY_USD', 2000);
  const repoUsd = usd('PRICE_FULL_REPO_USD', 4900);
  const paypalId = env.PAYPAL_CLIENT_ID?.trim();
  const paypalSecret = env.PAYPAL_CLIENT_SECRET?.trim();
  const cfId = env.CASHFREE_APP_ID?.trim();
  const cfSecret = env.CASHFREE_SECRET_KEY?.trim();
  if (Boolean(paypalId) !== Boolean(paypalSecret)) throw new Error('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together');
  if (Boolean(cfId) !== Boolean(cfSecret)) throw new Error('CASHFREE_APP_ID and CASHFREE_SECRET_KEY must be set together');
  const mode = env.PAYMENT_MODE?.trim().toLowerCase() || 'sandbox';
  // a typo ("production", "prod") must not fall back to the sandbox without a word
  if (mode !== 'sandbox' && mode !== 'live') throw new Error(`PAYMENT_MODE must be sandbox or live, got "${env.PAYMENT_MODE}"`);
  const live = mode === 'live';
  const paypal =
    paypalId && paypalSecret
      ? {
          clientId: paypalId,
          clientSecret: paypalSecret,
          webhookId: env.PAYPAL_WEBHOOK_ID?.trim() ?? '',
          proPlanId: env.PAYPAL_PRO_PLAN_ID?.trim() || null,
          baseUrl: trimUrl(env.PAYPAL_BASE_URL || (live ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com')),
        }
      : null;
  const cashfree =
    cfId && cfSecret
      ? {
          appId: cfId,
          secretKey: cfSecret,
          apiVersion: env.CASHFREE_API_VERSION?.trim() || '2023-08-01',
          baseUrl: trimUrl(env.CASHFREE_BASE_URL || (live ? 'https://api.cashfree.com' : 'https://sandbox.cashfree.com')),
        }
      : null;
  // The test provider (payments that move no money) is off unless BILLING_TEST_PROVIDER=true,
  // whatever NODE_ENV says: a server started without it offers no free Pro (docs/billing.md).
  const flag = env.BILLING_TEST_PROVIDER?.trim().toLowerCase();
  if (flag && flag !== 'true' && flag !== 'false') throw new Error(`BILLING_TEST_PROVIDER must be true or false, got "${flag}"`);
  const testProvider = flag === 'true';
  const couponCurrency = (env.REFERRAL_COUPON_CURRENCY?.trim() || 'USD').toUpperCase();
  if (couponCurrency !== 'USD' && couponCurrency !== 'INR') throw new Error('REFERRAL_COUPON_CURRENCY must be USD or INR');
  return {
    prices: {
      proMonthly: { USD: proUsd, INR: inr('PRICE_PRO_MONTHLY_INR', proUsd) },
      fullRepo: { USD: repoUsd, INR: inr('PRICE_FULL_REPO_INR', repoUsd) },
    },
    usdInrRate,
    testProvider,
    paypal,
    cashfree,
    referralCoupon: { amountMinor: moneyFrom(env, 'REFERRAL_COUPON_AMOUNT', 500) as number, currency: couponCurrency },
    cashfreeCustomerPhone: env.CASHFREE_CUSTOMER_PHONE?.trim() || '9999999999',
    webhookChecksPerMinute: Math.max(1, intFrom(env, 'WEBHOOK_CHECKS_PER_MINUTE', 120)),
    paymentMode: mode,
    sandboxProviders: [
      ...(paypal?.baseUrl === 'https://api-m.sandbox.paypal.com' ? (['PayPal'] as const) : []),
      ...(cashfree?.baseUrl === 'https://sandbox.cashfree.com' ? (['Cashfree'] as const) : []),
    ],
    development: env.NODE_ENV === 'development' || env.NODE_ENV === 'test',
  };
}

export type OAuthProviderId = 'github' | 'google' | 'gitlab' | 'bitbucket' | 'azure';

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  /** where the browser is sent to authorize and the token is fetched (GitHub Enterprise, self-managed GitLab, the Microsoft authority) */
  baseUrl: string;
  /** the provider's API for the user (and, for code hosts, the stored connection) */
  apiUrl: string;
  /** Microsoft only: Azure DevOps Services (AZURE_DEVOPS_URL, default https://dev.azure.com) */
  devopsUrl?: string;
  /** Microsoft only: Azure DevOps' profile and accounts service (AZURE_DEVOPS_VSSPS_URL, default https://app.vssps.visualstudio.com) */
  vsspsUrl?: string;
}

export type OAuthConfig = Partial<Record<OAuthProviderId, OAuthProviderConfig>>;

function trimUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** OAUTH_<PROVIDER>_CLIENT_ID / _CLIENT_SECRET / _BASE_URL / _API_URL; both id and secret, or neither. */
export function oauthFrom(env: NodeJS.ProcessEnv): OAuthConfig {
  const defaults: Record<OAuthProviderId, { base: string; api: (base: string) => string }> = {
    github: { base: 'https://github.com', api: (b) => (b === 'https://github.com' ? 'https://api.github.com' : `${b}/api/v3`) },
    // Google's endpoints live on three hosts; a BASE_URL (a test double or proxy) serves all three paths.
    google: {
      base: 'https://accounts.google.com',
      api: (b) => (b === 'https://accounts.google.com' ? 'https://openidconnect.googleapis.com' : b),
    },
    gitlab: { base: 'https://gitlab.com', api: (b) => b },
    bitbucket: { base: 'https://bitbucket.org', api: (b) => (b === 'https://bitbucket.org' ? 'https://api.bitbucket.org' : b) },
    azure: { base: 'https://login.microsoftonline.com/common', api: () => 'https://graph.microsoft.com' },
  };
  const out: OAuthConfig = {};
  for (const id of Object.keys(defaults) as OAuthProviderId[]) {
    const key = `OAUTH_${id.toUpperCase()}`;
    const clientId = env[`${key}_CLIENT_ID`]?.trim();
    const clientSecret = env[`${key}_CLIENT_SECRET`]?.trim();
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) throw new Error(`${key}_CLIENT_ID and ${key}_CLIENT_SECRET must be set together`);
    const base = trimUrl(env[`${key}_BASE_URL`] || defaults[id].base);
    const api = trimUrl(env[`${key}_API_URL`] || defaults[id].api(base));
    for (const [name, url] of [
      [`${key}_BASE_URL`, base],
      [`${key}_API_URL`, api],
    ] as const) {
      if (!/^https?:\/\/[^\s/]+/.test(url)) throw new Error(`${name} must be an http(s) URL, got "${url}"`);
    }
    out[id] = { clientId, clientSecret, baseUrl: base, apiUrl: api };
    if (id === 'azure') {
      // Signing in with Microsoft also connects Azure DevOps: where its services live (tests: a loopback fake).
      const devops = trimUrl(env.AZURE_DEVOPS_URL || 'https://dev.azure.com');
      const vssps = trimUrl(env.AZURE_DEVOPS_VSSPS_URL || 'https://app.vssps.visualstudio.com');
      for (const [name, url] of [
        ['AZURE_DEVOPS_URL', devops],
        ['AZURE_DEVOPS_VSSPS_URL', vssps],
      ] as const) {
        if (!/^https?:\/\/[^\s/]+/.test(url)) throw new Error(`${name} must be an http(s) URL, got "${url}"`);
      }
      out[id] = { ...out[id]!, devopsUrl: devops, vsspsUrl: vssps };
    }
  }
  return out;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** TRUST_PROXY: unset/false → off; an integer → that many hops; otherwise a comma list of addresses/CIDRs. */
function trustProxyFrom(raw: string | undefined): false | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true')
    throw new Error("TRUST_PROXY=true would trust any client's X-Forwarded-For: give a hop count or the proxies' addresses");
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env, 'PORT', 8080);
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Docent <no-reply@docent.local>',
    jwtSecret: env.JWT_SECRET || null,
    encryptionKey: env.ENCRYPTION_KEY || null,
    sessionTtlSeconds: intFrom(env, 'SESSION_TTL_SECONDS', 7 * 24 * 3600),
    sessionMaxLifetimeSeconds: Math.max(60, intFrom(env, 'SESSION_MAX_LIFETIME_SECONDS', 30 * 24 * 3600)),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    loginRateLimitPerMinute: intFrom(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 10),
    mailRateLimitPerHour: Math.max(1, intFrom(env, 'MAIL_RATE_LIMIT_PER_HOUR', 5)),
    codeAttemptsPerHour: Math.max(1, intFrom(env, 'CODE_ATTEMPTS_PER_HOUR', 10)),
    apiKeyFailuresPerHour: Math.max(1, intFrom(env, 'API_KEY_FAILURES_PER_HOUR', 30)),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    sseMaxStreamsPerUser: Math.max(1, intFrom(env, 'SSE_MAX_STREAMS_PER_USER', 10)),
    sseMaxStreams: Math.max(1, intFrom(env, 'SSE_MAX_STREAMS', 1000)),
    outboundAllow: (env.OUTBOUND_ALLOW ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
    runWorkers: (env.RUN_WORKERS ?? 'true') !== 'false',
    workerProcess: Boolean(env.DATABASE_URL) && !['false', 'in-process'].includes(env.RUN_WORKERS ?? 'true'),
    workerConcurrency: Math.max(1, intFrom(env, 'WORKER_CONCURRENCY', 2)),
    jobStaleSeconds: Math.max(5, intFrom(env, 'JOB_STALE_SECONDS', 30)),
    localRepoRoots: (env.LOCAL_REPO_ROOTS ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((p) => path.resolve(p)),
    cloneDir: path.resolve(env.CLONE_DIR || path.join(env.DATA_DIR || './data', 'clones')),
    analyzerCacheDir: path.resolve(env.DOCENT_CACHE_DIR || path.join(env.DATA_DIR || './data', 'analyzer-cache')),
    maxRepoBytes: intFrom(env, 'MAX_REPO_MB', 2048) * 1024 * 1024,
    docsMaxSetBytes: Math.max(1, intFrom(env, 'DOCS_MAX_SET_MB', 200)) * 1024 * 1024,
    docsKeepVersions: Math.max(1, intFrom(env, 'DOCS_KEEP_VERSIONS', 10)),
    llm: llmConfigFromEnv(env),
    oauth: oauthFrom(env),
    webhookBaseUrl: (env.WEBHOOK_BASE_URL || env.APP_URL || `http://localhost:${port}`).trim().replace(/\/+$/, ''),
    webhookRateLimitPerMinute: Math.max(1, intFrom(env, 'WEBHOOK_RATE_LIMIT_PER_MINUTE', 300)),
    webhookFailuresPerHour: Math.max(1, intFrom(env, 'WEBHOOK_FAILURES_PER_HOUR', 30)),
    billing: billingFrom(env),
    sentryDsn: env.SENTRY_DSN?.trim() || null,
    sentryRelease: env.SENTRY_RELEASE?.trim() || null,
    sentryEnvironment: env.SENTRY_ENVIRONMENT?.trim() || 'production',
    analyticsUrl: env.ANALYTICS_URL?.trim() || null,
    analyticsDomain: env.ANALYTICS_DOMAIN?.trim() || new URL((env.APP_URL || `http://localhost:${port}`).trim()).host,
  };
}
