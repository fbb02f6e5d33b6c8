import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docSetSourcesChanged, generateDocSet } from '../src/docs.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docset-sources-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (rel: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};
write('src/app.py', 'from flask import Flask\napp = Flask(__name__)\n\n@app.get("/items")\ndef items():\n    return []\n');
write('README.md', '# Shop\n');
write('notes/todo.txt', 'later\n');

/** Which pushes make the automatic architecture / API update regenerate. */
describe('docSetSourcesChanged', () => {
  it('names the changed files a page was built from or the generator reads, nothing else', async () => {
    const { manifest } = await generateDocSet(dir, 'api', ['md'], { meta: { name: 'shop' } });
    const sources = Object.values(manifest.pages).flatMap((p) => Object.keys(p.sources));
    expect(sources).toContain('src/app.py');
    expect(docSetSourcesChanged(manifest, ['src/app.py', 'docs/guide.md'])).toEqual(['src/app.py']);
    // prose and unknown files: no page and no fact comes from them
    expect(docSetSourcesChanged(manifest, ['notes/todo.txt', 'docs/guide.md', 'src/README.md'])).toEqual([]);
    // the root README: the overview quotes its opening paragraph
    expect(docSetSourcesChanged(manifest, ['README.md'])).toEqual(['README.md']);
    // a new source file, a project file and go.mod change the facts (and so the index)
    expect(docSetSourcesChanged(manifest, ['src/new.ts', 'Dockerfile', 'go.mod'])).toEqual(['src/new.ts', 'Dockerfile', 'go.mod']);
  });
});
