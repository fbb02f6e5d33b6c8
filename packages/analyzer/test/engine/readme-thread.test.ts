import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeReadme } from '../../src/readme/index.ts';
import { readmeInWorker } from '../../src/engine/readme-thread.ts';
import { AnalysisAbortedError } from '../../src/engine/errors.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docent-readme-thread-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.writeFileSync(
  path.join(dir, 'README.md'),
  '# Tool\n\nThe tool reads your files and writes a short report. It keeps a cache so a second run is quick.\n\nSee [the guide](docs/guide.md) and [missing](docs/missing.md).\n',
);
fs.mkdirSync(path.join(dir, 'docs'));
fs.writeFileSync(path.join(dir, 'docs/guide.md'), '# Guide\n');
fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'tool', version: '1.0.0' }));
const files = ['README.md', 'docs/guide.md', 'package.json'];

describe('README analysis on its own thread', () => {
  it('answers what the same analysis on this thread answers', async () => {
    const here = await analyzeReadme(dir, files);
    const there = await readmeInWorker(dir, files);
    expect(there).not.toBeNull();
    expect(there).toEqual({ analysis: here.analysis, content: here.content, suggestion: here.suggestion });
    expect(there!.analysis.brokenLinks.map((l) => l.url)).toEqual(['docs/missing.md']);
  });

  it('stops on abort with AnalysisAbortedError', async () => {
    const controller = new AbortController();
    const pending = readmeInWorker(dir, files, controller.signal);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AnalysisAbortedError);
  });
});
