import { GitDaemon as Daemon } from '../../apps/server/test/helpers/git-daemon.ts';

/** A later commit of a fixture repository: files to (over)write, dated so history can order it. */
export interface LaterCommit {
  files: Record<string, string>;
  /** ISO date of the commit (the first commit is dated 2025-01-01) */
  date: string;
}

/**
 * The server tests' `git daemon` (apps/server/test/helpers/git-daemon.ts) as the browser tests
 * use it: repositories live at `{owner}/{name}.git`, so the server derives the organisation from
 * the URL, and the first commit is dated so that later ones order after it.
 */
export class GitDaemon {
  private constructor(private readonly daemon: Daemon) {}

  static async start(): Promise<GitDaemon> {
    return new GitDaemon(await Daemon.start('docent-e2e-gitd-'));
  }

  get base(): string {
    return this.daemon.base;
  }

  get port(): number {
    return this.daemon.port;
  }

  url(owner: string, name: string): string {
    return this.daemon.url(`${owner}/${name}`);
  }

  /** Creates `{owner}/{name}.git` from files (path → content) in one commit, then `later` ones. */
  async addRepo(owner: string, name: string, files: Record<string, string>, later: readonly LaterCommit[] = []): Promise<void> {
    await this.daemon.addRepo(`${owner}/${name}`, [
      { files, message: 'initial commit', date: '2025-01-01T00:00:00Z' },
      ...later.map((c, i) => ({ ...c, message: `change ${i + 1}` })),
    ]);
  }

  stop(): Promise<void> {
    return this.daemon.stop();
  }
}
