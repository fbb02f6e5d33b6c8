import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractFunctions, PARSEABLE_LANGUAGES, type ParsedFunction } from '../src/functions/index.ts';

/**
 * One small, real-looking file per language. Each expected row was checked by hand:
 * `name|startLine-endLine|doc or undoc|scope|complexity[|outdated explanation][|incomplete: names]`.
 * Complexity = 1 + the decision points listed in docs/metrics/functions.md.
 */

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'functions');

function row(f: ParsedFunction): string {
  const base = `${f.name}|${f.startLine}-${f.endLine}|${f.docstring === null ? 'undoc' : 'doc'}|${f.scope}|${f.complexity}`;
  const missing = f.docFacts?.missingParams.length ? `|incomplete: ${f.docFacts.missingParams.join(',')}` : '';
  return (f.outdated.status === 'OUTDATED' ? `${base}|${f.outdated.explanation}` : base) + missing;
}

const CASES: { language: string; file: string; expected: string[] }[] = [
  {
    language: 'Python',
    file: 'python/billing.py',
    expected: [
      'total|7-18|doc|public|3',
      "apply_discount|21-31|doc|public|3|Docstring documents parameter 'currency' which is not in the signature.",
      'format_money|34-35|undoc|private|1',
      '_round|38-40|doc|private|1',
      'Invoice.__init__|46-55|doc|public|2|incomplete: lines',
      'Invoice.paid|57-59|undoc|public|2',
      'Invoice.send|61-75|doc|public|3|Docstring documents a return value, but the function returns nothing.',
      'Invoice._reminder|78-86|doc|private|1',
      'Invoice._reminder.plural|84-85|undoc|private|2',
      'Invoice.lines_over|88-90|undoc|public|3',
      'Invoice.describe|92-94|undoc|public|2',
      'stub|97-103|doc|private|1',
      'match_status|106-115|doc|private|3',
    ],
  },
  {
    language: 'JavaScript',
    file: 'javascript/cart.js',
    expected: [
      'addItem|10-16|doc|public|3',
      "removeItem|24-26|doc|private|1|Doc comment documents parameter 'silent' which is not in the signature.",
      'total|29-29|doc|public|2',
      'Cart.constructor|34-37|undoc|public|1',
      'Cart.onChange|44-46|doc|public|1',
      'Cart.#emit|48-50|undoc|private|2',
      'Cart.label|52-52|undoc|public|2',
      'Cart.describe|58-69|doc|public|3|Doc comment documents a return value, but the function returns nothing.',
    ],
  },
  {
    language: 'TypeScript',
    file: 'typescript/user-service.ts',
    expected: [
      'UserService.constructor|12-12|undoc|public|1',
      'UserService.findById|19-22|doc|public|2',
      'UserService.remove|30-33|doc|protected|3',
      'UserService.normalise|35-37|undoc|private|1',
      'UserService.count|39-42|undoc|public|1',
      "isValidEmail|51-53|doc|public|1|Doc comment documents parameter 'strict' which is not in the signature.",
      'helper|55-57|undoc|private|2',
      'clamp|59-59|undoc|public|1',
    ],
  },
  {
    language: 'TSX',
    file: 'tsx/Badge.tsx',
    expected: ['Badge|12-15|doc|public|2', 'Counter|17-20|undoc|public|2'],
  },
  {
    language: 'Java',
    file: 'java/OrderService.java',
    expected: [
      'OrderService.OrderService|15-17|doc|public|1',
      'OrderService.place|26-35|doc|public|4',
      'OrderService.cancel|43-53|doc|public|3|Doc comment documents a return value, but the function returns nothing.',
      'OrderService.validate|55-61|undoc|private|2',
      "OrderService.count|68-70|doc|protected|2|Doc comment documents parameter 'since' which is not in the signature.",
      'OrderService.key|72-74|undoc|private|1',
      'OrderService.Listener.placed|78-78|doc|public|1',
    ],
  },
  {
    language: 'Go',
    file: 'go/cache.go',
    expected: [
      'New|16-18|doc|public|1',
      'Cache.Get|21-29|doc|public|3',
      "Cache.Set|37-41|doc|public|1|Doc comment documents parameter 'ttl' which is not in the signature.",
      'Cache.evict|43-52|undoc|private|3',
      'sizeOf|55-64|undoc|private|3',
    ],
  },
  {
    language: 'Rust',
    file: 'rust/parser.rs',
    expected: [
      'Config.parse|20-30|doc|public|4',
      "Config.get|38-41|doc|public|1|Doc comment documents parameter 'default' which is not in the signature.",
      'Config.kind|43-49|undoc|private|3',
      'Config.fmt|53-55|undoc|public|1',
      'log|63-65|doc|public|1|Doc comment documents a return value, but the function returns nothing.',
    ],
  },
  {
    language: 'C',
    file: 'c/ringbuf.c',
    expected: [
      'ringbuf_new|9-17|doc|public|3',
      "ringbuf_free|23-27|doc|public|1|Doc comment documents parameter 'force' which is not in the signature.",
      'ringbuf_push|33-37|doc|public|1|Doc comment documents a return value, but the function returns nothing.',
      'clamp|39-42|undoc|private|3',
      'ringbuf_count|44-56|undoc|public|3',
    ],
  },
  {
    language: 'C++',
    file: 'cpp/matrix.cpp',
    expected: [
      'Matrix.Matrix|12-12|doc|public|1',
      'Matrix.at|20-23|doc|public|5',
      'Matrix.apply|25-28|undoc|public|2',
      'Matrix.index|34-34|undoc|private|1',
      'Matrix.resize|42-46|doc|public|1|incomplete: cols',
      'square|49-49|undoc|private|1',
      'Point.norm|54-54|undoc|public|1',
    ],
  },
  {
    language: 'C#',
    file: 'csharp/Inventory.cs',
    expected: [
      'Inventory.Add|14-18|doc|public|3',
      'Inventory.Remove|23-28|doc|public|3|incomplete: count',
      'Inventory.Level|30-30|undoc|private|1',
      'Inventory.Describe|34-42|doc|protected|3',
      'Inventory.Log|46-52|doc|public|2|Doc comment documents a return value, but the function returns nothing.',
      'IStore.Save|58-58|doc|public|1',
    ],
  },
  {
    language: 'Ruby',
    file: 'ruby/mailer.rb',
    expected: [
      'Notify.Mailer.initialize|10-13|doc|public|1',
      "Notify.Mailer.deliver|21-32|doc|public|6|Doc comment documents parameter 'retries' which is not in the signature.",
      'Notify.Mailer.self.default|34-36|undoc|public|1',
      'Notify.Mailer.headers|40-42|undoc|protected|1',
      'Notify.Mailer.format|47-49|doc|private|2',
      'Notify.Mailer.status|51-53|undoc|public|1',
      'helper|57-63|undoc|private|3',
    ],
  },
  {
    language: 'PHP',
    file: 'php/Invoice.php',
    expected: [
      'Invoice.__construct|15-17|doc|public|1',
      'Invoice.addLine|26-32|doc|public|3',
      "Invoice.total|40-47|doc|public|2|Doc comment documents parameter 'withTax' which is not in the signature.",
      'Invoice.customer|49-52|undoc|protected|2',
      'Invoice.log|59-62|doc|private|1|Doc comment documents a return value, but the function returns nothing.',
      'format_money|72-79|doc|public|3',
    ],
  },
  {
    language: 'Kotlin',
    file: 'kotlin/Repository.kt',
    expected: [
      'UserRepository.save|15-20|doc|public|2',
      "UserRepository.find|28-29|doc|public|2|Doc comment documents parameter 'limit' which is not in the signature.",
      'UserRepository.clear|36-38|doc|public|1|Doc comment documents a return value, but the function returns nothing.',
      'UserRepository.label|40-46|undoc|private|3',
      'UserRepository.touch|48-50|undoc|protected|2',
      'slug|54-54|doc|public|1',
    ],
  },
  {
    language: 'Swift',
    file: 'swift/Downloader.swift',
    expected: [
      'Downloader.init|9-11|doc|public|1',
      "Downloader.fetch|19-25|doc|public|3|Doc comment documents parameter 'timeout' which is not in the signature.",
      'Downloader.clearCache|31-33|doc|public|1|Doc comment documents a return value, but the function returns nothing.',
      'Downloader.retryDelay|35-44|undoc|private|4',
      'Downloader.log|48-50|undoc|private|1',
    ],
  },
  {
    // Cython, read as Python with its `cpdef`/`cdef` declarations rewritten (functions/cython.ts).
    language: 'Cython',
    file: 'cython/geometry.pyx',
    expected: [
      'distance|6-18|doc|public|1',
      "clamp|21-31|doc|public|3|Docstring documents parameter 'limit' which is not in the signature.",
      'Polygon.__init__|37-38|undoc|public|1',
      'Polygon.count|40-48|doc|public|1',
      'area|51-60|doc|public|2',
    ],
  },
];

