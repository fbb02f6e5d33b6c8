import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { flagOf, integerOf, stringOf, UsageError, type ParsedArgs } from './args.ts';

/**
 * `docent login [--server URL]` and `docent logout` (docs/cli.md): the browser signs in on
 * the server's /auth/localhost/login page, the user consents, and the page hands a token of a
 * new session to a one-shot HTTP listener on 127.0.0.1; the token is kept in the user's config
 * folder, readable by the user only (0600).
 */

export const DEFAULT_SERVER = 'http://localhost:8080';
const LOGIN_TIMEOUT_S = 300;

export interface Credentials {
  server: string;
  token: string;
  email: string;
  savedAt: string;
}

/** $DOCENT_CONFIG_DIR, else %APPDATA%\docent on Windows, else $XDG_CONFIG_HOME/docent or ~/.config/docent. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DOCENT_CONFIG_DIR) return env.DOCENT_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return path.join(env.APPDATA, 'docent');
  return path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'docent');
}

const credentialsFile = (env: NodeJS.ProcessEnv = process.env): string => path.join(configDir(env), 'credentials.json');

export function readCredentials(env: NodeJS.ProcessEnv = process.env): Credentials | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(credentialsFile(env), 'utf8')) as Partial<Credentials>;
    return typeof parsed.server === 'string' && typeof parsed.token === 'string' ? (parsed as Credentials) : null;
  } catch {
    return null;
  }
}

/** Written to a temporary file created 0600, then renamed over the old one: never readable by others, not even for a moment. */
function writeCredentials(creds: Credentials, env: NodeJS.ProcessEnv = process.env): string {
  const dir = configDir(env);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = credentialsFile(env);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
  return file;
}

function parseServer(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--server must be an http(s) URL (got "${raw}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--server must be an http(s) URL (got "${raw}").`);
  return url.origin;
}

function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined); // no browser: the printed address is the way
    child.unref();
  } catch {
    /* the address is printed */
  }
}

const page = (title: string, text: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:sans-serif;max-width:40em;margin:4em auto"><h1>${title}</h1><p>${text}</p></body></html>`;
const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Asks the server who the token belongs to; null when it refuses it. */
async function whoAmI(server: string, token: string): Promise<string | null> {
  const res = await fetch(`${server}/api/v1/user`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  if (!res.ok) return null;
  const user = (await res.json()) as { email?: { name?: string } };
  return user.email?.name ?? '';
}

/** `docent login`: usage errors (a bad --server or --timeout) are thrown as UsageError. */
export async function loginCommand(args: ParsedArgs): Promise<number> {
  const server = parseServer(stringOf(args, 'server') ?? (process.env.DOCENT_SERVER || readCredentials()?.server || DEFAULT_SERVER));
  const browser = !flagOf(args, 'no-browser');
  const timeoutS = integerOf(args, 'timeout', 1, '--timeout must be a positive number of seconds.') ?? LOGIN_TIMEOUT_S;

  const state = randomBytes(16).toString('hex');
  let finish: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (finish = resolve));

  const listener = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const reply = (status: number, title: string, text: string): void => {
      // The address carried a token: no referrer, no caching.
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
      res.end(page(title, text));
    };
    if (req.method !== 'GET' || url.pathname !== '/callback') return reply(404, 'Not found', 'Nothing here.');
    // Only the answer to this login's own request counts; anything else is ignored and we keep waiting.
    if (url.searchParams.get('state') !== state)
      return reply(400, 'Not this login', 'This address does not belong to the running docent login.');
    const token = url.searchParams.get('token');
    if (!token) return reply(400, 'No token', 'The sign-in page sent no token.');
    void whoAmI(server, token)
      .then((email) => {
        if (email === null) {
          reply(401, 'Sign-in failed', 'The server did not accept the token. Run docent login again.');
          process.stderr.write(`docent: ${server} did not accept the token it sent; not signed in.\n`);
          finish(1);
          return;
        }
        const file = writeCredentials({ server, token, email, savedAt: new Date().toISOString() });
        reply(200, 'Docent CLI signed in', `The Docent CLI is signed in${email ? ` as ${esc(email)}` : ''}. You can close this tab.`);
        process.stdout.write(`Signed in to ${server}${email ? ` as ${email}` : ''}. Token stored in ${file}.\n`);
        finish(0);
      })
      .catch((error: Error) => {
        reply(502, 'Sign-in failed', 'The server could not be asked. Run docent login again.');
        process.stderr.write(`docent: cannot reach ${server}: ${error.message}\n`);
        finish(1);
      });
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (listener.address() as { port: number }).port;
  const redirectUri = `http://127.0.0.1:${port}/callback?state=${state}`;
  const loginUrl = `${server}/auth/localhost/login?${new URLSearchParams({ redirectUri }).toString()}`;
  process.stdout.write(
    `${browser ? 'Opening your browser to sign in. If it does not open, visit' : 'To sign in, visit'}:\n  ${loginUrl}\n`,
  );
  if (browser) openBrowser(loginUrl);

  const timer = setTimeout(() => {
    process.stderr.write(`docent: no sign-in within ${timeoutS} s; not signed in.\n`);
    finish(1);
  }, timeoutS * 1000);
  const code = await done;
  clearTimeout(timer);
  listener.closeAllConnections?.();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  return code;
}

/** `docent logout` (the command table refuses any argument). */
export async function logoutCommand(): Promise<number> {
  const creds = readCredentials();
  if (!creds) {
    process.stdout.write('Not signed in.\n');
    return 0;
  }
  let ended = false;
  try {
    // Ends the CLI's session on the server, so a copy of the token stops working too.
    const res = await fetch(`${creds.server}/api/v1/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${creds.token}` } });
    ended = res.ok || res.status === 511; // 511: already ended
  } catch {
    /* server unreachable: the local copy is still removed */
  }
  fs.rmSync(credentialsFile(), { force: true });
  process.stdout.write(
    ended
      ? `Signed out of ${creds.server}.\n`
      : `Removed the stored token; ${creds.server} could not be told, so its session stays until it expires.\n`,
  );
  return 0;
}
