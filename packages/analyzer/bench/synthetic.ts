import fs from 'node:fs';
import path from 'node:path';

/**
 * A deterministic synthetic repository for the benchmark: many languages, ≥ 20,000 functions,
 * ≥ 25 MB, and some files broken on purpose (syntax errors, binary, invalid UTF-8, a huge line,
 * a file over the 1 MB parse limit). Same seed → byte-identical tree.
 */

/** mulberry32 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Fn {
  name: string;
  params: string[];
  documented: boolean;
  branches: number;
  statements: number;
}

type Renderer = (fn: Fn) => string;

const WORDS = [
  'user',
  'order',
  'item',
  'cache',
  'token',
  'buffer',
  'route',
  'query',
  'record',
  'stream',
  'config',
  'event',
  'parser',
  'index',
  'value',
  'payload',
  'session',
  'worker',
  'queue',
  'report',
];
const VERBS = [
  'load',
  'save',
  'parse',
  'build',
  'merge',
  'split',
  'check',
  'render',
  'update',
  'compute',
  'resolve',
  'apply',
  'collect',
  'emit',
  'fetch',
];

const lines = (n: number, make: (i: number) => string): string => Array.from({ length: n }, (_, i) => make(i)).join('');

const LANGUAGES: Record<string, { ext: string; header: string; render: Renderer; footer?: string }> = {
  python: {
    ext: 'py',
    header: '"""Synthetic module."""\nimport os\n\n\n',
    render: (f) =>
      `def ${f.name}(${f.params.join(', ')}):\n` +
      (f.documented
        ? `    """${f.name} does work.\n\n    Args:\n${f.params.map((p) => `        ${p}: the ${p}.\n`).join('')}\n    Returns:\n        The result.\n    """\n`
        : '') +
      `    total = 0\n` +
      lines(f.branches, (i) => `    if ${f.params[0] ?? 'total'} == ${i}:\n        total += ${i} * 3\n`) +
      lines(f.statements, (i) => `    total = total + ${i}  # step ${i}\n`) +
      `    return total\n\n\n`,
  },
  javascript: {
    ext: 'js',
    header: "'use strict';\n\n",
    render: (f) =>
      (f.documented
        ? `/**\n * ${f.name} does work.\n${f.params.map((p) => ` * @param {number} ${p} the ${p}\n`).join('')} * @returns {number} the result\n */\n`
        : '') +
      `export function ${f.name}(${f.params.join(', ')}) {\n  let total = 0;\n` +
      lines(f.branches, (i) => `  if (${f.params[0] ?? 'total'} === ${i}) {\n    total += ${i} * 3;\n  }\n`) +
      lines(f.statements, (i) => `  total = total + ${i}; // step ${i}\n`) +
      `  return total;\n}\n\n`,
  },
  typescript: {
    ext: 'ts',
    header: 'type Num = number;\n\n',
    render: (f) =>
      (f.documented
        ? `/**\n * ${f.name} does work.\n${f.params.map((p) => ` * @param ${p} the ${p}\n`).join('')} * @returns the result\n */\n`
        : '') +
      `export function ${f.name}(${f.params.map((p) => `${p}: Num`).join(', ')}): Num {\n  let total = 0;\n` +
      lines(f.branches, (i) => `  if (${f.params[0] ?? 'total'} === ${i}) {\n    total += ${i} * 3;\n  }\n`) +
      lines(f.statements, (i) => `  total = total + ${i}; // step ${i}\n`) +
      `  return total;\n}\n\n`,
  },
  go: {
    ext: 'go',
    header: 'package synthetic\n\n',
    render: (f) => {
      const name = f.name[0]!.toUpperCase() + f.name.slice(1);
      return (
        (f.documented ? `// ${name} does work with ${f.params.join(', ') || 'nothing'}.\n` : '') +
        `func ${name}(${f.params.map((p) => `${p} int`).join(', ')}) int {\n\ttotal := 0\n` +
        lines(f.branches, (i) => `\tif ${f.params[0] ?? 'total'} == ${i} {\n\t\ttotal += ${i} * 3\n\t}\n`) +
        lines(f.statements, (i) => `\ttotal = total + ${i} // step ${i}\n`) +
        `\treturn total\n}\n\n`
      );
    },
  },
  rust: {
    ext: 'rs',
    header: '#![allow(dead_code)]\n\n',
    render: (f) =>
      (f.documented
        ? `/// ${f.name} does work.\n///\n/// # Arguments\n///\n${f.params.map((p) => `/// * \`${p}\` - the ${p}\n`).join('')}`
        : '') +
      `pub fn ${f.name}(${f.params.map((p) => `${p}: i64`).join(', ')}) -> i64 {\n    let mut total = 0;\n` +
      lines(f.branches, (i) => `    if ${f.params[0] ?? 'total'} == ${i} {\n        total += ${i} * 3;\n    }\n`) +
      lines(f.statements, (i) => `    total = total + ${i}; // step ${i}\n`) +
      `    total\n}\n\n`,
  },
  java: {
    ext: 'java',
    header: 'package synthetic;\n\npublic class Synthetic {\n',
    footer: '}\n',
    render: (f) =>
      (f.documented
        ? `  /**\n   * ${f.name} does work.\n${f.params.map((p) => `   * @param ${p} the ${p}\n`).join('')}   * @return the result\n   */\n`
        : '') +
      `  public static int ${f.name}(${f.params.map((p) => `int ${p}`).join(', ')}) {\n    int total = 0;\n` +
      lines(f.branches, (i) => `    if (${f.params[0] ?? 'total'} == ${i}) {\n      total += ${i} * 3;\n    }\n`) +
      lines(f.statements, (i) => `    total = total + ${i}; // step ${i}\n`) +
      `    return total;\n  }\n\n`,
  },
  c: {
    ext: 'c',
    header: '#include <stdio.h>\n\n',
    render: (f) =>
      (f.documented
        ? `/**\n * ${f.name} does work.\n${f.params.map((p) => ` * @param ${p} the ${p}\n`).join('')} * @return the result\n */\n`
        : '') +
      `int ${f.name}(${f.params.map((p) => `int ${p}`).join(', ') || 'void'}) {\n  int total = 0;\n` +
      lines(f.branches, (i) => `  if (${f.params[0] ?? 'total'} == ${i}) {\n    total += ${i} * 3;\n  }\n`) +
      lines(f.statements, (i) => `  total = total + ${i}; /* step ${i} */\n`) +
      `  return total;\n}\n\n`,
  },
  ruby: {
    ext: 'rb',
    header: '# Synthetic module\nmodule Synthetic\n',
    footer: 'end\n',
    render: (f) =>
      (f.documented ? `  # ${f.name} does work.\n${f.params.map((p) => `  # @param ${p} [Integer] the ${p}\n`).join('')}` : '') +
      `  def self.${f.name}(${f.params.join(', ')})\n    total = 0\n` +
      lines(f.branches, (i) => `    if ${f.params[0] ?? 'total'} == ${i}\n      total += ${i} * 3\n    end\n`) +
      lines(f.statements, (i) => `    total = total + ${i} # step ${i}\n`) +
      `    total\n  end\n\n`,
  },
  php: {
    ext: 'php',
    header: '<?php\n\n',
    render: (f) =>
      (f.documented
        ? `/**\n * ${f.name} does work.\n${f.params.map((p) => ` * @param int $${p} the ${p}\n`).join('')} * @return int\n */\n`
        : '') +
      `function ${f.name}(${f.params.map((p) => `$${p}`).join(', ')}) {\n    $total = 0;\n` +
      lines(f.branches, (i) => `    if ($${f.params[0] ?? 'total'} == ${i}) {\n        $total += ${i} * 3;\n    }\n`) +
      lines(f.statements, (i) => `    $total = $total + ${i}; // step ${i}\n`) +
      `    return $total;\n}\n\n`,
  },
  kotlin: {
    ext: 'kt',
    header: 'package synthetic\n\n',
    render: (f) =>
      (f.documented
        ? `/**\n * ${f.name} does work.\n${f.params.map((p) => ` * @param ${p} the ${p}\n`).join('')} * @return the result\n */\n`
        : '') +
      `fun ${f.name}(${f.params.map((p) => `${p}: Int`).join(', ')}): Int {\n    var total = 0\n` +
      lines(f.branches, (i) => `    if (${f.params[0] ?? 'total'} == ${i}) {\n        total += ${i} * 3\n    }\n`) +
      lines(f.statements, (i) => `    total = total + ${i} // step ${i}\n`) +
      `    return total\n}\n\n`,
  },
  csharp: {
    ext: 'cs',
    header: 'namespace Synthetic {\npublic static class Gen {\n',
    footer: '}\n}\n',
    render: (f) =>
      (f.documented
        ? `  /// <summary>${f.name} does work.</summary>\n${f.params.map((p) => `  /// <param name="${p}">the ${p}</param>\n`).join('')}  /// <returns>the result</returns>\n`
        : '') +
      `  public static int ${f.name[0]!.toUpperCase()}${f.name.slice(1)}(${f.params.map((p) => `int ${p}`).join(', ')}) {\n    int total = 0;\n` +
      lines(f.branches, (i) => `    if (${f.params[0] ?? 'total'} == ${i}) {\n      total += ${i} * 3;\n    }\n`) +
      lines(f.statements, (i) => `    total = total + ${i}; // step ${i}\n`) +
      `    return total;\n  }\n\n`,
  },
};

