import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureWebApp } from '../../../scripts/web-app.mjs';

// `npm start` (scripts/start.mjs) builds the web app only when its inputs changed since the build
// recorded beside it (docs/deployment.md): a second start with nothing changed runs no build.
// The start's own step, on a small checkout laid out like this one, with the build counted.

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function checkout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docent-start-'));
  roots.push(root);
  const files: Record<string, string> = {
    'package-lock.json': '{"lockfileVersion": 3}\n',
    'apps/web/package.json': '{"name": "@docent/web"}\n',
    'apps/web/index.html': '<div id="root"></div>\n',
    'apps/web/vite.config.ts': 'export default {};\n',
    'apps/web/tsconfig.json': '{}\n',
    'apps/web/src/main.tsx': 'export const App = () => null;\n',
    'apps/web/src/main.test.tsx': "it('renders', () => {});\n",
    'apps/web/public/favicon.svg': '<svg/>\n',
    'packages/contracts/package.json': '{"name": "@docent/contracts"}\n',
    'packages/contracts/src/index.ts': 'export const VERSION = 1;\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

/** ensureWebApp on `root` with a build that writes dist/index.html and is counted. */
function starter(root: string) {
  const lines: string[] = [];
  let builds = 0;
  const start = (canBuild = true) =>
    ensureWebApp({
      repoRoot: root,
      say: (text: string) => lines.push(text),
      canBuild,
      build: () => {
        builds += 1;
        fs.mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
        fs.writeFileSync(path.join(root, 'apps/web/dist/index.html'), `<!-- build ${builds} -->\n`);
      },
    });
  return { start, lines, builds: () => builds };
}

describe('npm start builds the web app only when its inputs changed', () => {
  it('a second start with nothing changed builds nothing; a changed source, contract or lockfile builds again', () => {
    const root = checkout();
    const { start, lines, builds } = starter(root);
    expect(start()).toBe('built');
    expect(builds()).toBe(1);

    expect(start()).toBe('up to date');
    expect(builds()).toBe(1);
    expect(lines.at(-1)).toMatch(/^web app up to date \(\d+ ms\)$/);
    expect(fs.readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8')).toBe('<!-- build 1 -->\n');

    // A test file is no input of the build.
    fs.writeFileSync(path.join(root, 'apps/web/src/main.test.tsx'), "it('renders again', () => {});\n");
    expect(start()).toBe('up to date');

    for (const [i, rel] of ['apps/web/src/main.tsx', 'packages/contracts/src/index.ts', 'package-lock.json'].entries()) {
      fs.appendFileSync(path.join(root, rel), '\n');
      expect(start()).toBe('built');
      expect(builds()).toBe(i + 2);
      expect(start()).toBe('up to date');
      expect(builds()).toBe(i + 2);
    }
  });

  it('without Vite (an install without devDependencies) the built app is served, stale or not; none built is an error', () => {
    const root = checkout();
    const { start, builds } = starter(root);
    expect(() => start(false)).toThrow(/the web app is not built and Vite is not installed/);
    expect(start()).toBe('built');
    fs.appendFileSync(path.join(root, 'apps/web/src/main.tsx'), '\n');
    expect(start(false)).toBe('kept');
    expect(builds()).toBe(1);
  });
});
