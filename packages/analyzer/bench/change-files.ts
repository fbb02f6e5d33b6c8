import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
};
const COMMENT: Record<string, string> = {
  py: '#',
  rb: '#',
  js: '//',
  ts: '//',
  go: '//',
  rs: '//',
  java: '//',
  c: '//',
  cs: '//',
  kt: '//',
  php: '//',
};

/** Appends a line comment to 10 parseable files spread over the tree, then commits (a small push). */
export function changeTenFiles(dir: string, round: number): string[] {
  const tracked = execFileSync('git', ['ls-files'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 })
    .trim()
    .split('\n');
  const candidates = tracked.filter(
    (f) =>
      COMMENT[f.split('.').pop() ?? ''] &&
      !f.startsWith('broken/') &&
      fs.lstatSync(path.join(dir, f)).isFile() &&
      fs.statSync(path.join(dir, f)).size < 1_000_000,
  );
  const step = Math.max(1, Math.floor(candidates.length / 10));
  const chosen = candidates.filter((_, i) => i % step === round % step).slice(0, 10);
  for (const rel of chosen) fs.appendFileSync(path.join(dir, rel), `\n${COMMENT[rel.split('.').pop()!]} benchmark change ${round}\n`);
  execFileSync('git', ['commit', '-q', '-am', `benchmark: change 10 files (${round})`], { cwd: dir, env: gitEnv });
  return chosen;
}
