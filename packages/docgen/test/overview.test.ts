import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDocSet, generateDocs } from '../src/docs.ts';
import { factsOf, type SourceFile } from '../src/facts/index.ts';
import { dataModels } from '../src/facts/models.ts';
import { breadcrumbsOf, navigationOf } from '../src/pages/nav.ts';
import { isExample, overviewBlocks, overviewSentences, readmeOpening } from '../src/pages/overview.ts';
import { renderHtml } from '../src/render/html.ts';
import { renderMarkdown } from '../src/render/markdown.ts';
import { root } from '../src/pages/blocks.ts';

const py = (rel: string, text: string): SourceFile => ({ rel, language: 'Python', text });
const txt = (rel: string, text: string): SourceFile => ({ rel, language: 'text', text });

const sources: SourceFile[] = [
  py('shop/__init__.py', '# package\n"""Shop: orders and payments for the storefront.\n\nMore words here.\n"""\nfrom flask import Flask\n'),
  // A package with no doc of its own: its name says "auth", the overview says nothing about it.
  py('shop/auth/__init__.py', 'from .views import login\n'),
  py(
    'shop/auth/views.py',
    "from flask import Blueprint\nbp = Blueprint('auth', __name__)\n\n@bp.route('/login', methods=['POST'])\ndef login():\n    return ''\n",
  ),
  py(
    'shop/views.py',
    "from flask import Flask\nfrom shop.auth.views import bp\napp = Flask(__name__)\napp.register_blueprint(bp, url_prefix='/auth')\n\n@app.get('/orders')\ndef orders():\n    return []\n\n@app.get('/orders/<int:id>')\ndef order(id):\n    return {}\n",
  ),
  py('shop/models.py', 'from django.db import models\n\nclass Order(models.Model):\n    total = models.IntegerField()\n'),
  py('billing/tax.py', 'def rate():\n    return 0.2\n'),
  py(
    'examples/demo/app.py',
    "from flask import Flask\napp = Flask(__name__)\n\n@app.get('/hello')\ndef hello():\n    return 'hi'\n\nif __name__ == '__main__':\n    app.run()\n",
  ),
];
const projectFiles: SourceFile[] = [
  txt(
    'README.md',
    '[![build](https://ci/badge.svg)](https://ci)\n\n# Shop\n\nA small **shop** that sells [things](https://x) online. It has more.\nSecond line of the same paragraph.\n\n## Install\n',
  ),
  txt('Procfile', 'web: gunicorn shop.views:app\n'),
  txt('Dockerfile', 'FROM python:3.12\nCMD alembic upgrade head && \\\n    gunicorn shop.views:app\n'),
  txt('web/package.json', '{\n  "name": "web",\n  "description": "The storefront\'s browser app."\n}\n'),
];
const files = new Map([...sources, ...projectFiles].map((f) => [f.rel, f.text.split('\n')]));
const facts = factsOf(sources, null);
const sentences = overviewSentences(facts, sources, projectFiles, dataModels([...sources, ...projectFiles]));
const textOf = (s: (typeof sentences)[number]): string =>
  s.parts.map((p) => (typeof p === 'string' ? p : 'value' in p ? String(p.value) : '')).join('');