describe('extractFunctions on one fixture per language', () => {
  it('covers the 15 parseable languages', () => {
    expect(new Set(CASES.map((c) => c.language))).toEqual(new Set(PARSEABLE_LANGUAGES));
    expect(PARSEABLE_LANGUAGES.size).toBe(15);
  });

  for (const { language, file, expected } of CASES) {
    it(`${language}: ${file}`, async () => {
      const source = readFileSync(path.join(fixtures, file), 'utf8');
      const functions = await extractFunctions(source, language, file);
      expect(functions.map(row)).toEqual(expected);
      for (const f of functions) {
        // content is exactly the declaration's lines; CURRENT carries no explanation
        const lines = source
          .split('\n')
          .slice(f.startLine - 1, f.endLine)
          .join('\n');
        expect(lines).toContain(f.content.split('\n')[0]!.trim());
        expect(f.content.split('\n').length).toBe(f.endLine - f.startLine + 1);
        if (f.outdated.status === 'CURRENT') expect(f.outdated.explanation).toBe('');
        if (f.docstring !== null) expect(f.docEndLine! < f.startLine || language === 'Python' || language === 'Cython').toBe(true);
      }
    });
  }
});

describe('JSDoc attaches the way TypeScript attaches it', () => {
  // express's style: a full JSDoc block, one blank line, then the assignment (lib/application.js)
  const EXPRESS = [
    "'use strict';",
    '',
    '/**',
    ' * Initialize the server.',
    ' *',
    ' * @private',
    ' */',
    '',
    'app.init = function init() {',
    '  this.cache = {};',
    '};',
    '',
    '/**',
    ' * Send a response.',
    ' *',
    ' * @param {string|number|boolean|object|Buffer} body',
    ' * @public',
    ' */',
    '',
    'res.send = function send(body) {',
    '  return this;',
    '};',
    '',
    '/** Exported helper. */',
    '',
    'exports.helper = function helper() {};',
    '',
    '/** Arrow. */',
    '',
    'const arrow = () => 1;',
    '',
    '/** About a constant, not the function after it. */',
    'const LIMIT = 10;',
    '',
    'function undocumented() {}',
    '',
  ].join('\n');

  it('a blank line between the block and the declaration keeps it documented (JavaScript)', async () => {
    const fns = await extractFunctions(EXPRESS, 'JavaScript', 'lib/application.js');
    const documented = Object.fromEntries(fns.map((f) => [f.name, f.docstring !== null]));
    expect(documented).toMatchObject({ 'app.init': true, 'res.send': true, helper: true, arrow: true, undocumented: false });
  });

  it('the same holds in TypeScript, and code between still detaches', async () => {
    const source =
      '/** Adds. */\n\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n\n/** Note. */\nlet x = 1;\n\nexport function sub(a: number): number {\n  return a - x;\n}\n';
    const fns = await extractFunctions(source, 'TypeScript', 'src/math.ts');
    expect(fns.map((f) => `${f.name}:${f.docstring === null ? 'undoc' : 'doc'}`)).toEqual(['add:doc', 'sub:undoc']);
  });
});

