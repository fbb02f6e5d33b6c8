/**
 * `npm run bench:web`: what a signed-in user's first visit to the dashboard (/repositories) and a
 * new user's first visit to the sign-in page (/auth/login) cost.
 * Starts the real server on the built web app (fresh data dir, no SMTP: the activation link is read
 * from DATA_DIR/outbox.log), signs a user up through the API, then loads each page in Debian's
 * Chromium with an empty cache, 4× CPU throttling and a Fast-3G-like network (1.6 Mbit/s down,
 * 750 kbit/s up, 150 ms round trip), and prints the bytes on the wire, the JavaScript bytes, the
 * request count, first contentful paint and largest contentful paint. Figures: docs/performance.md,
 * "First load". `-- --runs N` repeats each page load (medians printed); `-- --list` prints each
 * response of the first load with its size. The JavaScript is also counted gzipped (the built
 * files' .gz copies, what a client without brotli gets); the run exits 1 when that or the request
 * count exceeds the budget (scripts/first-load.mjs). WEB_DIST measures another build.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { BUDGET, budgetProblems, ENTRY_SCREENS, TARGET } from '../scripts/first-load.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, list: { type: 'boolean', default: false } } });
const runs = Math.max(1, Number(values.runs) || 3);
const webDist = path.resolve(process.env.WEB_DIST || path.join(repoRoot, 'apps/web/dist'));

/** Gzipped size of a built file the page fetched (its .gz copy, or gzip -9 of it). */
function gzipBytes(urlPath: string): number {
  const file = path.join(webDist, decodeURIComponent(urlPath.split('?')[0]));
  if (!file.startsWith(webDist + path.sep) || !existsSync(file)) return 0;
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'docent-bench-web-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  APP_URL: url,
  LOG_LEVEL: 'warn',
};
delete env.SMTP_URL; // mails go to DATA_DIR/outbox.log
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: repoRoot,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
let exited = false;
server.once('exit', () => (exited = true));

try {
  for (let i = 0; ; i++) {
    if (exited) throw new Error('the server exited before answering');
    if (i > 1800) throw new Error('server did not start in 3 minutes');
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const email = `bench-${Date.now()}@example.com`;
  const signup = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Bench', last_name: 'User', email, password: 'Analytical1', agreeToTerms: true }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  const outbox = readFileSync(path.join(dataDir, 'outbox.log'), 'utf8');
  const token = /\/auth\/rapid\/login\?token=([^\s"'<>&]+)/.exec(outbox)?.[1];
  if (!token) throw new Error('no activation link in outbox.log');
  const rapid = await fetch(`${url}/api/v1/auth/rapid-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: decodeURIComponent(token) }),
  });
  const session = (await rapid.json()) as { token: string; user: unknown };

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const kb = (n: number): string => `${(n / 1024).toFixed(0)} kB`;
  for (const screen of ENTRY_SCREENS) {
    const signedIn = screen.name === 'dashboard';
    const samples: { bytes: number; js: number; jsGzip: number; requests: number; fcp: number; lcp: number }[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      if (signedIn)
        await context.addInitScript(
          ([t, u]) => {
            localStorage.setItem('accessToken', t);
            localStorage.setItem('user', u);
            localStorage.setItem('tutorialDone', 'true');
          },
          [session.token, JSON.stringify(session.user)] as const,
        );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const types = new Map<string, string>();
      const urls = new Map<string, string>();
      cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
      let bytes = 0;
      let js = 0;
      let jsGzip = 0;
      let requests = 0;
      cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
      cdp.on('Network.loadingFinished', (e) => {
        requests++;
        bytes += e.encodedDataLength;
        if (types.get(e.requestId) === 'Script') {
          js += e.encodedDataLength;
          jsGzip += gzipBytes(new URL(urls.get(e.requestId) ?? '/', url).pathname);
        }
        if (values.list && run === 0) console.log(`${String(e.encodedDataLength).padStart(8)}  ${urls.get(e.requestId)?.replace(url, '')}`);
      });
      await page.goto(`${url}${screen.url}`, { waitUntil: 'networkidle' });
      await (signedIn ? page.getByText('Repositories', { exact: false }) : page.getByRole('button', { name: 'Sign in' })).first().waitFor();
      const paints = await page.evaluate(
        () =>
          new Promise<{ fcp: number; lcp: number }>((resolve) => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve({ fcp, lcp: entries[entries.length - 1]?.startTime ?? NaN });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      samples.push({ bytes, js, jsGzip, requests, ...paints });
      await context.close();
    }
    console.log(`${screen.name} first load, ${screen.url} (${runs} runs, medians; 4× CPU throttle, 1.6 Mbit/s, 150 ms RTT)`);
    console.log(`  transferred: ${kb(median(samples.map((s) => s.bytes)))}  (JavaScript ${kb(median(samples.map((s) => s.js)))})`);
    const jsGzipBytes = median(samples.map((s) => s.jsGzip));
    const requests = median(samples.map((s) => s.requests));
    console.log(`  JavaScript gzipped: ${kb(jsGzipBytes)}  (budget ${kb(BUDGET.jsGzipBytes)}, target ${kb(TARGET.jsGzipBytes)})`);
    console.log(`  requests:    ${requests}  (budget ${BUDGET.requests})`);
    console.log(`  FCP:         ${median(samples.map((s) => s.fcp)).toFixed(0)} ms`);
    console.log(`  LCP:         ${median(samples.map((s) => s.lcp)).toFixed(0)} ms`);
    const problems = budgetProblems({ jsGzipBytes, requests }, BUDGET, screen.name);
    for (const p of problems) console.error(`over budget: ${p}`);
    if (problems.length) process.exitCode = 1;
  }
  await browser.close();
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
