import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeReadme } from './index.ts';
import { recommendations } from './score.ts';

/** docs/metrics/readme.md: suggestions built from the repository's facts, in the README's format; one recommendation list. */
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function repo(files: Record<string, string>): string[] {
  dir = mkdtempSync(join(tmpdir(), 'docent-suggest-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return Object.keys(files);
}

describe('suggested README', () => {
  it('Markdown: description, installation and usage from package.json, each with its reason (LICENSE and CONTRIBUTING files count as those sections)', async () => {
    const files = repo({
      'README.md': '# tiny\n\nSome words here.\n',
      'package.json': JSON.stringify({
        name: 'tiny-cli',
        description: 'Counts the lines of a file.',
        bin: { tiny: 'cli.js' },
        scripts: { test: 'node --test' },
      }),
      LICENSE: 'MIT License\n\nPermission is hereby granted, free of charge, to any person\n',
      'CONTRIBUTING.md': '# Contributing\n',
    });
    const r = await analyzeReadme(dir, files);
    expect(r.suggestion).toBe(
      '# tiny\n\nCounts the lines of a file.\n\nSome words here.\n\n## Installation\n\n```sh\nnpm install tiny-cli\n```\n\n## Usage\n\n```sh\nnpx tiny-cli --help\nnpm test\n```\n',
    );
    expect(r.analysis.suggestionChanges?.map((c) => c.code)).toEqual(['ADD_DESCRIPTION', 'ADD_INSTALLATION', 'ADD_USAGE']);
    expect(r.analysis.suggestionChanges?.[0]?.params.source).toBe('package.json');
  });
  it('reStructuredText stays reStructuredText (no Markdown appended)', async () => {
    const files = repo({
      'README.rst': 'Pyx\n===\n\nPyx converts files quickly and keeps every heading intact.\n',
      'pyproject.toml': '[project]\nname = "pyx"\ndescription = "Converts files."\n',
      LICENSE: 'Apache License, Version 2.0\n',
    });
    const r = await analyzeReadme(dir, files);
    expect(r.analysis.format).toBe('rst');
    expect(r.suggestion).toContain('Installation\n------------\n\n.. code-block:: sh\n\n   pip install pyx');
    expect(r.suggestion).not.toContain('```');
    expect(r.suggestion).not.toContain('## ');
  });
  it('nothing the repository tells → no suggestion (no placeholders)', async () => {
    const files = repo({ 'README.md': '# Bare\n\nJust a few words about this thing.\n' });
    const r = await analyzeReadme(dir, files);
    expect(r.suggestion).toBeNull();
    expect(r.analysis.suggestionChanges).toEqual([]);
  });
  it('points a broken relative link at the one file with that name, and adds a table of contents to a long README', async () => {
    const para = 'This paragraph explains one part of the project in plain words so that readers understand it. ';
    const sections = ['Install', 'Usage', 'Options', 'Examples', 'Contributing', 'License']
      .map((h) => `## ${h}\n\n${para.repeat(12)}\n`)
      .join('\n');
    const files = repo({
      'README.md': `# Big\n\nSee the [guide](guide.md) first.\n\n${sections}`,
      'docs/guide.md': '# Guide\n',
      LICENSE: 'MIT License\n',
    });
    const r = await analyzeReadme(dir, files);
    const codes = r.analysis.suggestionChanges?.map((c) => c.code);
    expect(codes).toEqual(['FIX_LINK', 'ADD_TOC']);
    expect(r.suggestion).toContain('See the [guide](docs/guide.md) first.');
    expect(r.suggestion).toContain('## Contents\n\n- [Install](#install)\n- [Usage](#usage)\n- [Options](#options)');
    expect(r.suggestion!.indexOf('## Contents')).toBeLessThan(r.suggestion!.indexOf('## Install'));
  });
});

describe('one recommendation list', () => {
  const stats = {
    wordCount: 500,
    lines: 40,
    readingTime: 150,
    avgSentenceLength: 30,
    fleschReadingEase: 20,
    fleschKincaidGrade: 16,
    smogIndex: 14,
  };
  it('an Excellent README is never told to improve readability, content or clarity', () => {
    const codes = recommendations({
      stats,
      proseWords: 400,
      quality: 100,
      interpretation: 40,
      missing: [],
      brokenLinks: 0,
      grammarIssues: 0,
    }).map((r) => r.code);
    expect(codes).toEqual(['EXCELLENT']);
  });
  it('readability is judged only on enough running text', () => {
    expect(
      recommendations({ stats, proseWords: 99, quality: 60, interpretation: 80, missing: [], brokenLinks: 0, grammarIssues: 0 }).map(
        (r) => r.code,
      ),
    ).toEqual([]);
    expect(
      recommendations({ stats, proseWords: 100, quality: 60, interpretation: 80, missing: [], brokenLinks: 0, grammarIssues: 0 }).map(
        (r) => r.code,
      ),
    ).toEqual(['IMPROVE_READABILITY']);
  });
  it('concrete fixes come first, each code once', () => {
    const recs = recommendations({
      stats: { ...stats, wordCount: 100 },
      proseWords: 100,
      quality: 40,
      interpretation: 50,
      missing: ['license'],
      brokenLinks: 2,
      grammarIssues: 1,
    });
    expect(recs.map((r) => r.code)).toEqual([
      'ADD_SECTION',
      'FIX_LINKS',
      'FIX_GRAMMAR',
      'IMPROVE_READABILITY',
      'ADD_CONTENT',
      'IMPROVE_CLARITY',
    ]);
  });
  it('badges, link lists and list items do not count as sentences (express-style README)', async () => {
    const files = repo({
      'README.md': [
        '[![NPM Version][npm-version-image]][npm-url] [![Build][ci-image]][ci-url]',
        '',
        '```js',
        "import express from 'express'",
        '```',
        '',
        '## Features',
        '',
        '  * Robust routing',
        '  * Focus on high performance',
        '  * Super-high test coverage',
        '',
        '## Docs & Community',
        '',
        '  * [Website and Documentation](http://expressjs.com/)',
        '  * [GitHub Organization](https://github.com/expressjs)',
        '',
        'Fast, unopinionated, minimalist web framework for Node.js, built for people who want to write servers that stay small and readable over the years.',
        '',
        '[npm-version-image]: https://badgen.net/npm/v/express',
        '[npm-url]: https://npmjs.org/package/express',
        '[ci-image]: https://badgen.net/github/checks/expressjs/express',
        '[ci-url]: https://github.com/expressjs/express',
      ].join('\n'),
    });
    const r = await analyzeReadme(dir, files);
    // One running-text paragraph: 23 words, 2 sentences as textstat splits it (after "Node."):
    // 11.5. Before, every badge line, list item and heading counted as a sentence of its own.
    expect(r.analysis.textStatistics.avgSentenceLength).toBe(11.5);
  });
});
