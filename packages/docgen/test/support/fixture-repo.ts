import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { Route } from '../../src/facts/index.ts';

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