describe('JSDoc access tags set the scope', () => {
  it('@private, @api private, @access protected and @public override what the syntax says', async () => {
    const source = [
      '/** Hidden. @private */',
      'exports.a = function a() {};',
      '/**',
      ' * Internal.',
      ' * @api private',
      ' */',
      'exports.b = function b() {};',
      '/** @access protected */',
      'exports.c = function c() {};',
      '/** Shown. @public */',
      'function d() {}',
      '/** Plain. */',
      'exports.e = function e() {};',
      '/** Mentions @privateer only. */',
      'exports.f = function f() {};',
    ].join('\n');
    const fns = await extractFunctions(source, 'JavaScript', 'lib/x.js');
    expect(Object.fromEntries(fns.map((f) => [f.name, f.scope]))).toEqual({
      a: 'private',
      b: 'private',
      c: 'protected',
      d: 'public',
      e: 'public',
      f: 'public',
    });
  });
});

describe('chained assignments (express: `req.get =\\nreq.header = function header…`)', () => {
  it('the JSDoc above the statement documents the function, as TypeScript says', async () => {
    const source =
      '/**\n * Return request header.\n * @public\n */\n\nreq.get =\nreq.header = function header(name) {\n  return name;\n};\n';
    const [fn] = await extractFunctions(source, 'JavaScript', 'lib/request.js');
    expect(fn).toMatchObject({ name: 'req.header', startLine: 6, docstring: 'Return request header.\n@public' });
  });
});
