import { describe, expect, it } from 'vitest';
import { classifyFile, combineGitAttributes, isBinary, languageShares, parseGitAttributes, parseGitAttributesAt } from './index.ts';
import { isDocumentationPath, isGenerated, isVendoredPath } from './exclusions.ts';
import { extensionLanguages, firstLines, lastLines, modelineLanguage, shebangInterpreter } from './strategies.ts';
import { DISAMBIGUATIONS } from './heuristics.ts';
import { languageByName } from './data.ts';

const lang = (path: string, text: string) => classifyFile(path, text, Buffer.byteLength(text)).language;

describe('modeline strategy', () => {
  it.each([
    ['# -*- mode: ruby -*-\nputs 1', 'Ruby'],
    ['/* -*-C++-*- */\nint x;', 'C++'],
    ['# -*- coding: utf-8; mode: python -*-', 'Python'],
    ['# vim: set ft=perl:\nprint 1', 'Perl'],
    ['// vim: syntax=javascript', 'JavaScript'],
    ['line1\nline2\nline3\nline4\nline5\nline6\nline7\n# vi: ft=sh', 'Shell'],
  ])('%j → %s', (text, expected) => {
    expect(modelineLanguage(text)?.name).toBe(expected);
  });
  it('wins over the extension', () => {
    expect(lang('notes.txt', '# vim: set ft=ruby:\nputs 1\n')).toBe('Ruby');
  });
  it('ignores a modeline in the middle of a long file', () => {
    const middle = ['a', 'b', 'c', 'd', 'e', 'f', '# vim: set ft=ruby:', 'g', 'h', 'i', 'j', 'k', 'l'].join('\n');
    expect(modelineLanguage(middle)).toBeUndefined();
  });
});

describe('filename strategy', () => {
  it.each([
    ['Makefile', 'Makefile'],
    ['sub/Dockerfile', 'Dockerfile'],
    ['Gemfile', 'Ruby'],
    ['CMakeLists.txt', 'CMake'],
    ['Rakefile', 'Ruby'],
  ])('%s → %s', (path, expected) => {
    expect(lang(path, 'x\n')).toBe(expected);
  });
  it('is case-sensitive like Linguist', () => {
    expect(lang('makefile', 'all:\n')).toBe('Makefile'); // listed in both spellings
    expect(lang('GEMFILE', 'x\n')).toBeNull();
  });
});

describe('shebang strategy', () => {
  it.each([
    ['#!/usr/bin/python3\n', 'python3'],
    ['#!/usr/bin/env python3.11\n', 'python3'],
    ['#!/usr/bin/env -S node --no-warnings\n', 'node'],
    ['#!/usr/bin/env FOO=1 ruby\n', 'ruby'],
    ['#! /bin/bash -e\n', 'bash'],
    ['#!/bin/sh\n# \\\nexec tclsh "$0" "$@"\n', 'tclsh'],
    ['no shebang\n', undefined],
  ])('%j → %s', (text, expected) => {
    expect(shebangInterpreter(text)).toBe(expected);
  });
  it('gives extension-less scripts a language', () => {
    expect(lang('bin/tool', '#!/usr/bin/env python3\nprint(1)\n')).toBe('Python');
    expect(lang('bin/run', '#!/bin/bash\necho hi\n')).toBe('Shell');
    expect(lang('bin/cli', '#!/usr/bin/env node\nconsole.log(1)\n')).toBe('JavaScript');
  });
});

describe('extension strategy', () => {
  it('uses the longest extension that has a language', () => {
    expect(extensionLanguages('config.h.in').map((l) => l.name)).toContain('C');
    expect(extensionLanguages('archive.tar.py').map((l) => l.name)).toEqual(['Python']);
    expect(extensionLanguages('Main.JAVA').map((l) => l.name)).toEqual(['Java']);
  });
  it('skips generic extensions', () => {
    expect(extensionLanguages('page.1')).toEqual([]);
  });
  it('returns null for unknown extensions', () => {
    expect(lang('data.unknownext', 'hello\n')).toBeNull();
  });
});

