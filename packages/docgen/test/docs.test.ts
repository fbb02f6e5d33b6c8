import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDocs, generateDocSet } from '../src/docs.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (rel: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};
write(
  'src/server.js',
  "const express = require('express');\nconst users = require('./routes/users');\nconst app = express();\napp.use('/api/users', users);\napp.listen(process.env.PORT);\n",
);
write(
  'src/routes/users.js',
  "const router = require('express').Router();\nconst db = require('../db');\n/** Shows one user. */\nfunction show(req, res) { res.json(db.find(req.params.id)); }\nrouter.get('/:id', show);\nfunction remove(req, res) {}\nrouter.delete('/:id', remove);\nmodule.exports = router;\nmodule.exports.show = show;\nmodule.exports.remove = remove;\n",
);
write('src/db.js', "const users = require('./routes/users');\nexports.find = function find(id) { return id; };\n");
write('test/users.test.js', "app.get('/only-in-tests', h);\n");

describe('architecture and API documents', () => {
  it('architecture: entry point, env var, folder cycle, routes with the mount prefix, each with its source', async () => {
    const docs = await generateDocs(dir, 'arch', ['md'], { name: 'shop', commit: 'abc1234' });
    expect(docs[0]!.name).toBe('architecture.md');
    expect(docs.map((d) => d.name)).toEqual([
      'architecture.md',
      'architecture-context.md',
      'architecture-containers.md',
      'architecture-components.md',
      'architecture-http.md',
      'architecture-runtime.md',
      'architecture-data-model.md',
      'architecture-deployment.md',
      'architecture-cross-cutting.md',
      'architecture-decisions.md',
      'architecture-risks.md',
      'architecture-components.svg',
      // `remove` calls nothing: only the route whose handler makes a call is drawn.
      'architecture-runtime-1.svg',
    ]);
    expect(docs[0]!.content).toContain('- [Components](architecture-components.md)');
    const text = docs
      .filter((d) => d.format === 'md')
      .map((d) => String(d.content))
      .join('\n');
    expect(text).toContain('# shop — architecture');
    expect(text).toContain('at commit abc1234');
    expect(text).toMatch(/\| Entry point \(http server\) +\| +\| `src\/server\.js:5` +\|/);
    expect(text).toMatch(/\| `PORT` +\| `src\/server\.js:5` +\|/);
    expect(text).toMatch(/\| GET +\| `\/api\/users\/:id` +\| `show` +\| `src\/routes\/users\.js:5` +\|/);
    expect(text).toContain(
      'Import cycle between folders: `src → src/routes → src` — `src/db.js:1` imports `src/routes/users.js`; `src/routes/users.js:2` imports `src/db.js`.',
    );
    expect(text).not.toContain('only-in-tests');
    expect(text).toContain('```mermaid\nflowchart LR');
    // An independent GFM parser reads the tables back.
    const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    expect(tree.children.filter((n) => n.type === 'table').length).toBeGreaterThanOrEqual(4);
  });

  it('API: routes grouped by their first segment and public functions with documented ✓/✗ and their lines', async () => {
    const docs = await generateDocs(dir, 'api', ['md', 'html'], { name: 'shop' });
    const file = (name: string): string => String(docs.find((d) => d.name === name)?.content);
    expect(docs.map((d) => d.name)).toEqual([
      'api.md',
      'api.html',
      'index.html',
      'api-http.md',
      'api-http.html',
      'api-m-src.md',
      'api-m-src.html',
      'api-m-src-routes.md',
      'api-m-src-routes.html',
      'api-search.js',
      'openapi.json',
    ]);
    expect(file('api.md')).toContain('- [src/routes](api-m-src-routes.md)');
    expect(file('api.html')).toContain('<a href="api-m-src-routes.html">src/routes</a>');
    expect(file('api-http.md')).toContain('## /api');
    expect(file('api-m-src-routes.md')).toMatch(/\| `show` +\| Shows one user\. +\| ✓ +\| `src\/routes\/users\.js:4` +\|/);
    expect(file('api-m-src-routes.md')).toMatch(/\| `remove` +\| +\| ✗ +\| `src\/routes\/users\.js:6` +\|/);
    expect(file('api-http.html')).toContain('<td><code>/api/users/:id</code></td>');
    expect(file('api.html')).toContain('<script src="api-search.js" defer></script>');
    expect(file('api.html')).not.toMatch(/https?:\/\/cdn|<script>/i);
  });

  it('is deterministic: the same tree gives byte-identical documents', async () => {
    const a = await generateDocs(dir, 'arch', ['md', 'html']);
    const b = await generateDocs(dir, 'arch', ['md', 'html']);
    expect(a).toEqual(b);
  });

  it('escapes what the code says: a route path with markup stays text in HTML', async () => {
    write('src/odd.js', "const app = require('express')();\napp.get('/<script>alert(1)</script>', h);\n");
    try {
      const html = (await generateDocs(dir, 'api', ['html'])).find((d) => d.name === 'api-http.html')!;
      expect(html.content).not.toContain('<script>alert(1)</script>');
      expect(html.content).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    } finally {
      fs.rmSync(path.join(dir, 'src/odd.js'));
    }
  });
});

