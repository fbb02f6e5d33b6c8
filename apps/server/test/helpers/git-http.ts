import { spawn } from 'node:child_process';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Git's smart HTTP protocol on 127.0.0.1 (`git http-backend` as CGI) serving the bare
 * repositories under `root`, answering 401 unless the request carries `authorization`
 * exactly — a stand-in for a vendor's https git endpoint that needs the token.
 */
export interface GitHttpServer {
  url(name: string): string;
  /** every request's method, path and headers */
  requests: Array<{ method: string; path: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

export async function startGitHttp(root: string, authorization: string): Promise<GitHttpServer> {
  const requests: GitHttpServer['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push({ method: req.method ?? 'GET', path: u.pathname, headers: req.headers });
      if (req.headers.authorization !== authorization) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="git"', 'content-type': 'text/plain' });
        res.end('authentication required');
        return;
      }
      const body = Buffer.concat(chunks);
      const cgi = spawn('git', ['http-backend'], {
        env: {
          PATH: process.env.PATH,
          GIT_CONFIG_GLOBAL: '/dev/null',
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_PROJECT_ROOT: root,
          GIT_HTTP_EXPORT_ALL: '1',
          REQUEST_METHOD: req.method ?? 'GET',
          PATH_INFO: decodeURIComponent(u.pathname),
          QUERY_STRING: u.search.replace(/^\?/, ''),
          CONTENT_TYPE: req.headers['content-type'] ?? '',
          CONTENT_LENGTH: String(body.length),
          REMOTE_USER: 'docent',
          REMOTE_ADDR: '127.0.0.1',
          ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
          ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
        },
        stdio: ['pipe', 'pipe', 'ignore'],
      });
      const out: Buffer[] = [];
      cgi.stdout.on('data', (c: Buffer) => out.push(c));
      // git http-backend may answer (and exit) before it has read the whole body: a write into its
      // closed stdin is EPIPE, which unhandled ends the test process
      cgi.stdin.on('error', () => undefined);
      cgi.stdin.end(body);
      cgi.on('close', () => {
        const all = Buffer.concat(out);
        const split = all.indexOf('\r\n\r\n') >= 0 ? { at: all.indexOf('\r\n\r\n'), len: 4 } : { at: all.indexOf('\n\n'), len: 2 };
        const head = all.subarray(0, split.at).toString('utf8');
        let status = 200;
        const headers: Record<string, string> = {};
        for (const line of head.split(/\r?\n/)) {
          const i = line.indexOf(':');
          if (i < 0) continue;
          const name = line.slice(0, i).trim().toLowerCase();
          const value = line.slice(i + 1).trim();
          if (name === 'status') status = Number(value.split(' ')[0]);
          else headers[name] = value;
        }
        res.writeHead(status, headers);
        res.end(all.subarray(split.at + split.len));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (name) => `${base}/${name}.git`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