describe('overview: grounded sentences only', () => {
  it('every sentence cites a path:line that exists, and the cited line holds its evidence', () => {
    expect(sentences.length).toBeGreaterThanOrEqual(6);
    for (const s of sentences) {
      expect(s.cites.length, textOf(s)).toBeGreaterThan(0);
      for (const c of s.cites) {
        const lines = files.get(c.file);
        expect(lines, `${textOf(s)} cites ${c.file}`).toBeDefined();
        expect(c.line).toBeGreaterThanOrEqual(1);
        expect(c.line).toBeLessThanOrEqual(lines!.length);
        if (c.evidence) expect(lines![c.line - 1], textOf(s)).toContain(c.evidence);
      }
    }
    // Rendered, each paragraph ends with its citations.
    const md = renderMarkdown(root(overviewBlocks(sentences)));
    for (const line of md.split('\n').filter((l) => l !== '' && !l.startsWith('#')))
      expect(line).toMatch(/\(`[^`]+:\d+`(?:, `[^`]+:\d+`)*\)\.$/);
  });

  it("quotes the README's opening paragraph (badges and headings skipped, markup out) and the packages' own docs", () => {
    const what = sentences.filter((s) => s.section === 'What it is');
    expect(what.map(textOf)).toEqual(['The README opens: “A small shop that sells things online.”']);
    expect(what[0]!.cites[0]).toMatchObject({ file: 'README.md', line: 5 });
    const parts = sentences.filter((s) => s.section === 'Its parts').map(textOf);
    expect(parts).toEqual([
      'shop says of itself: “Shop: orders and payments for the storefront.”',
      "web says of itself: “The storefront's browser app.”",
    ]);
    expect(
      readmeOpening(txt('README.rst', 'Shop\n====\n\n.. image:: x.svg\n   :target: https://ci.example/x\n\nSells things to people.\n')),
    ).toMatchObject({
      line: 7,
      text: 'Sells things to people.',
    });
  });

  it('says nothing from names: a folder without a doc of its own gets no sentence', () => {
    const all = sentences.map(textOf).join('\n');
    expect(all).not.toMatch(/\bbilling\b/);
    expect(all).not.toMatch(/authentication|sign-?in/i);
    expect(sentences.some((s) => s.section === 'Its parts' && /auth/.test(textOf(s)))).toBe(false);
  });

  it('routes per declaring file with their full paths; examples, their routes and their programs apart', () => {
    const routes = sentences.filter((s) => s.section === 'How a request arrives').map(textOf);
    expect(routes).toContain('shop/views.py declares 2 flask routes under /orders: GET /orders, GET /orders/<int:id>');
    expect(routes.some((r) => r.includes('POST /auth/login'))).toBe(true);
    expect(routes.filter((r) => r.includes('/hello'))).toEqual([]);
    expect(routes).toContain('1 route belongs to examples, not to the system itself, the first in examples/demo/app.py');
    const runs = sentences.filter((s) => s.section === 'How it runs').map(textOf);
    expect(runs).toContain('Procfile runs web: gunicorn shop.views:app');
    // An instruction continued over lines is read whole, cited at its first line.
    expect(runs).toContain('Dockerfile runs CMD alembic upgrade head && gunicorn shop.views:app');
    expect(runs.some((r) => r.startsWith('It starts at examples/'))).toBe(false);
    expect(runs.some((r) => r.startsWith('1 example program starts on its own'))).toBe(true);
    expect(sentences.filter((s) => s.section === 'Data model').map(textOf)).toEqual(['Order (django) has 2 fields']);
  });
});

describe('overview: how it runs, by what the deployment files run', () => {
  const java = (rel: string, text: string): SourceFile => ({ rel, language: 'Java', text });
  const main = 'public class X {\n  public static void main(String[] args) {}\n}\n';
  const srcs: SourceFile[] = [
    java('.mvn/wrapper/MavenWrapperDownloader.java', main),
    java('src/main/java/com/acme/App.java', main),
    py('backend/app/main.py', 'from fastapi import FastAPI\napp = FastAPI()\n'),
    py('backend/app/initial_data.py', 'def init():\n    pass\n\nif __name__ == "__main__":\n    init()\n'),
    py('backend/app/cli.py', 'if __name__ == "__main__":\n    print(1)\n'),
  ];
  const project: SourceFile[] = [
    txt('backend/Dockerfile', 'FROM python:3.12\nRUN python -m app.cli --check\nCMD ["fastapi", "run", "app/main.py"]\n'),
    txt(
      'package.json',
      '{\n  "name": "x",\n  "scripts": {\n    "start": "pm2 start ecosystem.config.json --no-daemon",\n    "test": "jest"\n  }\n}\n',
    ),
    txt(
      'docker-compose.yml',
      "services:\n  web:\n    build: .\n    command: |\n      bash -c 'uvicorn app.main:app --host 0.0.0.0'\n  db:\n    image: postgres\n",
    ),
  ];
  const all = new Map([...srcs, ...project].map((f) => [f.rel, f.text.split('\n')]));
  const said = overviewSentences(factsOf(srcs, null), srcs, project, []).filter((s) => s.section === 'How it runs');

  it("names the deployment's commands (package.json's start, a Compose service's command), each at its line", () => {
    const runs = said.map(textOf);
    expect(runs).toContain('package.json runs npm start: pm2 start ecosystem.config.json --no-daemon');
    expect(runs).toContain("docker-compose.yml runs web: bash -c 'uvicorn app.main:app --host 0.0.0.0'");
    expect(runs).toContain('backend/Dockerfile runs CMD ["fastapi", "run", "app/main.py"]');
    for (const s of said) for (const c of s.cites) expect(all.get(c.file)?.[c.line - 1]).toContain(c.evidence);
    // The repository's own files before a sub-project's (only six are shown).
    const deployments = runs.filter((r) => r.includes(' runs ') && !r.includes('also runs'));
    expect(deployments.map((r) => r.split(' ')[0])).toEqual(['docker-compose.yml', 'package.json', 'backend/Dockerfile']);
  });

  it("a build tool's wrapper is no entry point; a Python script the deployment files do not name is not where the system starts", () => {
    const runs = said.map(textOf);
    expect(runs.some((r) => r.includes('MavenWrapperDownloader'))).toBe(false);
    expect(runs).toContain('It starts at src/main/java/com/acme/App.java (java main)');
    expect(runs).toContain('backend/app/initial_data.py also runs on its own (python __main__); the deployment files do not name it');
    expect(runs.some((r) => r.startsWith('It starts at backend/app/initial_data.py'))).toBe(false);
    // Named by the Dockerfile as a module (`python -m app.cli`).
    expect(runs).toContain('It starts at backend/app/cli.py (python __main__)');
  });
});

