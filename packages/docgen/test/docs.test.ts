import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDocs, generateDocSet } from '../src/docs.ts';
import { main } from '../src/docs-cli.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (rel: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};
write('src/server.js', "const express = require('express');\nconst users = require('./routes/users');\nconst app = express();\napp.use('/api/users', users);\napp.listen(process.env.PORT);\n");
write('src/routes/users.js', "const router = require('express').Router();\nconst db = require('../db');\n/** Shows one user. */\nfunction show(req, res) { res.json(db.find(req.params.id)); }\nrouter.get('/:id', show);\nfunction remove(req, res) {}\nrouter.delete('/:id', remove);\nmodule.exports = router;\nmodule.exports.show = show;\nmodule.exports.remove = remove;\n");
write('src/db.js', "const users = require('./routes/users');\nexports.find = function find(id) { return id; };\n");
write('test/users.test.js', "app.get('/only-in-tests', h);\n");

describe('architecture and API documents', () => {
  it('architecture: entry point, env var, folder cycle, routes with the mount prefix, each with its source', async () => {
    const [md] = await generateDocs(dir, 'arch', ['md'], { name: 'shop', commit: 'abc1234' });
    expect(md!.name).toBe('architecture.md');
    const text = String(md!.content);
    expect(text).toContain('# shop — architecture');
    expect(text).toContain('at commit abc1234');
    expect(text).toMatch(/\| http server +\| `src\/server\.js:5` +\|/);
    expect(text).toMatch(/\| `PORT` +\| `src\/server\.js:5` +\|/);
    expect(text).toMatch(/\| GET +\| `\/api\/users\/:id` +\| `show` +\| `src\/routes\/users\.js:5` +\|/);
    expect(text).toContain('Import cycle between folders: `src → src/routes`');
    expect(text).not.toContain('only-in-tests');
    expect(text).toContain('```mermaid\nflowchart LR');
    // An independent GFM parser reads the tables back.
    const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    expect(tree.children.filter((n) => n.type === 'table').length).toBeGreaterThanOrEqual(4);
  });

  it('API: routes grouped by their first segment and public functions with documented ✓/✗ and their lines', async () => {
    const [md, html] = await generateDocs(dir, 'api', ['md', 'html'], { name: 'shop' });
    expect(md!.content).toContain('### /api');
    expect(md!.content).toMatch(/\| `show` +\| Shows one user\. +\| ✓ +\| `src\/routes\/users\.js:4` +\|/);
    expect(md!.content).toMatch(/\| `remove` +\| +\| ✗ +\| `src\/routes\/users\.js:6` +\|/);
    expect(html!.name).toBe('api.html');
    expect(html!.content).toContain('<h2 id="http-api">HTTP API</h2>');
    expect(html!.content).toContain('<td><code>/api/users/:id</code></td>');
    expect(html!.content).not.toMatch(/<script|https?:\/\/cdn/i);
  });

  it('is deterministic: the same tree gives byte-identical documents', async () => {
    const a = await generateDocs(dir, 'arch', ['md', 'html']);
    const b = await generateDocs(dir, 'arch', ['md', 'html']);
    expect(a).toEqual(b);
  });

  it('escapes what the code says: a route path with markup stays text in HTML', async () => {
    write('src/odd.js', "const app = require('express')();\napp.get('/<script>alert(1)</script>', h);\n");
    try {
      const [html] = await generateDocs(dir, 'api', ['html']);
      expect(html!.content).not.toContain('<script>alert(1)</script>');
      expect(html!.content).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    } finally {
      fs.rmSync(path.join(dir, 'src/odd.js'));
    }
  });
});

describe('docent docs CLI', () => {
  it('writes the requested formats into --out and refuses bad arguments with exit code 2', async () => {
    const out = path.join(dir, 'out');
    expect(await main([dir, '--type', 'arch', '--format', 'md,html', '--out', out])).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual(['architecture.html', 'architecture.md']);
    expect(await main([dir])).toBe(2); // no --type
    expect(await main([dir, '--type', 'wiki'])).toBe(2);
    expect(await main([dir, '--type', 'api', '--format', 'docx'])).toBe(2);
    expect(await main([path.join(dir, 'missing'), '--type', 'api'])).toBe(2);
  });
});

describe('doc set manifest', () => {
  it('reuses the files of an unchanged tree and rebuilds after a source changes', async () => {
    const first = await generateDocSet(dir, 'api', ['md', 'rst'], { meta: { name: 'shop' } });
    expect(first.regenerated).toEqual(['api']);
    expect(Object.keys(first.manifest.pages.api!.sources)).toContain('src/db.js');
    const second = await generateDocSet(dir, 'api', ['md', 'rst'], { meta: { name: 'shop' }, previous: first });
    expect(second.reused).toEqual(['api']);
    expect(second.files.map((f) => f.content)).toEqual(first.files.map((f) => f.content));
    write('src/extra.js', 'exports.added = function added() {};\n');
    const third = await generateDocSet(dir, 'api', ['md', 'rst'], { meta: { name: 'shop' }, previous: second });
    fs.rmSync(path.join(dir, 'src/extra.js'));
    expect(third.regenerated).toEqual(['api']);
    expect(String(third.files[0]!.content)).toContain('added');
  });
});
