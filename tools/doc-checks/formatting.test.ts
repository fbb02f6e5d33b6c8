/**
 * One formatter keeps the code's layout (docs/contributing.md): every source file the project
 * formats must come out of Prettier unchanged, so a change that skips `npm run format` fails here
 * rather than in the next person's diff. Which files count is Prettier's own decision
 * (.prettierignore), so this check and `npm run format` never disagree.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CODE = /\.(?:ts|tsx|js|mjs|cjs)$/;

/** Tracked and new (not ignored) files: a file added but not yet committed is checked too. */
function projectFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((f) => CODE.test(f))
    .filter((f) => fs.existsSync(path.join(ROOT, f)));
}

async function unformatted(files: readonly string[]): Promise<string[]> {
  const ignorePath = path.join(ROOT, '.prettierignore');
  const bad: string[] = [];
  for (const file of files) {
    const abs = path.join(ROOT, file);
    const info = await prettier.getFileInfo(abs, { ignorePath });
    if (info.ignored || !info.inferredParser) continue;
    const options = await prettier.resolveConfig(abs);
    const source = fs.readFileSync(abs, 'utf8');
    if (!(await prettier.check(source, { ...options, filepath: abs }))) bad.push(file);
  }
  return bad;
}

describe('formatting', () => {
  it('every source file is as Prettier writes it (run `npm run format`)', { timeout: 300_000 }, async () => {
    const files = projectFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(await unformatted(files)).toEqual([]);
  });

  it('finds a file that is not formatted, and leaves ignored fixtures alone', async () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'tools/doc-checks/.format-probe-'));
    try {
      fs.writeFileSync(path.join(dir, 'probe.ts'), 'const  a = {b:1}\n');
      fs.mkdirSync(path.join(dir, 'fixtures'));
      fs.writeFileSync(path.join(dir, 'fixtures', 'sample.ts'), 'const  a = {b:1}\n');
      const rel = (f: string) => path.relative(ROOT, path.join(dir, f));
      expect(await unformatted([rel('probe.ts'), rel('fixtures/sample.ts')])).toEqual([rel('probe.ts')]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
