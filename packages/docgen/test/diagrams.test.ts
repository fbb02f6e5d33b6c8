import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { afterAll, describe, expect, it } from 'vitest';
import { erSvg, flowchartSvg, sequenceSvg } from '../src/diagrams.ts';
import { generateDocs } from '../src/docs.ts';

/** The SVG parsed as XML (xmldom throws on a well-formedness error; warnings fail too), its node boxes and its texts. */
function parse(svg: string): { boxes: Array<{ x: number; y: number; w: number; h: number; id: string }>; texts: string[] } {
  const problems: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => problems.push(`${level}: ${message}`) }).parseFromString(svg, 'image/svg+xml');
  expect(problems).toEqual([]);
  expect(doc.documentElement?.tagName).toBe('svg');
  const boxes = [...doc.getElementsByTagName('g')]
    .filter((g) => g.getAttribute('class') === 'node')
    .map((g: Element) => {
      const rect = g.getElementsByTagName('rect')[0]!;
      return {
        id: g.getAttribute('data-id')!,
        x: Number(rect.getAttribute('x')),
        y: Number(rect.getAttribute('y')),
        w: Number(rect.getAttribute('width')),
        h: Number(rect.getAttribute('height')),
      };
    });
  return { boxes, texts: [...doc.getElementsByTagName('text')].map((t) => t.textContent ?? '') };
}

function expectNoOverlap(boxes: ReturnType<typeof parse>['boxes']): void {
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
      expect(overlap, `${a.id} overlaps ${b.id}`).toBe(false);
    }
  }
}

describe('SVG diagrams', () => {
  it('flowchart: parses, has every label, boxes do not overlap, markup in labels is escaped', () => {
    const nodes = Array.from({ length: 14 }, (_, i) => ({
      id: `n${i}`,
      label: `src/module-${i}${i === 3 ? '/<b>&"x"' : ''}`,
      detail: `[component] ${i} files`,
    }));
    const edges = nodes.slice(1).map((n, i) => [`n${Math.floor(i / 3)}`, n.id] as const);
    const { boxes, texts } = parse(flowchartSvg('Components', nodes, [...edges, ['n5', 'n0']]));
    expect(boxes).toHaveLength(14);
    for (const n of nodes) expect(texts).toContain(n.label);
    expect(texts).toContain('src/module-3/<b>&"x"');
    expectNoOverlap(boxes);
  });

  it('sequence: participants in order left to right, messages labelled', () => {
    const { boxes, texts } = parse(
      sequenceSvg(
        'GET /x',
        ['Client', 'src/routes/users.js', 'src/db.js'],
        [
          { from: 'Client', to: 'src/routes/users.js', label: 'GET /api/users/:id' },
          { from: 'src/routes/users.js', to: 'src/db.js', label: 'calls' },
          { from: 'src/routes/users.js', to: 'Client', label: 'response' },
        ],
      ),
    );
    expect(boxes.map((b) => b.id)).toEqual(['Client', 'src/routes/users.js', 'src/db.js']);
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    expect(texts).toEqual(expect.arrayContaining(['GET /api/users/:id', 'calls', 'response']));
    expectNoOverlap(boxes);
  });

  it('ER: one box per entity with its fields, no overlaps', () => {
    const entities = Array.from({ length: 6 }, (_, i) => ({
      name: `Table${i}`,
      fields: [
        { name: 'id', type: 'int', key: 'PK' as const },
        { name: `parent_id`, type: 'int', key: 'FK' as const },
        ...Array.from({ length: i * 3 }, (_, k) => ({ name: `col${k}`, type: 'text' })),
      ],
    }));
    const { boxes, texts } = parse(
      erSvg(
        'Data model',
        entities,
        entities.slice(1).map((e, i) => ({ from: e.name, to: `Table${i}`, label: 'parent_id' })),
      ),
    );
    expect(boxes.map((b) => b.id)).toEqual(entities.map((e) => e.name));
    expect(texts).toContain('PK id: int');
    expect(texts).toContain('… 6 more'); // Table5 has 17 fields: 11 shown and the rest counted
    expectNoOverlap(boxes);
  });
});

describe('diagrams in the documents', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'diagrams-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (rel: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  write(
    'src/app.js',
    "const express = require('express');\nconst { show } = require('./handlers/users');\nconst app = express();\napp.get('/users/:id', show);\napp.listen(3000);\n",
  );
  write(
    'src/handlers/users.js',
    "const db = require('../db/pool');\nconst log = require('../log');\nconst cache = require('../cache');\nexports.show = function show(req, res) { res.json(db.find(req.params.id)); log.info('x'); };\n",
  );
  write('src/db/pool.js', 'exports.find = (id) => id;\n');
  write('src/log.js', 'exports.info = () => {};\n');
  // Imported by the handler's file but never called by the handler: not part of the request's flow.
  write('src/cache.js', 'exports.get = () => null;\n');

  it('components and runtime: Mermaid source, the SVG file referenced from md/rst/docbook and embedded in HTML and PDF', async () => {
    const docs = await generateDocs(dir, 'arch', ['md', 'html', 'rst', 'xml', 'pdf']);
    const file = (name: string): string => String(docs.find((d) => d.name === name)?.content);
    const svg = file('architecture-components.svg');
    const { texts } = parse(svg);
    expect(texts).toEqual(expect.arrayContaining(['src', 'src/handlers', 'src/db']));
    expect(file('architecture-components.md')).toContain('![Components: folders and their imports](architecture-components.svg)');
    expect(file('architecture-components.md')).toContain('```mermaid\nflowchart LR');
    expect(file('architecture-components.rst')).toContain('.. image:: architecture-components.svg');
    expect(file('architecture.xml')).toContain('<imagedata fileref="architecture-components.svg" format="SVG"/>');
    expect(file('architecture-components.html')).toMatch(/<figure class="diagram"><svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // the runtime page: route → handler imported from its file → the functions the handler calls (not every module its file imports)
    const seq = parse(file('architecture-runtime-1.svg'));
    expect(seq.boxes.map((b) => b.id)).toEqual(['Client', 'src/app.js', 'src/handlers/users.js', 'src/db/pool.js', 'src/log.js']);
    expect(seq.texts).toEqual(expect.arrayContaining(['GET /users/:id', 'show()', 'find()', 'info()']));
    expect(file('architecture-runtime.md')).toMatch(
      /\| `show` +\| `find\(\)` +\| `src\/db\/pool\.js` +\| `src\/handlers\/users\.js:4` +\|/,
    );
    expect(file('architecture-runtime.md')).toContain('```mermaid\nsequenceDiagram');
    expect(file('architecture-runtime.md')).toContain('Route `src/app.js:4`, handler `show` imported from `src/handlers/users.js`.');
    // the PDF draws the SVG: its labels are text in the PDF
    const pdf = docs.find((d) => d.name === 'architecture.pdf')!.content as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
