import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server.ts';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 't@example.com', GIT_CONFIG_GLOBAL: '/dev/null' };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' });
}

/** A later commit of a fixture repository: files to (over)write, dated so history can order it. */
export interface LaterCommit {
  files: Record<string, string>;
  /** ISO date of the commit (the first commit is dated 2025-01-01) */
  date: string;
}

async function writeFiles(work: string, files: Record<string, string>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(work, rel)), { recursive: true });
    await writeFile(path.join(work, rel), content);
  }
}

function commitAt(work: string, message: string, date: string): void {
  git(work, 'add', '-A');
  execFileSync('git', ['commit', '-q', '-m', message], { cwd: work, env: { ...GIT_ENV, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
}

/**
 * A real `git daemon` on 127.0.0.1 serving bare repositories from a temp folder (after
 * apps/server/test/helpers/git-daemon.ts). Repositories live at `{owner}/{name}.git`, so the
 * server derives the organisation from the URL.
 */
export class GitDaemon {
  private child: ChildProcess | null = null;
  port = 0;
  private constructor(readonly base: string) {}

  static async start(): Promise<GitDaemon> {
    const d = new GitDaemon(await mkdtemp(path.join(os.tmpdir(), 'docent-e2e-gitd-')));
    d.port = await freePort();
    d.child = spawn('git', ['daemon', '--export-all', '--reuseaddr', '--enable=receive-pack', `--base-path=${d.base}`, `--port=${d.port}`, '--listen=127.0.0.1', d.base], {
      stdio: 'ignore',
      // Its own process group: `git daemon` runs the real git-daemon as a child, which a kill of
      // the `git` wrapper alone would leave running after the tests.
      detached: true,
    });
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

  url(owner: string, name: string): string {
    return `git://127.0.0.1:${this.port}/${owner}/${name}.git`;
  }

  /** Creates `{owner}/{name}.git` from files (path → content) in one commit, then `later` ones. */
  async addRepo(owner: string, name: string, files: Record<string, string>, later: readonly LaterCommit[] = []): Promise<void> {
    const work = await mkdtemp(path.join(os.tmpdir(), 'docent-e2e-gitwork-'));
    git(work, 'init', '-q', '-b', 'main');
    await writeFiles(work, files);
    commitAt(work, 'initial commit', '2025-01-01T00:00:00Z');
    for (const [i, commit] of later.entries()) {
      await writeFiles(work, commit.files);
      commitAt(work, `change ${i + 1}`, commit.date);
    }
    await mkdir(path.join(this.base, owner), { recursive: true });
    git(this.base, 'clone', '-q', '--bare', work, path.join(this.base, owner, `${name}.git`));
    await rm(work, { recursive: true, force: true });
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
