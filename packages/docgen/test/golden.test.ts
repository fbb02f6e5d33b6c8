import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractWithTreeSitter } from '@docent/analyzer';
import { gateFile, generateFile } from '../src/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';

const CASES: Array<{ file: string; language: string; styles: string[] }> = [
  { file: 'sample.py', language: 'Python', styles: ['google', 'numpy', 'rest', 'epytext'] },
  { file: 'sample.ts', language: 'TypeScript', styles: ['tsdoc', 'jsdoc'] },
  { file: 'sample.js', language: 'JavaScript', styles: ['jsdoc'] },
  { file: 'Sample.java', language: 'Java', styles: ['javadoc'] },
  { file: 'sample.kt', language: 'Kotlin', styles: ['kdoc'] },
  { file: 'sample.go', language: 'Go', styles: ['godoc'] },
  { file: 'sample.rs', language: 'Rust', styles: ['rustdoc'] },
  { file: 'Sample.cs', language: 'C#', styles: ['xmldoc'] },
  { file: 'sample.c', language: 'C', styles: ['doxygen', 'doxygen-qt'] },
  { file: 'sample.cpp', language: 'C++', styles: ['doxygen', 'doxygen-qt'] },
  { file: 'sample.php', language: 'PHP', styles: ['phpdoc'] },
  { file: 'sample.rb', language: 'Ruby', styles: ['yard'] },
  { file: 'sample.swift', language: 'Swift', styles: ['swift-markup'] },
];
const WIDTHS = [40, 80, 120];

function pythonCompiles(source: string): boolean | null {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docgen-')), 'x.py');
  fs.writeFileSync(file, source);
  try {
    execFileSync('python3', ['-c', 'import ast,sys; ast.parse(open(sys.argv[1]).read())', file], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// The first parse with a grammar can overrun the analyzer's 1 s parse budget on a loaded machine
// (it then gives no functions); every grammar is warmed up once before the goldens are compared.
beforeAll(async () => {
  for (const { file, language } of CASES)
    await extractWithTreeSitter(fs.readFileSync(path.join(here, 'fixtures', file), 'utf8'), language, file);
}, 120_000);

describe.each(CASES)('$language ($file)', ({ file, language, styles }) => {
  const source = fs.readFileSync(path.join(here, 'fixtures', file), 'utf8');
  describe.each(styles)('%s', (style) => {
    it.each(WIDTHS)('matches the golden file at %i columns, passes the gate, is idempotent and deterministic', async (width) => {
      const config = { docstringStyle: style, maxDocStringLength: width };
      const result = await generateFile(source, language, file, config);
      const golden = path.join(here, 'golden', `${file}.${style}.${width}`);
      if (UPDATE) fs.writeFileSync(golden, result.output);
      expect(result.output).toBe(fs.readFileSync(golden, 'utf8'));

      // Generated lines respect the width (a single word longer than it may stand alone); human
      // lines kept from an existing doc stay as they were.
      const kept = new Set(source.split('\n').map((l) => l.trim()));
      const added = result.edits.flatMap((e) => e.lines).filter((l) => !kept.has(l.trim()));
      expect(added.length).toBeGreaterThan(0);
      for (const line of added) {
        // Only an unbreakable unit overflows: a marker plus one entry head or one long word.
        if (line.length > width) expect(line.replace(/^\s*(\* )?/, '').split(/\s+/).length, line).toBeLessThanOrEqual(3);
      }
      const verdict = await gateFile(result, language, file, config);
      expect(verdict.problems).toEqual([]);
      const again = await generateFile(result.output, language, file, config);
      expect(again.edits).toEqual([]);
      const twice = await generateFile(source, language, file, config);
      expect(twice.output).toBe(result.output);
      if (language === 'Python') expect(pythonCompiles(result.output)).not.toBe(false);
    });
  });
});
