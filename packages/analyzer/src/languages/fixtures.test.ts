import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyFile, isBinary } from './index.ts';

const REPO = join(import.meta.dirname, '../../test/fixtures/languages/repo');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

function classifyFixture(rel: string) {
  const buf = readFileSync(join(REPO, rel));
  const head = buf.subarray(0, 65536);
  const sample = isBinary(head) ? '' : head.toString('utf8');
  return classifyFile(rel, sample, buf.length);
}

/**
 * [path, language, counts in the language bar] for every fixture file, as reported by
 * github-linguist 7.22.1 (Debian ruby-github-linguist) on a git copy of the fixture folder
 * (LazyBlob#language and #include_in_language_stats?). Linguist itself is not needed to run this.
 */
const LINGUIST_7: ReadonlyArray<[string, string | null, boolean]> = [
  ['Dockerfile', 'Dockerfile', true],
  ['Makefile', 'Makefile', true],
  ['bin/cli', 'JavaScript', true],
  ['bin/tclrun', 'Tcl', true],
  ['bin/tool', 'Python', true],
  ['docs/example.py', 'Python', false],
  ['docs/guide.md', 'Markdown', false],
  ['include/greeter.h', 'Objective-C', true],
  ['include/point.h', 'C++', true],
  ['include/util.h', 'C', true],
  ['proto/a.pb.go', 'Go', false],
  ['proto/a_pb2.py', 'Python', false],
  ['scripts/build', 'Ruby', true],
  ['scripts/setup.txt', 'Shell', true],
  ['src/App.tsx', 'TSX', true],
  ['src/Foo.pm', 'Perl', true],
  ['src/Greeter.m', 'Objective-C', true],
  ['src/Page.tsx', 'TSX', true],
  // Linguist 8 renamed Coq to "Rocq Prover"; the language data we load uses the new name.
  ['src/Plus.v', 'Rocq Prover', true],
  ['src/Program.cs', 'C#', true],
  ['src/app.d', 'D', true],
  ['src/app.min.js', 'JavaScript', false],
  ['src/app_de.ts', 'XML', false],
  ['src/average.m', 'MATLAB', true],
  ['src/blob.c', null, false],
  ['src/bundle.js', 'JavaScript', false],
  ['src/code.c', 'C', true],
  ['src/config.json', 'JSON', false],
  ['src/config.yaml', 'YAML', false],
  ['src/counter.v', 'Verilog', true],
  ['src/family.pl', 'Prolog', true],
  ['src/greet.ts', 'TypeScript', true],
  ['src/hello.pl', 'Perl', true],
  ['src/helper.inc', 'PHP', true],
  ['src/inc.sql', 'PLpgSQL', true],
  ['src/index.html', 'HTML', true],
  ['src/invert.rs', 'RenderScript', true],
  ['src/main.go', 'Go', true],
  ['src/main.rs', 'Rust', true],
  ['src/query.sql', 'SQL', false],
  ['src/shader.fs', 'GLSL', true],
  ['src/square.fs', 'F#', true],
  ['src/stats.r', 'R', true],
  ['src/thesis.cls', 'TeX', true],
  ['src/types.d.ts', 'TypeScript', false],
  ['vendor/lib/v.c', 'C', false],
];

describe('classifyFile on the fixture repository (agrees with Linguist 7.22 file by file)', () => {
  it('covers every fixture file', () => {
    const files = walk(REPO)
      .map((f) => relative(REPO, f).split('\\').join('/'))
      .sort();
    expect(files).toEqual(LINGUIST_7.map(([p]) => p).sort());
  });
  it.each(LINGUIST_7)('%s → %s (counts: %s)', (path, language, counts) => {
    const c = classifyFixture(path);
    expect(c.language).toBe(language);
    expect(c.countsForLanguages).toBe(counts);
  });
});
