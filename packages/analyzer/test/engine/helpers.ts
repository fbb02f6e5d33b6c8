import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/engine');

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `docent-${prefix}-`));
}

/** Runs git in `cwd` with a fixed identity and, when given, a fixed author/committer date. */
export function git(cwd: string, args: string[], date?: string): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Fixture',
      GIT_AUTHOR_EMAIL: 'fixture@example.com',
      GIT_COMMITTER_NAME: 'Fixture',
      GIT_COMMITTER_EMAIL: 'fixture@example.com',
      GIT_CONFIG_NOSYSTEM: '1',
      HOME: os.tmpdir(),
      ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
    },
  }).trim();
}

export function initRepo(dir: string): void {
  git(dir, ['init', '-q', '-b', 'main']);
  git(dir, ['config', 'commit.gpgsign', 'false']);
}

export function commitAll(dir: string, message: string, date: string): string {
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', message], date);
  return git(dir, ['rev-parse', '--short=7', 'HEAD']);
}

export function write(dir: string, rel: string, content: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), content);
}

export function edit(dir: string, rel: string, from: string, to: string): void {
  const file = path.join(dir, rel);
  const before = fs.readFileSync(file, 'utf8');
  if (!before.includes(from)) throw new Error(`fixture edit: "${from}" not in ${rel}`);
  fs.writeFileSync(file, before.replace(from, to));
}
