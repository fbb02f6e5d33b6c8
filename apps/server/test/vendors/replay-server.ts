/**
 * A local stand-in for a vendor's REST API: node:http on 127.0.0.1 and a random port, answering
 * each `METHOD /path` with a handler that replays the vendor's documented payloads, and
 * recording every request so tests can assert paths, queries, auth headers and bodies.
 */
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: RecordedRequest, res: ServerResponse, url: string) => void | Promise<void>;

export interface ReplayServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  requests: RecordedRequest[];
  /** Sets (or replaces) the handler of `METHOD /path`. */
  on(route: string, handler: Handler): void;
  close(): Promise<void>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

export function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(body);
}

/** Never answers until the client gives up (the timeout tests). */
export function hang(): Handler {
  return () => new Promise<void>(() => {});
}

export async function startReplayServer(): Promise<ReplayServer> {
  const routes = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', base);
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const handler = routes.get(`${recorded.method} ${recorded.path}`);
      if (!handler) {
        sendJson(res, 599, { message: `replay server has no route for ${recorded.method} ${recorded.path}` });
        return;
      }
      Promise.resolve(handler(recorded, res, base)).catch((err: unknown) => {
        if (!res.headersSent) sendJson(res, 598, { message: String(err) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    on: (route, handler) => routes.set(route, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback URL on which nothing listens (a port just released), for connection failures. */
export async function closedPortUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