describe('overview: a program the deployment does not build is not where the system starts', () => {
  const java = (rel: string, text: string): SourceFile => ({ rel, language: 'Java', text });
  const main = 'public class X {\n  public static void main(String[] args) {}\n}\n';
  const srcs: SourceFile[] = [
    java('service/bulletin/src/main/java/com/acme/BulletinApplication.java', main),
    java('service/lib/listener-spi/src/main/java/com/acme/SpiApplication.java', main),
  ];
  const project: SourceFile[] = [
    {
      rel: 'docker-compose.yml',
      language: 'YAML',
      text: 'services:\n  bulletin:\n    build: ./service/bulletin\n    ports:\n      - 8085:8080\n',
    },
  ];

  it('a main under a folder docker-compose builds starts the system; one under no built folder runs on its own', () => {
    const runs = overviewSentences(factsOf(srcs, null), srcs, project, [])
      .filter((s) => s.section === 'How it runs')
      .map(textOf);
    expect(runs).toContain('It starts at service/bulletin/src/main/java/com/acme/BulletinApplication.java (java main)');
    expect(runs).toContain(
      'service/lib/listener-spi/src/main/java/com/acme/SpiApplication.java also runs on its own (java main); the deployment files do not build it',
    );
  });
});

describe('navigation', () => {
  const apiPages = [
    { id: 'api-http', title: 'HTTP API' },
    { id: 'api-m-shop', title: 'shop' },
    { id: 'api-m-shop-big--a-py', title: 'shop/big: a.py' },
    { id: 'api-m-shop-big--b-py', title: 'shop/big: b.py' },
    { id: 'api-m-examples-demo', title: 'examples/demo' },
  ];

  it('sections of human titles: the overview, endpoint groups by path with their anchors, modules (split ones nested), examples apart', () => {
    const nav = navigationOf('api', 'api', apiPages, facts.routes);
    expect(nav.map((s) => s.title)).toEqual(['Start', 'HTTP API', 'Library reference', 'Examples']);
    expect(nav[0]!.items).toEqual([{ title: 'Overview', page: 'api' }]);
    expect(nav[1]!.items[0]!.children).toEqual([
      { title: '/auth', page: 'api-http', anchor: 'auth' },
      { title: '/orders', page: 'api-http', anchor: 'orders' },
    ]);
    expect(nav[2]!.items).toEqual([
      { title: 'shop', page: 'api-m-shop' },
      {
        title: 'shop/big',
        page: 'api-m-shop-big--a-py',
        children: [
          { title: 'a.py', page: 'api-m-shop-big--a-py' },
          { title: 'b.py', page: 'api-m-shop-big--b-py' },
        ],
      },
    ]);
    expect(nav[3]!.items.map((i) => i.title)).toEqual(['Example endpoints', 'examples/demo']);
    for (const section of nav) for (const item of section.items) expect(item.title).not.toMatch(/\.html$|^api-m-/);
    expect(breadcrumbsOf(nav, 'api-m-shop-big--b-py')).toEqual([
      { title: 'Overview', page: 'api' },
      { title: 'Library reference' },
      { title: 'shop/big', page: 'api-m-shop-big--a-py' },
      { title: 'b.py' },
    ]);
    expect(breadcrumbsOf(nav, 'api')).toEqual([]);
  });

  it('a library with no route of its own: its reference is the API, and there is no HTTP section', () => {
    const library = factsOf([sources[5]!, sources[6]!], null);
    const nav = navigationOf('api', 'api', apiPages, library.routes);
    expect(nav.map((s) => s.title)).toEqual(['Start', 'Library reference', 'Examples']);
  });

  it('the HTML page carries the sidebar, the current page marked, breadcrumbs back to the overview', () => {
    const nav = navigationOf(
      'arch',
      'architecture',
      [
        { id: 'architecture-context', title: 'System context' },
        { id: 'architecture-components', title: 'Components' },
      ],
      [],
    );
    const html = renderHtml(root([]), 'x', new Map(), {
      search: 's.js',
      nav: { sections: nav, page: 'architecture-components', crumbs: breadcrumbsOf(nav, 'architecture-components') },
    });
    expect(html).toContain('<a href="architecture-components.html" aria-current="page">Components</a>');
    expect(html).toContain('<a href="architecture-context.html">System context</a>');
    expect(html).toMatch(
      /<nav class="docent-crumbs" aria-label="Breadcrumb"><ol><li><a href="architecture.html">Overview<\/a><\/li><li>Architecture<\/li><li aria-current="page">Components<\/li><\/ol><\/nav>/,
    );
    expect(html).toContain('↑ Back to the contents');
    expect(html).toContain('<details class="docent-menu">');
  });
});

