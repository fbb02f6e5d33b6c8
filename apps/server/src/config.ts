import path from 'node:path';

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
  logLevel: string;
  /** built web app to serve; absent folder → API only */
  webDist: string;
  loginRateLimitPerMinute: number;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
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
    logLevel: env.LOG_LEVEL || 'info',
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    loginRateLimitPerMinute: intFrom(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 10),
  };
}
