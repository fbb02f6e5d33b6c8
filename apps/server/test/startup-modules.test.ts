import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The API's start-up loads the analyzer and docgen only through their small subpaths; the
// packages themselves load when a feature first runs them (docs/decisions.md "Heavy packages
// load on first use"). A child process records every module the server's app module loads.

const root = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const app = pathToFileURL(path.join(root, 'apps/server/src/app.ts')).href;

const RECORDER = `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(
  'export async function load(url, context, next) { process.stderr.write("LOADED " + url + "\\\\n"); return next(url, context); }'
));
`;

async function modulesLoadedBy(url: string): Promise<string[]> {
  const { stderr } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      `data:text/javascript,${encodeURIComponent(RECORDER)}`,
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(url)})`,
    ],
    { cwd: path.join(root, 'apps/server'), maxBuffer: 64 * 1024 * 1024 },
  );
  return stderr
    .split('\n')
    .filter((l) => l.startsWith('LOADED '))
    .map((l) => l.slice('LOADED '.length));
}

describe('server start-up', () => {
  it("loads neither the analyzer's nor docgen's whole module graph", async () => {
    const loaded = await modulesLoadedBy(app);
    expect(loaded.some((u) => u.endsWith('/apps/server/src/services.ts'))).toBe(true);
    const heavy = loaded.filter((u) =>
      /\/packages\/(analyzer|docgen)\/src\/index\.ts$|\/node_modules\/(remark-parse|retext-english|@scalar\/snippetz|pdfmake)\//.test(u),
    );
    expect(heavy).toEqual([]);
  }, 60_000);
});