describe('heuristics', () => {
  it('every language named in a rule exists in the language data', () => {
    const missing = DISAMBIGUATIONS.flatMap((d) => d.rules.flatMap((r) => [r.lang].flat())).filter((n) => !languageByName(n));
    expect(missing).toEqual([]);
  });
  it.each([
    ['a.h', '#include <string>\nstd::string s;\n', 'C++'],
    ['a.h', '@interface Foo : NSObject\n@end\n', 'Objective-C'],
    ['a.h', 'int add(int, int);\n', 'C'],
    ['a.m', ':- module foo.\n', 'Mercury'],
    ['a.m', 'function y = f(x)\n  % square\n  y = x.^2;\nend\n', 'MATLAB'],
    ['a.m', '#import "A.h"\n@implementation A\n@end\n', 'Objective-C'],
    ['a.pl', 'parent(a, b).\nanc(X, Y) :- parent(X, Y).\n', 'Prolog'],
    ['a.pl', 'use strict;\nmy $x = 1;\n', 'Perl'],
    ['a.ts', 'const x: number = 1;\n', 'TypeScript'],
    ['a.ts', '<?xml version="1.0"?>\n<TS version="2.1">\n</TS>\n', 'XML'],
    ['a.cs', 'namespace Foo { }\n', 'C#'],
    ['a.cs', "Object subclass: #Foo\n!Foo methodsFor: 'x'!\n", 'Smalltalk'],
    ['a.md', '# Title\n', 'Markdown'],
    ['a.md', ';; machine description\n(define_insn "x")\n', 'GCC Machine Description'],
    ['a.inc', '<?php echo 1;\n', 'PHP'],
    ['a.inc', '#declare Foo = 1;\n', 'POV-Ray SDL'],
    ['a.pm', 'package A;\nuse strict;\n1;\n', 'Perl'],
    ['a.pm', 'unit module A;\nuse v6;\n', 'Raku'],
    ['a.r', 'x <- 1\n', 'R'],
    ['a.r', 'REBOL [Title: "x"]\n', 'Rebol'],
    ['a.sql', 'SELECT 1;\n', 'SQL'],
    ['a.sql', 'DECLARE @x int;\nGO\n', 'TSQL'],
    ['a.sql', 'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE plpgsql;\n', 'PLpgSQL'],
    ['a.v', 'module top (input a);\nendmodule\n', 'Verilog'],
    ['a.v', 'Lemma x : True.\nProof. trivial. Qed.\n', 'Rocq Prover'],
    ['a.v', 'fn main() {\n\tprintln("hi")\n}\n', 'V'],
    ['a.rs', 'fn main() {}\n', 'Rust'],
    ['a.rs', '#pragma version(1)\n', 'RenderScript'],
    ['a.fs', 'let x = 1\n', 'F#'],
    ['a.fs', '#version 330\nvoid main() {}\n', 'GLSL'],
    ['a.fs', ': square dup * ;\n', 'Forth'],
    ['a.cls', '\\ProvidesClass{foo}\n', 'TeX'],
    ['a.cls', 'Class Foo.Bar Extends %Persistent\n{\n}\n', 'ObjectScript'],
    ['a.d', 'import std.stdio;\nvoid main() { writeln(1); }\n', 'D'],
    ['a.d', 'obj/a.o: src/a.c src/a.h\n', 'Makefile'],
    ['a.yaml', 'a: 1\n', 'YAML'],
  ])('%s %j → %s', (path, text, expected) => {
    expect(lang(path, text)).toBe(expected);
  });
});