describe('the doc set opens on the overview', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'overview-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const f of [...sources, ...projectFiles]) {
    fs.mkdirSync(path.dirname(path.join(dir, f.rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, f.rel), f.text);
  }
  it('index.html is the index page: the overview, its citations, the sidebar', async () => {
    const docs = await generateDocs(dir, 'arch', ['md', 'html'], { name: 'shop' });
    const index = docs.find((d) => d.name === 'index.html');
    expect(index?.content).toBe(docs.find((d) => d.name === 'architecture.html')?.content);
    expect(String(index!.content)).toContain('<h2 id="overview">Overview</h2>');
    expect(String(index!.content)).toContain('<code>README.md:5</code>');
    expect(String(index!.content)).toContain('<nav class="docent-side" aria-label="Contents">');
    expect(String(docs.find((d) => d.name === 'architecture.md')!.content)).toContain(
      'The README opens: “A small shop that sells things online.”',
    );
  });

  it('the manifest carries the sidebar as a source of each HTML page, storable as PostgreSQL JSON (no NUL)', async () => {
    const { manifest } = await generateDocSet(dir, 'api', ['html'], { meta: { name: 'shop' } });
    const sources = Object.values(manifest.pages).map((p) => Object.keys(p.sources));
    expect(sources.every((keys) => keys.includes('//navigation'))).toBe(true);
    expect(JSON.stringify(manifest)).not.toContain('\\u0000');
  });
});

describe('examples folders (docs/metrics/arch-api-facts.md, fifth round)', () => {
  it('a JVM package named samples is the code, a folder named examples or samples is examples', () => {
    expect(
      [
        'src/main/java/org/springframework/samples/petclinic/rest/controller/OwnerController.java',
        'src/main/kotlin/com/acme/demo/App.kt',
        'examples/basic/app.py',
        'samples/hello/src/main/java/com/acme/Hello.java',
        'services/api/src/main/java/com/acme/Api.java',
      ].map(isExample),
    ).toEqual([false, false, true, true, false]);
  });
});

describe('routes behind a prefix known only at run time (docs/metrics/arch-api-facts.md, fifth round)', () => {
  it('the sentence says the paths follow a prefix the code leaves open, and where', () => {
    const srcs: SourceFile[] = [
      {
        rel: 'lib/routes/tags.js',
        language: 'JavaScript',
        text: "const fp = require('fastify-plugin')\n\nmodule.exports = fp(async function tags (server, options) {\n  server.route({ method: 'GET', path: options.prefix + 'tags', handler: async () => [] })\n})\n",
      },
    ];
    const said = overviewSentences(factsOf(srcs, null), srcs, [], [])
      .filter((s) => s.section === 'How a request arrives')
      .map((s) => s.parts.map((p) => (typeof p === 'string' ? p : 'value' in p ? String(p.value) : '')).join(''));
    expect(said).toEqual([
      'lib/routes/tags.js declares 1 fastify route, after a prefix these docs do not resolve (lib/routes/tags.js:4 options.prefix): GET /tags',
    ]);
  });
});

