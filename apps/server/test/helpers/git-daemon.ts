import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 't@example.com', GIT_CONFIG_GLOBAL: '/dev/null' };

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A real `git daemon` on 127.0.0.1 serving bare repositories from a temp folder. */
export class GitDaemon {
  private child: ChildProcess | null = null;
  port = 0;
  constructor(readonly base: string) {}

  static async start(): Promise<GitDaemon> {
    const d = new GitDaemon(await mkdtemp(path.join(os.tmpdir(), 'docent-gitd-')));
    d.port = await freePort();
    d.child = spawn('git', ['daemon', '--export-all', '--reuseaddr', '--enable=receive-pack', `--base-path=${d.base}`, `--port=${d.port}`, '--listen=127.0.0.1', d.base], {
      stdio: 'ignore',
      // Its own process group: `git daemon` runs the real git-daemon as a child, which a kill of
      // the `git` wrapper alone would leave running after the tests.
      detached: true,
    });
    // Wait until it accepts connections: stderr is read, so 'Connection refused' keeps waiting.
    for (let i = 0; i < 50; i++) {
      try {
        execFileSync('git', ['ls-remote', `git://127.0.0.1:${d.port}/nonexistent.git`], { stdio: 'pipe', timeout: 2000 });
      } catch (err) {
        const out = String((err as { stderr?: Buffer }).stderr ?? '');
        if (!/Connection refused/.test(out)) break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return d;
  }

  url(name: string): string {
    return `git://127.0.0.1:${this.port}/${name}.git`;
  }

  /** Creates `name.git` from files (path → content), committed in one or more commits. */
  async addRepo(name: string, commits: Array<Record<string, string>>): Promise<string> {
    const work = await mkdtemp(path.join(os.tmpdir(), 'docent-gitwork-'));
    git(work, 'init', '-q', '-b', 'main');
    for (const [i, files] of commits.entries()) {
      for (const [rel, content] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(work, rel)), { recursive: true });
        await writeFile(path.join(work, rel), content);
      }
      git(work, 'add', '-A');
      git(work, 'commit', '-q', '-m', `commit ${i + 1}`);
    }
    const bare = path.join(this.base, `${name}.git`);
    git(this.base, 'clone', '-q', '--bare', work, bare);
    await rm(work, { recursive: true, force: true });
    return bare;
  }

  async stop(): Promise<void> {
    if (this.child?.pid !== undefined) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        this.child.kill('SIGKILL');
      }
    }
    await rm(this.base, { recursive: true, force: true });
  }
}

/**
 * A TCP gate in front of a git daemon. Held, git connects but gets no answer (a clone waits in
 * place), so a test can act on a job that is certainly still running; released, the waiting
 * connections and new ones go through.
 */
export class GitGate {
  private held = false;
  private readonly waiting = new Set<Socket>();
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    private readonly daemonPort: number,
    readonly port: number,
  ) {}

  /** `daemon`: anything listening for git on 127.0.0.1 (this file's GitDaemon or the e2e one). */
  static async start(daemon: { port: number }): Promise<GitGate> {
    const created: { gate?: GitGate } = {};
    const server = createServer((client) => created.gate!.accept(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    created.gate = new GitGate(server, daemon.port, (server.address() as { port: number }).port);
    return created.gate;
  }

  /** Connections waiting at the gate now. */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /** From now on connections wait (unanswered) until release(). */
  hold(): void {
    this.held = true;
  }

  release(): void {
    this.held = false;
    for (const client of this.waiting) this.forward(client);
    this.waiting.clear();
  }

  /** `name` as the daemon serves it, e.g. `big` or `acme/bigrepo`. */
  url(name: string): string {
    return `git://127.0.0.1:${this.port}/${name}.git`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    this.sockets.add(client);
    client.on('close', () => {
      this.sockets.delete(client);
      this.waiting.delete(client);
    });
    client.on('error', () => client.destroy());
    // Held: nothing is read, so what git sends stays buffered until forward().
    if (this.held) this.waiting.add(client);
    else this.forward(client);
  }

  private forward(client: Socket): void {
    if (client.destroyed) return;
    const upstream = connect(this.daemonPort, '127.0.0.1');
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  }
}