describe('vendored, generated and documentation paths', () => {
  it.each([
    'node_modules/react/index.js',
    'vendor/lib/a.c',
    'src/vendor/x.go',
    'third_party/zlib/zlib.c',
    'dist/app.js',
    'public/js/jquery-3.6.0.js',
    'static/app.min.js',
    'css/bootstrap.css',
    'Godeps/_workspace/src/a.go',
    '.yarn/releases/yarn.cjs',
    'types/index.d.ts',
    'gradlew',
    'tests/fixtures/a.py',
    '.github/workflows/x.yml',
  ])('vendored: %s', (path) => expect(isVendoredPath(path)).toBe(true));
  it.each(['src/app.js', 'lib/vendoring.py', 'src/distance.c', 'mydist/a.js'])('not vendored: %s', (path) =>
    expect(isVendoredPath(path)).toBe(false),
  );

  it.each([
    'docs/index.md',
    'doc/a.py',
    'Documentation/x.c',
    'src/documentation/y.js',
    'examples/demo.py',
    'README.md',
    'CHANGELOG',
    'LICENSE.txt',
    'sub/CONTRIBUTING.md',
    'samples/a.rb',
  ])('documentation: %s', (path) => expect(isDocumentationPath(path)).toBe(true));
  it.each(['src/docs/a.py', 'src/examples/a.py', 'src/readme_parser.py', 'lib/doctor.js'])('not documentation: %s', (path) =>
    expect(isDocumentationPath(path)).toBe(false),
  );

  it('generated by path', () => {
    expect(isGenerated('package-lock.json', '{}')).toBe(true);
    expect(isGenerated('sub/Cargo.lock', '')).toBe(true);
    expect(isGenerated('app/__generated__/Query.graphql.ts', 'x')).toBe(true);
    expect(isGenerated('Form1.Designer.cs', 'x')).toBe(true);
    expect(isGenerated('src/app.js', 'const a = 1;\n')).toBe(false);
  });
  it('generated by content', () => {
    expect(isGenerated('a.pb.go', '// Code generated by protoc-gen-go. DO NOT EDIT.\npackage a\n')).toBe(true);
    expect(isGenerated('a_pb2.py', '# Generated by the protocol buffer compiler.  DO NOT EDIT!\nimport x\n')).toBe(true);
    expect(isGenerated('app.js', `${'x'.repeat(500)}\n`)).toBe(true); // average line length 250 > 110
    expect(isGenerated('app.js', `${'x'.repeat(100)}\n`)).toBe(false); // 50 on average (two lines)
    expect(isGenerated('app.js', 'a();\n//# sourceMappingURL=app.js.map\n')).toBe(true);
    expect(isGenerated('app.js.map', '{"version":3}')).toBe(true);
    expect(isGenerated('a.go', 'package a\n')).toBe(false);
  });
  it("a bundler's output is generated by content (riot's `riot+compiler.js`: docs/metrics/functions.md §Generated files)", () => {
    const rollup =
      "/* Riot v9, @license MIT */\n(function (global, factory) {\n  typeof exports === 'object' && typeof module !== 'undefined' ? factory(exports) :\n  typeof define === 'function' && define.amd ? define(['exports'], factory) :\n  (global = global || self, factory(global.riot = {}));\n})(this, (function (exports) { 'use strict';\n  function unmount() {\n    return false;\n  }\n}));\n";
    expect(isGenerated('riot+compiler.js', rollup)).toBe(true);
    const webpack = '/******/ (() => { // webpackBootstrap\n/******/ \tvar __webpack_modules__ = ({});\nfunction a() {}\n';
    expect(isGenerated('dist/app.js', webpack)).toBe(true);
    // A UMD wrapper written by hand (`root`, a test of its own) is source.
    const byHand =
      "(function (root, factory) {\n  if (typeof define === 'function' && define.amd) {\n    define([], factory);\n  } else {\n    root.lib = factory();\n  }\n}(this, function () {\n  return {};\n}));\n";
    expect(isGenerated('lib.js', byHand)).toBe(false);
  });
  it('excluded files do not count', () => {
    expect(classifyFile('vendor/a.c', 'int x;\n', 7).countsForLanguages).toBe(false);
    expect(classifyFile('docs/a.py', 'x = 1\n', 6).countsForLanguages).toBe(false);
    expect(classifyFile('a_pb2.py', '# Generated by the protocol buffer compiler.  DO NOT EDIT!\nx\n', 60).countsForLanguages).toBe(false);
  });
  it('data and prose languages do not count', () => {
    const json = classifyFile('a.json', '{}\n', 3);
    expect([json.language, json.type, json.countsForLanguages]).toEqual(['JSON', 'data', false]);
    const md = classifyFile('guide.md', '# x\n', 4);
    expect([md.language, md.type, md.countsForLanguages]).toEqual(['Markdown', 'prose', false]);
  });
});