export interface SyntheticSummary {
  files: number;
  bytes: number;
  functions: number;
  brokenFiles: string[];
}

/** Writes the synthetic tree into `dir` (which must be empty). */
export function generateSyntheticRepo(dir: string, seed = 42, fileCount = 1100): SyntheticSummary {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const langNames = Object.keys(LANGUAGES);
  let bytes = 0;
  let functions = 0;
  let files = 0;
  const write = (rel: string, content: string | Buffer): void => {
    const full = path.join(dir, rel);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
    bytes += Buffer.byteLength(content);
    files++;
  };
  for (let i = 0; i < fileCount; i++) {
    // Python and TypeScript dominate, as in many real repositories.
    const langName = random() < 0.35 ? 'python' : random() < 0.25 ? 'typescript' : pick(langNames);
    const lang = LANGUAGES[langName]!;
    const count = 15 + Math.floor(random() * 30);
    let text = lang.header;
    for (let j = 0; j < count; j++) {
      const name = `${pick(VERBS)}_${pick(WORDS)}_${i}_${j}`.replace(/_(\w)/g, (_, c: string) =>
        langName === 'python' || langName === 'rust' || langName === 'ruby' || langName === 'c' || langName === 'php'
          ? `_${c}`
          : c.toUpperCase(),
      );
      const params = Array.from({ length: Math.floor(random() * 4) }, (_, k) => `${pick(WORDS)}${k}`);
      text += lang.render({
        name,
        params,
        documented: random() < 0.5,
        branches: Math.floor(random() * random() * 16),
        statements: 3 + Math.floor(random() * 22),
      });
      functions++;
    }
    text += lang.footer ?? '';
    const folder = i % 10 === 9 ? 'tests' : `src/${langName}/m${i % 23}`;
    const base = folder === 'tests' ? `test_${i}` : `mod_${i}`;
    write(`${folder}/${base}.${lang.ext}`, text);
  }
  // Non-code files that count for bytes and languages only.
  for (let i = 0; i < 40; i++) {
    write(
      `data/fixture_${i}.json`,
      JSON.stringify(
        Array.from({ length: 400 }, (_, k) => ({ id: k, name: pick(WORDS), value: Math.floor(random() * 1e6) })),
        null,
        1,
      ),
    );
    write(
      `docs/page_${i}.md`,
      `# Page ${i}\n\n${Array.from({ length: 60 }, () => `${pick(WORDS)} ${pick(VERBS)}s the ${pick(WORDS)}.`).join(' ')}\n`,
    );
  }
  write(
    'README.md',
    '# Synthetic\n\nA generated repository for the Docent benchmark.\n\n## Installation\n\nNothing to install.\n\n## Usage\n\nRun the benchmark.\n\n## License\n\nMIT\n',
  );

  const broken: string[] = [];
  const brokenWrite = (rel: string, content: string | Buffer): void => {
    broken.push(rel);
    write(rel, content);
  };
  brokenWrite(
    'broken/syntax_error.py',
    'def ok(a):\n    return a\n\ndef broken(:\n    if (\n        return\n\ndef after(b):\n    return b\n',
  );
  brokenWrite(
    'broken/unclosed.ts',
    'export function open(a: number) {\n  if (a) {\n    return [1, 2, 3\n\nexport function next() { return 2; }\n',
  );
  brokenWrite('broken/binary.py', Buffer.from(Array.from({ length: 50_000 }, () => Math.floor(random() * 256))));
  brokenWrite(
    'broken/nul.js',
    Buffer.concat([Buffer.from('function a() { return 1; }\n'), Buffer.alloc(64), Buffer.from('function b() {}\n')]),
  );
  brokenWrite('broken/latin1.py', Buffer.from('def caf\xe9():\n    """Caf\xe9 \xff\xfe."""\n    return "\xe9"\n', 'latin1'));
  brokenWrite(
    'broken/huge_line.js',
    `const table = [${Array.from({ length: 120_000 }, (_, k) => k).join(',')}];\nfunction afterHugeLine() { return table.length; }\n`,
  );
  brokenWrite('broken/over_1mb.py', 'def repeated(x):\n    return x\n\n'.repeat(40_000));
  return { files, bytes, functions, brokenFiles: broken };
}
