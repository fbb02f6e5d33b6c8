import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDocSet } from '../src/docs.ts';
import { readCheckout, repositoryFacts } from '../src/facts/index.ts';

/**
 * Architecture / API docs are hosted: nothing a symbolic link in the repository points at may be
 * read into them (docs/security.md, "Reading a checkout for the docs").
 */
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'docset-symlinks-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
const outside = path.join(base, 'outside');
const repo = path.join(base, 'repo');
const write = (root: string, rel: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

// What lies outside the checkout: a Python file with a route, a Dockerfile and a go.mod.
write(
  outside,
  'secret.py',
  'from flask import Flask\napp = Flask(__name__)\n\n@app.get("/outside-secret-route")\ndef outside_secret_handler():\n    """OUTSIDE-SECRET docstring."""\n    return []\n',
);
write(outside, 'Dockerfile', 'FROM outside-secret-image:1\n');
write(outside, 'go.mod', 'module leak.example/outside\n\ngo 1.22\n');
write(
  outside,
  'openapi.json',
  '{"openapi":"3.0.0","info":{"title":"OUTSIDE-SECRET api","version":"1"},"paths":{"/outside-secret-path":{"get":{"responses":{"200":{"description":"x"}}}}}}',
);

// The checkout: real sources, plus links to a file, a folder, the root and a go.mod outside it.
write(repo, 'src/app.py', 'from flask import Flask\napp = Flask(__name__)\n\n@app.get("/items")\ndef items():\n    return []\n');
write(repo, 'main.go', 'package main\n\nimport "leak.example/outside/store"\n\nfunc main() { store.Open() }\n');
write(repo, 'store/store.go', 'package store\n\nfunc Open() {}\n');
fs.symlinkSync(path.join(outside, 'secret.py'), path.join(repo, 'src/linked.py'));
fs.symlinkSync(path.join(outside, 'Dockerfile'), path.join(repo, 'Dockerfile'));
fs.symlinkSync(path.join(outside, 'go.mod'), path.join(repo, 'go.mod'));
fs.symlinkSync(outside, path.join(repo, 'linked_folder'));
fs.symlinkSync('/', path.join(repo, 'rootlink'));

describe('architecture / API docs and symbolic links', () => {
  it('reads no file through a link: a linked file, a linked folder, a link to / or a linked go.mod', async () => {
    const { sources, goMod, projectFiles } = await readCheckout(repo);
    expect(sources.map((s) => s.rel).sort()).toEqual(['main.go', 'src/app.py', 'store/store.go']);
    expect(projectFiles).toEqual([]);
    // a linked go.mod would make the outside module's name resolve imports as internal
    expect(goMod).toBeNull();
    const facts = await repositoryFacts(repo);
    expect(facts.imports.filter((e) => e.kind === 'internal' && e.from === 'main.go')).toEqual([]);
  });

  it('puts nothing from outside the checkout into the generated pages', async () => {
    for (const kind of ['arch', 'api'] as const) {
      const { files } = await generateDocSet(repo, kind, ['md', 'html'], { meta: { name: 'shop' } });
      expect(files.length).toBeGreaterThan(0);
      const text = files.map((f) => (typeof f.content === 'string' ? f.content : f.content.toString('utf8'))).join('\n');
      expect(text).toContain('/items');
      for (const secret of ['outside_secret_handler', 'outside-secret', 'OUTSIDE-SECRET', 'linked_folder', 'rootlink'])
        expect(text, `${kind}: ${secret}`).not.toContain(secret);
    }
  });
});
