import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/test/helpers/net.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`) on a free
 * port with a fresh data dir, mailing through `smtpPort`. It serves the built apps/web/dist.
 */
export async function startServer(
  smtpPort: number,
  logFile: string,
  opts: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const extraEnv = opts.env ?? {};
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // A given data dir belongs to the caller (it restarts a server on it) and outlives stop().
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'docent-e2e-'));
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      APP_URL: url,
      LOG_LEVEL: 'warn',
      // the whole suite signs up and mails from one address (127.0.0.1) within the hour
      MAIL_RATE_LIMIT_PER_HOUR: '100',
      // the fake vendor APIs and the git daemon listen on loopback
      OUTBOUND_ALLOW: '127.0.0.1,localhost',
      // jobs at the browser's priority: a walk's analysis must not wait behind Chromium
      JOB_THREAD_NICE: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });

  const stop = async () => {
    if (exited === null) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    }
    log.end();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  // PGlite's first start of a new data dir takes ~10 s on these machines.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (exited !== null) {
      await stop();
      throw new Error(`The server exited with code ${exited} before answering /api/health; see ${logFile}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return { url, dataDir, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The server did not answer GET /api/health with 200 within 90 s; see ${logFile}`);
}