describe('doc set manifest: incremental regeneration', () => {
  it('reuses every page of an unchanged tree, byte for byte', async () => {
    const first = await generateDocSet(dir, 'api', ['md', 'rst', 'xml'], { meta: { name: 'shop' } });
    expect(first.regenerated.sort()).toEqual(['api-http', 'api-m-src', 'api-m-src-routes']);
    expect(Object.keys(first.manifest.pages['api-m-src']!.sources)).toEqual(['src/db.js', 'src/server.js']);
    expect(Object.keys(first.manifest.pages['api-http']!.sources)).toEqual(['src/routes/users.js', 'src/server.js']);
    const second = await generateDocSet(dir, 'api', ['md', 'rst', 'xml'], {
      meta: { name: 'shop' },
      previous: JSON.parse(JSON.stringify({ manifest: first.manifest, files: first.files })),
    });
    expect(second.regenerated).toEqual([]);
    expect(second.reused.sort()).toEqual(first.regenerated.sort());
    expect(second.files).toEqual(first.files);
  });

  it('after one file changes, rebuilds only the pages that read it; the others stay byte-equal and the book has the change', async () => {
    const first = await generateDocSet(dir, 'api', ['md', 'html', 'pdf', 'xml'], { meta: { name: 'shop', commit: 'c1' } });
    write(
      'src/db.js',
      "const users = require('./routes/users');\nexports.find = function find(id) { return id; };\nexports.added = function added() {};\n",
    );
    try {
      const second = await generateDocSet(dir, 'api', ['md', 'html', 'pdf', 'xml'], {
        meta: { name: 'shop', commit: 'c2' },
        previous: first,
      });
      expect(second.regenerated).toEqual(['api-m-src']);
      expect(second.reused.sort()).toEqual(['api-http', 'api-m-src-routes']);
      const before = new Map(first.files.map((f) => [f.name, f.content]));
      for (const f of second.files) {
        if (f.name.startsWith('api-m-src.') && f.format !== 'pdf') expect(String(f.content)).toContain('added');
        else if (f.name.startsWith('api-http.') || f.name.startsWith('api-m-src-routes.')) expect(f.content).toEqual(before.get(f.name));
      }
      // The index names the commit; the book is assembled from the kept models and the new page.
      expect(String(second.files.find((f) => f.name === 'api.md')!.content)).toContain('commit c2');
      const book = String(second.files.find((f) => f.name === 'api.xml')!.content);
      expect(book).toContain('added');
      expect(book).toContain('Shows one user.');
    } finally {
      write('src/db.js', "const users = require('./routes/users');\nexports.find = function find(id) { return id; };\n");
    }
  });

  it('a new route file rebuilds the HTTP page (its source set changed) and adds a module page', async () => {
    const first = await generateDocSet(dir, 'api', ['md'], { meta: { name: 'shop' } });
    write(
      'src/extra/orders.js',
      "const router = require('express').Router();\nrouter.post('/orders', create);\nexports.create = function create() {};\n",
    );
    try {
      const second = await generateDocSet(dir, 'api', ['md'], { meta: { name: 'shop' }, previous: first });
      expect(second.regenerated.sort()).toEqual(['api-http', 'api-m-src-extra']);
      expect(String(second.files.find((f) => f.name === 'api-http.md')!.content)).toContain('/orders');
    } finally {
      fs.rmSync(path.join(dir, 'src/extra'), { recursive: true });
    }
  });

  it('ignores a manifest of another kind, repository name or version', async () => {
    const first = await generateDocSet(dir, 'api', ['md'], { meta: { name: 'shop' } });
    const renamed = await generateDocSet(dir, 'api', ['md'], { meta: { name: 'store' }, previous: first });
    expect(renamed.reused).toEqual([]);
    const old = await generateDocSet(dir, 'api', ['md'], {
      meta: { name: 'shop' },
      previous: { manifest: { version: 1 }, files: first.files },
    });
    expect(old.reused).toEqual([]);
  });
});