describe('.gitattributes overrides', () => {
  const attrs = parseGitAttributes(
    [
      '# comment',
      '*.rb linguist-language=Python',
      'docs/** -linguist-documentation',
      'vendor/** linguist-vendored=false',
      'gen/*.py linguist-generated',
      '*.json linguist-detectable',
      'third_party/** -linguist-vendored',
      'src/*.js linguist-vendored',
      'src/keep.js !linguist-vendored',
      'lib/special.c linguist-detectable=false',
      '"with space/*.c" linguist-vendored',
      'build/ linguist-vendored',
    ].join('\n'),
  );
  it('linguist-language sets the language (by name or alias, case-insensitive)', () => {
    expect(classifyFile('lib/x.rb', 'puts 1\n', 7, attrs).language).toBe('Python');
    const alias = parseGitAttributes('*.inc linguist-language=cpp\n');
    expect(classifyFile('a.inc', 'x\n', 2, alias).language).toBe('C++');
  });
  it('negation and =false undo the default lists', () => {
    expect(classifyFile('docs/a.py', 'x = 1\n', 6, attrs)).toMatchObject({ documentation: false, countsForLanguages: true });
    expect(classifyFile('vendor/v.c', 'int x;\n', 7, attrs)).toMatchObject({ vendored: false, countsForLanguages: true });
    expect(classifyFile('third_party/s.css', 'a{}\n', 4, attrs)).toMatchObject({ vendored: false, countsForLanguages: true });
  });
  it('set attributes add to the lists; a pattern with a slash is anchored', () => {
    expect(classifyFile('gen/g.py', 'x = 1\n', 6, attrs).generated).toBe(true);
    expect(classifyFile('gen/sub/g.py', 'x = 1\n', 6, attrs).generated).toBe(false);
    expect(classifyFile('src/a.js', 'x\n', 2, attrs).vendored).toBe(true);
    expect(classifyFile('with space/a.c', 'x\n', 2, attrs).vendored).toBe(true);
  });
  it('!attr makes it unspecified again, so the default rule applies', () => {
    expect(classifyFile('src/keep.js', 'x\n', 2, attrs).vendored).toBe(false);
  });
  it('linguist-detectable overrides the type rule both ways', () => {
    expect(classifyFile('lib/data.json', '{}\n', 3, attrs).countsForLanguages).toBe(true);
    expect(classifyFile('lib/special.c', 'int x;\n', 7, attrs).countsForLanguages).toBe(false);
  });
  it('a pattern ending in / matches no file (gitattributes(5))', () => {
    expect(classifyFile('build/a.c', 'int x;\n', 7, attrs).vendored).toBe(false);
  });
  it('a deeper .gitattributes wins over the root one', () => {
    const combined = combineGitAttributes([
      parseGitAttributesAt('sub/*.py linguist-vendored\n', ''),
      parseGitAttributesAt('*.py -linguist-vendored\n', 'sub'),
    ]);
    expect(classifyFile('sub/a.py', 'x\n', 2, combined).vendored).toBe(false);
    expect(classifyFile('other/a.py', 'x\n', 2, combined).vendored).toBe(false);
  });
  it('** matches any number of folders', () => {
    const a = parseGitAttributes('**/gen/** linguist-generated\n');
    expect(classifyFile('gen/a.c', 'x\n', 2, a).generated).toBe(true);
    expect(classifyFile('x/y/gen/z/a.c', 'x\n', 2, a).generated).toBe(true);
    expect(classifyFile('x/generated/a.c', 'x\n', 2, a).generated).toBe(false);
  });
});

