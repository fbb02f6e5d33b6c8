import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP server of a vendor fake (OAuth providers, PayPal, Cashfree): 127.0.0.1 on a free port,
 * `url` once started. A handler that throws answers 500 with its message; stop() also drops
 * kept-alive connections, so a test's teardown never waits on a browser's idle socket.
 */
export abstract class LoopbackFake {
  private readonly server = http.createServer((req, res) => {
    Promise.resolve()
      .then(() => this.handle(req, res))
      .catch((err: unknown) => {
        if (res.headersSent) return void res.end();
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: err instanceof Error ? err.message : String(err) }));
      });
  });
  url = '';

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  protected abstract handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
}
