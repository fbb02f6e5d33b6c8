import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Just enough of the GitHub REST API (on 127.0.0.1) for connecting with a token and syncing:
 * GET /user and GET /user/repos, answering 401 "Bad credentials" to any other token.
 */
export class FakeGitHub {
  private server: Server;
  url = '';
  constructor(readonly token: string) {
    this.server = createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      const auth = req.headers.authorization ?? '';
      if (!auth.endsWith(` ${this.token}`))
        return send(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/user') return send(200, { login: 'octocat', id: 1, type: 'User' });
      if (path === '/user/orgs') return send(200, []);
      if (path === '/user/repos') return send(200, [repo(1296269, 'Hello-World', false), repo(1300192, 'Spoon-Knife', true)]);
      return send(404, { message: 'Not Found' });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function repo(id: number, name: string, isPrivate: boolean) {
  return {
    id,
    name,
    full_name: `octocat/${name}`,
    owner: { login: 'octocat', id: 1, type: 'User' },
    private: isPrivate,
    html_url: `https://github.com/octocat/${name}`,
    clone_url: `https://github.com/octocat/${name}.git`,
    default_branch: 'main',
    visibility: isPrivate ? 'private' : 'public',
    archived: false,
    fork: false,
  };
}
