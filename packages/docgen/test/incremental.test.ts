import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DOC_FORMATS, generateDocSet, type DocSet } from '../src/docs.ts';
import { clearFactCache, perFile } from '../src/facts/cache.ts';
import { renderPdfPart } from '../src/render/pdf.ts';

/**
 * The incremental path is only a shortcut: a second run after a change (kept pages, facts kept
 * per file, fonts kept between PDF documents) must give exactly what a run from scratch gives on
 * the changed tree — every file, byte for byte, in all six formats, and the same manifest.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'incremental-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (rel: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};
write(
  'web/server.js',
  "const express = require('express');\nconst users = require('./routes/users');\nconst app = express();\napp.use('/api/users', users);\napp.listen(process.env.PORT);\n",
);
write(
  'web/routes/users.js',
  "const router = require('express').Router();\n/** Shows one user. */\nfunction show(req, res) {}\nrouter.get('/:id', show);\nmodule.exports = router;\nmodule.exports.show = show;\n",
);
write('web/lib/format.js', '/** Formats a name. @param {string} name the name */\nexport function format(name) { return name; }\n');
// A module above SPLIT_MODULE_CHARS: one page per file.
write(
  'web/big/a.js',
  `/*\n${'Licensed under the terms of the licence. '.repeat(1700)}\n*/\n/** Adds. */\nexport function add(a, b) { return a + b; }\n`,
);
write('web/big/b.js', '/** Subtracts. */\nexport function sub(a, b) { return a - b; }\n');
write('shop/models.py', 'from django.db import models\n\nclass Order(models.Model):\n    total = models.IntegerField()\n');
write('shop/urls.py', "from django.urls import path\nfrom . import views\nurlpatterns = [\n    path('orders/', views.orders),\n]\n");
write('shop/views.py', 'import os\n\ndef orders(request):\n    """Lists the orders."""\n    return os.environ.get("SHOP_MODE")\n');

async function both(previous?: Record<string, DocSet>): Promise<Record<string, DocSet>> {
  const out: Record<string, DocSet> = {};
  for (const kind of ['arch', 'api'] as const) {
    const prev = previous?.[kind];
    out[kind] = await generateDocSet(dir, kind, DOC_FORMATS, {
      meta: { name: 'shop', commit: 'c2' },
      ...(prev ? { previous: { manifest: prev.manifest, files: prev.files } } : {}),
    });
  }
  return out;
}

describe('incremental regeneration gives what a run from scratch gives', () => {
  it('after a change in two files: same files, same bytes, same manifest; only the affected pages rebuilt', async () => {
    const first = await both();
    write(
      'web/routes/users.js',
      "const router = require('express').Router();\n/** Shows one user. */\nfunction show(req, res) {}\nrouter.get('/:id', show);\nrouter.post('/', show);\nmodule.exports = router;\nmodule.exports.show = show;\n",
    );
    write(
      'shop/views.py',
      'import os\n\ndef orders(request):\n    """Lists the orders."""\n    return os.environ.get("SHOP_MODE")\n\n\ndef refund(request, amount=0):\n    """Refunds an order."""\n    return os.environ.get("REFUND_LIMIT")\n',
    );
    write(
      'web/big/b.js',
      '/** Subtracts. */\nexport function sub(a, b) { return a - b; }\n/** Negates. */\nexport function neg(a) { return -a; }\n',
    );
    const second = await both(first);
    clearFactCache();
    const scratch = await both();
    for (const kind of ['arch', 'api'] as const) {
      expect(second[kind]!.reused.length).toBeGreaterThan(0);
      expect(second[kind]!.files.map((f) => f.name)).toEqual(scratch[kind]!.files.map((f) => f.name));
      for (const [i, f] of second[kind]!.files.entries())
        expect(Buffer.compare(Buffer.from(f.content), Buffer.from(scratch[kind]!.files[i]!.content)), `${kind}: ${f.name}`).toBe(0);
      expect(JSON.stringify(second[kind]!.manifest)).toBe(JSON.stringify(scratch[kind]!.manifest));
    }
    // The change is in: the new route, the new function and its env var.
    expect(String(second.api!.files.find((f) => f.name === 'api-http.md')!.content)).toContain('POST');
    expect(String(second.api!.files.find((f) => f.name === 'api.xml')!.content)).toContain('refund');
    expect(
      String(second.arch!.files.find((f) => f.name === 'architecture.md')!.content) +
        second.arch!.files.map((f) => String(f.content)).join(''),
    ).toContain('REFUND_LIMIT');
    // Kept pages are taken over, not rebuilt: the library page of web/lib did not change.
    expect(second.api!.reused).toContain('api-m-web-lib');
    expect(second.api!.regenerated).toContain('api-m-shop');
    // The large module: only the changed file's page was rebuilt; the index lists both and counts the module once.
    expect(second.api!.reused).toContain('api-m-web-big--a-js');
    expect(second.api!.regenerated).toContain('api-m-web-big--b-js');
    const index = String(second.api!.files.find((f) => f.name === 'api.md')!.content);
    expect(index).toContain('[web/big: a.js](api-m-web-big--a-js.md)');
    expect(index).toContain('[web/big: b.js](api-m-web-big--b-js.md)');
    expect(index).toMatch(/: 3 HTTP routes, 5 modules./); // web, web/routes, web/lib, web/big, shop
    expect(String(second.api!.files.find((f) => f.name === 'api-m-web-big--b-js.md')!.content)).toContain('# Module web/big: b.js');
  });

  it("a PDF part's bytes do not depend on the documents rendered before it (fonts are shared between documents)", async () => {
    const set = await generateDocSet(dir, 'api', ['md'], { meta: { name: 'shop' } });
    const [a, b] = Object.values(set.manifest.pages);
    const alone = await renderPdfPart(a!.model, a!.title);
    await renderPdfPart(b!.model, b!.title);
    expect(Buffer.compare(await renderPdfPart(a!.model, a!.title), alone)).toBe(0);
    expect(alone.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('facts are kept by content and key: the same text read again hits, another key or text computes', () => {
    clearFactCache();
    let computed = 0;
    const compute = (): number => ++computed;
    const text = 'def f():\n    pass\n';
    expect(perFile(text, 'k\0a.py', compute)).toBe(1);
    expect(perFile(['def f():', '    pass', ''].join('\n'), 'k\0a.py', compute)).toBe(1); // equal content, another string
    expect(perFile(text, 'k\0b.py', compute)).toBe(2);
    expect(perFile(`${text}\n`, 'k\0a.py', compute)).toBe(3);
    clearFactCache();
    expect(perFile(text, 'k\0a.py', compute)).toBe(4);
  });
});
