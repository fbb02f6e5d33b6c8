import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { commitAll, git, initRepo, tempDir, write } from './helpers.ts';

const root = tempDir('cache');
const cacheDir = tempDir('cache-store');
const copies: string[] = [];

const pythonFile = (i: number): string =>
  `def f${i}(x):\n    """Doc ${i}."""\n    return x + ${i}\n\n\ndef g${i}(y):\n    return y * ${i}\n`;
const names = (r: Awaited<ReturnType<typeof analyzeRepository>>): string[] => r.functions.map((f) => `${f.fileName}:${f.name}`);
const run = (dir = root): ReturnType<typeof analyzeRepository> => analyzeRepository(dir, { only: 'advancedDoc', cacheDir });

beforeAll(() => {
  initRepo(root);
  for (let i = 0; i < 4; i++) write(root, `pkg/m${i}.py`, pythonFile(i));
  write(root, 'notes.txt', 'not code\n');
  commitAll(root, 'init', '2025-01-01T00:00:00Z');
});
afterAll(() => {
  for (const dir of [root, cacheDir, ...copies]) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every file under the cache's repos folders (packs and journals), or only the packs. */
function cacheFiles(store = cacheDir): string[] {
  const out: string[] = [];
  for (const version of fs.readdirSync(store)) {
    const repos = path.join(store, version, 'repos');
    if (fs.existsSync(repos)) out.push(...fs.readdirSync(repos).map((f) => path.join(repos, f)));
  }
  return out;
}
const packFiles = (store = cacheDir): string[] => cacheFiles(store).filter((f) => !f.endsWith('.journal.json'));

describe('per-file cache keyed by blob id', () => {
  it('parses every file cold, none warm, and only the changed one after an edit', async () => {
    const cold = await run();
    expect(cold.stats).toMatchObject({ parsedFiles: 4, cachedFiles: 0 });
    expect(cold.functions).toHaveLength(8);

    const warm = await run();
    expect(warm.stats).toMatchObject({ parsedFiles: 0, cachedFiles: 4 });
    expect(warm.functions).toEqual(cold.functions);
    expect(warm.report).toEqual(cold.report);

    // Edit one file without committing: the dirty tree is analysed as it is.
    write(root, 'pkg/m2.py', `${pythonFile(2)}\n\ndef added(z):\n    return z\n`);
    const edited = await run();
    expect(edited.stats).toMatchObject({ parsedFiles: 1, cachedFiles: 3 });
    expect(names(edited)).toContain('pkg/m2.py:added');
    expect(edited.report.basicFuncDocAnalysis).toEqual({ totalFunctions: 9, totalDocumented: 4 });
  });

  it('survives a corrupt pack: parses again, then caches again', async () => {
    const packs = packFiles();
    expect(packs).toHaveLength(1);
    fs.writeFileSync(packs[0]!, '{"format": 5, "files": {"pkg/m0.py": 17, broken');
    const result = await run();
    expect(result.stats).toMatchObject({ parsedFiles: 4, cachedFiles: 0 });
    expect(result.functions).toHaveLength(9);
    expect((await run()).stats).toMatchObject({ parsedFiles: 0, cachedFiles: 4 });
  });

  it('re-parses a file whose record is corrupt', async () => {
    const [pack] = packFiles();
    const parsed = JSON.parse(fs.readFileSync(pack!, 'utf8'));
    parsed.files['pkg/m1.py'] = { facts: null };
    fs.writeFileSync(pack!, JSON.stringify(parsed));
    const result = await run();
    expect(result.stats).toMatchObject({ parsedFiles: 1, cachedFiles: 3 });
    expect(names(result)).toContain('pkg/m1.py:f1');
  });

  it('shares results between clones of one project at different paths (same root commit, no remote)', async () => {
    const copy = tempDir('cache-copy');
    copies.push(copy);
    fs.cpSync(root, copy, { recursive: true });
    const result = await run(copy);
    expect(result.stats).toMatchObject({ parsedFiles: 0, cachedFiles: 4 });
    expect(result.functions).toEqual((await run()).functions);
  });

  it('shares results between clones of one origin, whatever credentials their URLs carry, and stores no URL', async () => {
    const cloneWith = (url: string): string => {
      const dir = tempDir('cache-origin');
      copies.push(dir);
      fs.cpSync(root, dir, { recursive: true });
      git(dir, ['remote', 'add', 'origin', url]);
      return dir;
    };
    // With an origin the project is the origin: the first such clone has nothing to share yet.
    const alice = cloneWith('https://alice:secret1@git.example.com/team/project.git');
    expect((await run(alice)).stats).toMatchObject({ parsedFiles: 4, cachedFiles: 0 });
    const bob = cloneWith('https://bob:secret2@git.example.com/team/project.git');
    expect((await run(bob)).stats).toMatchObject({ parsedFiles: 0, cachedFiles: 4 });
    // Same files, another origin: another project.
    const fork = cloneWith('https://git.example.com/someone-else/project.git');
    expect((await run(fork)).stats).toMatchObject({ parsedFiles: 4, cachedFiles: 0 });
    // Literal credentials and host, not bare words: the cache records the clone's own temp path,
    // whose random suffix may spell "bob" (CI run of stop 42).
    for (const file of cacheFiles()) expect(fs.readFileSync(file, 'utf8')).not.toMatch(/secret[12]|alice:|bob:|git\.example\.com/);
  });
});

describe('journal of changed records', () => {
  it('writes only what changed beside an untouched pack; a later analysis reads both; a full rewrite folds it in', async () => {
    const dir = tempDir('journal');
    const store = tempDir('journal-store');
    copies.push(dir, store);
    initRepo(dir);
    for (let i = 0; i < 16; i++) write(dir, `pkg/m${i}.py`, pythonFile(i));
    commitAll(dir, 'init', '2025-01-01T00:00:00Z');
    const analyse = (): ReturnType<typeof analyzeRepository> => analyzeRepository(dir, { only: 'advancedDoc', cacheDir: store });
    await analyse();
    const [pack] = packFiles(store);
    const packText = fs.readFileSync(pack!, 'utf8');
    const journalPath = pack!.replace(/\.json$/, '.journal.json');
    expect(fs.existsSync(journalPath)).toBe(false);

    write(dir, 'pkg/m3.py', `${pythonFile(3)}\n\ndef added(z):\n    return z\n`);
    git(dir, ['rm', '-q', 'pkg/m5.py']);
    const edited = await analyse();
    expect(edited.stats).toMatchObject({ parsedFiles: 1, cachedFiles: 14 });
    expect(fs.readFileSync(pack!, 'utf8')).toBe(packText);
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8'));
    expect(Object.keys(journal.files).sort()).toEqual(['pkg/m3.py', 'pkg/m5.py']);
    expect(journal.files['pkg/m5.py']).toBeNull();
    expect(journal.base).toBe(JSON.parse(packText).id);

    // Pack plus journal give what the edit computed: nothing is parsed again.
    const again = await analyse();
    expect(again.stats).toMatchObject({ parsedFiles: 0, cachedFiles: 15 });
    expect(again.functions).toEqual(edited.functions);
    expect(names(again)).toContain('pkg/m3.py:added');
    expect(names(again)).not.toContain('pkg/m5.py:f5');

    // A journal written for another pack is ignored: the pack's own (older) record is a miss.
    fs.writeFileSync(journalPath, JSON.stringify({ ...journal, base: 'another-pack' }));
    expect((await analyse()).stats).toMatchObject({ parsedFiles: 1, cachedFiles: 14 });

    // Changing most files outgrows the journal: the pack is rewritten and the journal removed.
    for (let i = 0; i < 16; i++) if (i !== 5) write(dir, `pkg/m${i}.py`, `${pythonFile(i)}\n# edited\n`);
    expect((await analyse()).stats).toMatchObject({ parsedFiles: 15 });
    expect(fs.readFileSync(pack!, 'utf8')).not.toBe(packText);
    expect(fs.existsSync(journalPath)).toBe(false);
    expect((await analyse()).stats).toMatchObject({ parsedFiles: 0, cachedFiles: 15 });
  });
});

describe('README result cache', () => {
  it('is reused while its inputs stay the same and recomputed when a linked file changes', async () => {
    const dir = tempDir('readme-cache');
    copies.push(dir);
    write(dir, 'README.md', '# Project\n\nSee [setup](docs/guide.md#setup).\n');
    write(dir, 'docs/guide.md', '# Guide\n\n## Setup\n\nRun it.\n');
    const first = await analyzeRepository(dir, { only: 'languages', cacheDir }).then(() => analyzeRepository(dir, { cacheDir }));
    expect(first.report.readmeAnalysis?.brokenLinks).toEqual([]);
    const again = await analyzeRepository(dir, { cacheDir });
    expect(again.report.readmeAnalysis).toEqual(first.report.readmeAnalysis);
    // Same file list, different content of the linked file: the anchor is now broken.
    write(dir, 'docs/guide.md', '# Guide\n\n## Install\n\nRun it.\n');
    const changed = await analyzeRepository(dir, { cacheDir });
    expect(changed.report.readmeAnalysis?.brokenLinks).toEqual([expect.objectContaining({ url: 'docs/guide.md#setup', kind: 'anchor' })]);
  });
});