describe('helper programs and generated package comments (docs/metrics/arch-api-facts.md, fifth round)', () => {
  const go = (rel: string, text: string): SourceFile => ({ rel, language: 'Go', text });
  const srcs: SourceFile[] = [
    go('cmd/server/main.go', 'package main\n\nfunc main() {\n\tserve()\n}\n\nfunc serve() {}\n'),
    go('scripts/genkey.go', 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("key")\n}\n'),
    go(
      'pkg/store/store_mock.go',
      '// Code generated by MockGen. DO NOT EDIT.\n// Source: pkg/store/store.go\n\n// Package store is a generated GoMock package.\npackage store\n',
    ),
    go('pkg/store/store.go', '// Package store keeps the books in Redis.\npackage store\n'),
  ];
  const said = overviewSentences(factsOf(srcs, 'module example.com/books\n'), srcs, [], []).map(
    (s) => `${s.section}: ${s.parts.map((p) => (typeof p === 'string' ? p : 'value' in p ? String(p.value) : '')).join('')}`,
  );
  it("a program under scripts/ beside the system's own is a helper, not where the system starts", () => {
    expect(said.filter((s) => s.startsWith('How it runs'))).toEqual([
      'How it runs: It starts at cmd/server/main.go (go main)',
      'How it runs: scripts/genkey.go is a helper program of its own (go main), not where the system starts',
    ]);
  });
  it("a generated file's package comment is not the package's own word", () => {
    expect(said.filter((s) => s.startsWith('Its parts'))).toEqual([
      'Its parts: pkg/store says of itself: “Package store keeps the books in Redis.”',
    ]);
  });
});

describe('programs that are no start of the system (docs/metrics/arch-api-facts.md, eighth round)', () => {
  it("a test's program (plugin/testing/…) is not named; a script beside a server with no main of its own is a helper", () => {
    const srcs: SourceFile[] = [
      { rel: 'app.go', language: 'Go', text: 'package main\n\nfunc main() {\n\tserve()\n}\n\nfunc serve() {}\n' },
      { rel: 'plugin/testing/broken/nothing/main.go', language: 'Go', text: 'package main\n\nfunc main() {}\n' },
      {
        rel: 'src/app/api.py',
        language: 'Python',
        text: 'from fastapi import APIRouter\n\nrouter = APIRouter()\n\n@router.get("/items")\ndef items():\n    return []\n',
      },
      {
        rel: 'src/scripts/create_first_superuser.py',
        language: 'Python',
        text: 'def main():\n    pass\n\nif __name__ == "__main__":\n    main()\n',
      },
    ];
    const said = overviewSentences(factsOf(srcs, 'module example.com/x\n'), srcs, [], [])
      .filter((s) => s.section === 'How it runs')
      .map((s) => s.parts.map((p) => (typeof p === 'string' ? p : 'value' in p ? String(p.value) : '')).join(''));
    expect(said).toEqual([
      'It starts at app.go (go main)',
      'src/scripts/create_first_superuser.py is a helper program of its own (python __main__), not where the system starts',
    ]);
  });

  it('a server of routes only: its script under scripts/ is a helper', () => {
    const srcs: SourceFile[] = [
      {
        rel: 'src/app/api.py',
        language: 'Python',
        text: 'from fastapi import APIRouter\n\nrouter = APIRouter()\n\n@router.get("/items")\ndef items():\n    return []\n',
      },
      { rel: 'src/scripts/seed.py', language: 'Python', text: 'if __name__ == "__main__":\n    pass\n' },
    ];
    const said = overviewSentences(factsOf(srcs, null), srcs, [], [])
      .filter((s) => s.section === 'How it runs')
      .map((s) => s.parts.map((p) => (typeof p === 'string' ? p : 'value' in p ? String(p.value) : '')).join(''));
    expect(said).toEqual(['src/scripts/seed.py is a helper program of its own (python __main__), not where the system starts']);
  });
});