describe('binary files', () => {
  it('a NUL byte in the first 8000 bytes means binary, like git', () => {
    expect(isBinary(new Uint8Array([0x41, 0x00, 0x42]))).toBe(true);
    const late = new Uint8Array(9000).fill(0x41);
    late[8500] = 0;
    expect(isBinary(late)).toBe(false);
  });
  it('plain and UTF-8 text is not binary', () => {
    expect(isBinary(new TextEncoder().encode('héllo wörld\n'))).toBe(false);
    expect(isBinary(new Uint8Array())).toBe(false);
  });
  it('mostly control characters is binary', () => {
    expect(isBinary(new Uint8Array([1, 2, 3, 4, 5, 65]))).toBe(true);
  });
  it('the native NUL search and the table count give the byte-by-byte answer (Session 27, h85)', () => {
    const byteByByte = (buf: Uint8Array): boolean => {
      const end = Math.min(buf.length, 8000);
      if (end === 0) return false;
      let control = 0;
      for (let i = 0; i < end; i++) {
        const b = buf[i]!;
        if (b === 0) return true;
        if ((b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12 && b !== 8 && b !== 27) || b === 127) control++;
      }
      return control / end > 0.3;
    };
    let seed = 11;
    const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const answers = new Set<boolean>();
    for (let k = 0; k < 300; k++) {
      const buf = new Uint8Array(next(3) === 0 ? 8000 + next(2000) : next(200));
      const controls = next(4) * 0.15;
      for (let i = 0; i < buf.length; i++) buf[i] = next(100) < controls * 100 ? next(32) + (next(9) === 0 ? 95 : 0) : 32 + next(224);
      if (next(5) === 0 && buf.length > 0) buf[next(buf.length)] = 0;
      expect(isBinary(buf)).toBe(byteByByte(buf));
      answers.add(isBinary(buf));
    }
    expect(answers).toEqual(new Set([true, false]));
  });
  it('binary files and binary MIME types get no language', () => {
    expect(classifyFile('a.c', '', 100)).toMatchObject({ language: null, countsForLanguages: false });
    expect(classifyFile('logo.png', 'text-looking', 12).language).toBeNull();
    expect(classifyFile('empty.py', '', 0).language).toBeNull();
  });
});

describe('languageShares', () => {
  it('percent of counted bytes, rounded to 2 decimals, sorted by share', () => {
    // Counted: Python 600, TypeScript 200 + TSX 100 (TSX is in the TypeScript group), C 100 → 1000 bytes.
    const shares = languageShares([
      { language: 'TypeScript', bytes: 200, countsForLanguages: true },
      { language: 'Python', bytes: 600, countsForLanguages: true },
      { language: 'TSX', bytes: 100, countsForLanguages: true },
      { language: 'C', bytes: 100, countsForLanguages: true },
      { language: 'JSON', bytes: 5000, countsForLanguages: false },
      { language: null, bytes: 700, countsForLanguages: false },
    ]);
    expect(shares).toEqual({ Python: 60, TypeScript: 30, C: 10 });
    expect(Object.keys(shares)).toEqual(['Python', 'TypeScript', 'C']);
  });
  it('rounds thirds to 33.33', () => {
    const shares = languageShares([
      { language: 'Go', bytes: 1, countsForLanguages: true },
      { language: 'Rust', bytes: 1, countsForLanguages: true },
      { language: 'Ruby', bytes: 1, countsForLanguages: true },
    ]);
    expect(shares).toEqual({ Go: 33.33, Ruby: 33.33, Rust: 33.33 });
  });
  it('is empty when nothing counts', () => {
    expect(languageShares([{ language: 'JSON', bytes: 10, countsForLanguages: false }])).toEqual({});
  });
});

describe('line helpers (modelines, generated-file rules)', () => {
  it('firstLines/lastLines equal split(/\\r\\n|\\r|\\n/).slice on random texts of \\r, \\n and \\r\\n', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const parts = ['a', 'bc', '\r', '\n', '\r\n', ' '];
    for (let t = 0; t < 20_000; t++) {
      let text = '';
      for (let i = random(14); i > 0; i--) text += parts[random(parts.length)];
      const all = text.split(/\r\n|\r|\n/);
      for (const count of [1, 2, 5]) {
        expect(firstLines(text, count)).toEqual(all.slice(0, count));
        expect(lastLines(text, count)).toEqual(all.slice(-count));
      }
    }
  });
});
