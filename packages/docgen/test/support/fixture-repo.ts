import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { Route } from '../../src/facts/index.ts';
import { generateRepository } from '../../src/index.ts';

/**
 * Fixture repositories written into temporary folders (`docent-<prefix>-…`), removed after the
 * calling test file: `const repo = fixtureRepos('r14'); const root = repo({ 'app.py': '…' })`.
 */
export function fixtureRepos(prefix: string): (files: Record<string, string>) => string {
  const roots: string[] = [];
  afterAll(() => {
    for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
  });
  return (files) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `docent-${prefix}-`));
    roots.push(root);
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    }
    return root;
  };
}

/** A route list as `METHOD /path` lines, sorted: what the route tests compare. */
export const routeList = (routes: readonly Route[]): string[] => routes.map((r) => `${r.method} ${r.path}`).sort();

/** Runs the offline engine over `root` and writes what it changes, as `docent docstrings --write` does. */
export async function writeRun(root: string): ReturnType<typeof generateRepository> {
  const r = await generateRepository(root);
  for (const c of r.changes) fs.writeFileSync(path.join(root, c.path), c.after);
  return r;
}

/** A fixture file's text after a run. */
export const read = (root: string, p: string): string => fs.readFileSync(path.join(root, p), 'utf8');
