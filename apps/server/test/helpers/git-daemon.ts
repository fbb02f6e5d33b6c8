import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './net.ts';

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 't@example.com',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' });
}

/** One commit of a fixture repository: its files (path → content), and optionally its message and ISO date. */
export interface FixtureCommit {
  files: Record<string, string>;
  message?: string;
  date?: string;
}

/**
 * A real `git daemon` on 127.0.0.1 serving bare repositories from a temp folder; the one the
 * server tests and the browser tests (e2e/support/git-daemon.ts) use.
 */
export class GitDaemon {
  private child: ChildProcess | null = null;
  port = 0;
  constructor(readonly base: string) {}

  static async start(prefix = 'docent-gitd-'): Promise<GitDaemon> {
    const d = new GitDaemon(await mkdtemp(path.join(os.tmpdir(), prefix)));
    d.port = await freePort();
    d.child = spawn(
      'git',
      [
        'daemon',
        '--export-all',
        '--reuseaddr',
        '--enable=receive-pack',
        `--base-path=${d.base}`,
        `--port=${d.port}`,
        '--listen=127.0.0.1',
        d.base,
      ],
      {
        stdio: 'ignore',
        // Its own process group: `git daemon` runs the real git-daemon as a child, which a kill of
        // the `git` wrapper alone would leave running after the tests.
        detached: true,
      },
    );
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

  /** `name` may hold an owner: `acme/calculator`. */
  url(name: string): string {
    return `git://127.0.0.1:${this.port}/${name}.git`;
  }

  /**
   * Creates `name.git` (`name` may hold an owner folder) from one or more commits, each its
   * files (path → content) or a `FixtureCommit` with a message and date.
   */
  async addRepo(name: string, commits: Array<Record<string, string> | FixtureCommit>): Promise<string> {
    const work = await mkdtemp(path.join(os.tmpdir(), 'docent-gitwork-'));
    git(work, 'init', '-q', '-b', 'main');
    for (const [i, commit] of commits.entries()) {
      const c: FixtureCommit = isFixtureCommit(commit) ? commit : { files: commit };
      for (const [rel, content] of Object.entries(c.files)) {
        await mkdir(path.dirname(path.join(work, rel)), { recursive: true });
        await writeFile(path.join(work, rel), content);
      }
      git(work, 'add', '-A');
      const dated = c.date ? { GIT_AUTHOR_DATE: c.date, GIT_COMMITTER_DATE: c.date } : {};
      execFileSync('git', ['commit', '-q', '-m', c.message ?? `commit ${i + 1}`], { cwd: work, env: { ...GIT_ENV, ...dated } });
    }
    const bare = path.join(this.base, `${name}.git`);
    await mkdir(path.dirname(bare), { recursive: true });
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

function isFixtureCommit(c: Record<string, string> | FixtureCommit): c is FixtureCommit {
  return typeof c.files === 'object' && c.files !== null;
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
