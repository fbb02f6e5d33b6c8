import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadmeAnalysis } from '@docent/contracts';
import { analyzeReadme, findReadme, MAX_README_BYTES } from './index.ts';
import { countSentences, listWords, textStatistics } from './stats.ts';
import { qualityScore, rubricScore, type Structure } from './score.ts';
import { answer, startLlmLoopback } from '../../test/helpers/llm-loopback.ts';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/readme');

function filesOf(dir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
  return walk(dir).map((f) => relative(dir, f).split('\\').join('/'));
}

const analyze = (name: string, opts?: Parameters<typeof analyzeReadme>[2]) =>
  analyzeReadme(join(FIXTURES, name), filesOf(join(FIXTURES, name)), opts);

describe('findReadme', () => {
  it('prefers README.md, then .markdown, .rst, .txt, bare README', () => {
    expect(findReadme(['README', 'README.txt', 'README.rst', 'README.markdown', 'README.md'])).toBe('README.md');
    expect(findReadme(['README', 'README.txt', 'README.rst'])).toBe('README.rst');
    expect(findReadme(['README', 'README.txt'])).toBe('README.txt');
    expect(findReadme(['src/a.py', 'README'])).toBe('README');
  });
  it('looks in the root first, then docs/, then .github/; names are case-insensitive', () => {
    expect(findReadme(['docs/README.md', '.github/README.md', 'readme.rst'])).toBe('readme.rst');
    expect(findReadme(['.github/README.md', 'docs/Readme.md'])).toBe('docs/Readme.md');
    expect(findReadme(['.github/README.md', 'src/README.md'])).toBe('.github/README.md');
    expect(findReadme(['src/README.md'])).toBeNull();
  });
});

describe('text statistics (textstat rules)', () => {
  it('counts words without punctuation and keeps contractions whole', () => {
    expect(listWords("Don't stop — it's fine, really!")).toEqual(["Don't", 'stop', "it's", 'fine', 'really']);
  });
  it('ignores sentences of two words or fewer, with at least one sentence', () => {
    // "Hi there." (2 words) is ignored; "This has four words." counts → 1.
    expect(countSentences('Hi there. This has four words.')).toBe(1);
    expect(countSentences('Yes. No.')).toBe(1);
    expect(countSentences('')).toBe(0);
  });
  it('hand-checked figures on the stats fixture (code, table, HTML, badge stripped)', async () => {
    const { analysis } = await analyze('stats');
    // Words: "Pets" + "The cat sat on the mat. It was beautiful and warm. Dogs like to run in the park each day."
    // = 1 + 20 = 21 (reading time 21 / 200 · 60 = 6.3 s; the file has 15 lines).
    // Readability is measured on running text only (docs/metrics/readme.md: no headings, badges, lists, tables):
    // the paragraph: words 6 + 5 + 9 = 20; sentences 3; syllables 6 + (1+1+3+1+1) + 9 = 22;
    // polysyllables 1 ("beautiful"). wps = 20/3 = 6.666667; spw = 22/20 = 1.1
    // Flesch = 206.835 − 1.015·6.666667 − 84.6·1.1 = 206.835 − 6.766667 − 93.06 = 107.008333 → 107.01
    // FK grade = 0.39·6.666667 + 11.8·1.1 − 15.59 = 2.6 + 12.98 − 15.59 = −0.01
    // SMOG = 1.043·√(30·1/3) + 3.1291 = 6.427356 → 6.43
    expect(analysis.textStatistics).toEqual({
      wordCount: 21,
      lines: 15,
      readingTime: 6.3,
      avgSentenceLength: 6.67,
      fleschReadingEase: 107.01,
      fleschKincaidGrade: -0.01,
      smogIndex: 6.43,
    });
    expect(analysis.wordCount).toBe(21);
    expect(ReadmeAnalysis.parse(analysis)).toEqual(analysis);
  });
  it('gives zeros, not NaN, for no prose', () => {
    expect(textStatistics({ words: 0, sentences: 0, syllables: 0, polysyllables: 0 }, 3)).toEqual({
      wordCount: 0,
      lines: 3,
      readingTime: 0,
      avgSentenceLength: 0,
      fleschReadingEase: 0,
      fleschKincaidGrade: 0,
      smogIndex: 0,
    });
  });
  it('reads reStructuredText: title, literal blocks and directives are not prose', async () => {
    const { analysis } = await analyze('rst');
    // Prose: "Rst Tools." (ignored as a sentence) "Rst Tools converts files quickly. It keeps every heading intact."
    // "Install it with pip:." "See the guide for details." → 2 + 5 + 5 + 4 + 5 = 21 words.
    expect(analysis.wordCount).toBe(21);
    expect(analysis.fileName).toBe('README.rst');
    // The image and the guide link point at files that do not exist.
    expect(analysis.brokenLinks.map((l) => l.url)).toEqual(['docs/logo.png', 'docs/guide.rst']);
  });
});

describe('broken links', () => {
  let links: Awaited<ReturnType<typeof analyze>>['analysis']['brokenLinks'];
  beforeAll(async () => {
    links = (await analyze('links')).analysis.brokenLinks;
  });
  it('reports exactly the broken ones, with line and kind', () => {
    expect(links.map((l) => [l.url, l.line, l.kind])).toEqual([
      ['docs/missing.md', 20, 'link'],
      ['Images/logo.png', 20, 'image'],
      ['#does-not-exist', 21, 'anchor'],
      ['../outside.md', 21, 'link'],
      ['CONTRIBUTING.md#nope', 22, 'anchor'],
      ['#usage-2', 22, 'anchor'],
      ['images/missing.png', 24, 'image'],
    ]);
  });
  it('explains each one', () => {
    expect(links.find((l) => l.url === '../outside.md')?.reason).toMatch(/outside the repository/);
    expect(links.find((l) => l.url === 'docs/missing.md')?.reason).toBe('docs/missing.md does not exist in the repository.');
    expect(links.find((l) => l.url === 'CONTRIBUTING.md#nope')?.reason).toMatch(/CONTRIBUTING\.md/);
  });
});

describe('grammar', () => {
  it('finds repeated words, wrong articles and double spaces, with positions', async () => {
    const { analysis } = await analyze('grammar');
    // Line 3: "This is is…" — the second "is" starts at column 6; "a apple": 42 characters precede "a" → 43;
    // the two spaces follow "…checker. We need a apple for lunch." (60 characters) → 61.
    expect(analysis.grammarIssues.map((i) => [i.rule, i.line, i.column])).toEqual([
      ['repeated-words', 3, 6],
      ['indefinite-article', 3, 43],
      ['sentence-spacing', 3, 61],
    ]);
    expect(analysis.grammarError).toBe(3);
  });
  it('does not flag words next to inline code it could not see', async () => {
    const { analysis } = await analyze('grammar');
    expect(analysis.grammarIssues.some((i) => i.line === 5)).toBe(false);
  });
});

describe('scores and recommendations', () => {
  const structure = (over: Partial<Structure> = {}): Structure => ({
    title: true,
    description: true,
    installation: true,
    usage: true,
    license: true,
    contributing: true,
    sections: 5,
    codeBlocks: 2,
    introWords: 30,
    ...over,
  });
  const stats = (over: Partial<ReturnType<typeof textStatistics>> = {}) => ({
    wordCount: 300,
    lines: 50,
    readingTime: 90,
    avgSentenceLength: 15,
    fleschReadingEase: 50,
    fleschKincaidGrade: 10,
    smogIndex: 10,
    ...over,
  });
  it('quality formula, hand-checked', () => {
    // Everything present: 50 + 15 + 15 + 10 + 5 + 5 = 100.
    expect(qualityScore(structure(), stats(), 0, 0)).toBe(100);
    // No license/contributing (−14), 150 words (7.5 of 15), Flesch 30 (7.5 of 15), 1 broken link (2.5 of 5),
    // 2 grammar issues (3 of 5): 36 + 7.5 + 7.5 + 10 + 2.5 + 3 = 66.5 → 67 (rounded half up).
    expect(qualityScore(structure({ license: false, contributing: false }), stats({ wordCount: 150, fleschReadingEase: 30 }), 1, 2)).toBe(
      67,
    );
  });
  it('rubric formula, hand-checked', () => {
    // purpose 25 + plain (grade 10) 25 + sentences (15 words) 15 + examples 15 + organisation (5 ≥ 3) 20 = 100.
    expect(rubricScore(structure(), stats())).toBe(100);
    // intro 10 words → 10; grade 13 → 12.5; 27.5 words/sentence → 7.5; no code → 0; 1 section → 6.67: 36.67 → 37.
    expect(
      rubricScore(structure({ introWords: 10, codeBlocks: 0, sections: 1 }), stats({ fleschKincaidGrade: 13, avgSentenceLength: 27.5 })),
    ).toBe(37);
  });
  it('a complete README scores in the excellent band', async () => {
    const { analysis, suggestion } = await analyze('complete');
    expect(analysis.calculatedQualityScore).toBeGreaterThanOrEqual(80);
    expect(analysis.recommendations.some((r) => r.startsWith('Excellent README'))).toBe(true);
    expect(analysis.recommendations.some((r) => r.startsWith('Add more content'))).toBe(false);
    expect(analysis.llmInterpretationSource).toBe('rubric');
    expect(suggestion).toBeNull(); // nothing missing
  });
  it('a thin README scores in the average band and gets the specified recommendations', async () => {
    const { analysis, suggestion } = await analyze('stats');
    // title 10 + description (20-word first paragraph) 10 + no install/usage/license/contributing 0
    // + length 21/300·15 = 1.05 + readability (Flesch 107 ≥ 50) 15 + code block 10 + links 5 + grammar 5 = 56.05 → 56
    expect(analysis.calculatedQualityScore).toBe(56);
    const recs = analysis.recommendations.join('\n');
    expect(recs).toMatch(/^Add more content: the README has 21 words/m);
    // Rubric: purpose 20/25·25 = 20 + plain (grade 0.06) 25 + sentences (7 words) 15 + code 15 + no sections 0 = 75.
    expect(analysis.llmInterpretationScore).toBe(75);
    expect(recs).not.toMatch(/Improve clarity/); // 75 ≥ 70
    expect(recs).not.toMatch(/Improve readability/); // Flesch 107 ≥ 70
    expect(recs).not.toMatch(/Excellent/);
    // One list of codes: the four missing sections first, then the advice; each once.
    expect(analysis.recommendationCodes?.map((r) => r.code)).toEqual([
      'ADD_SECTION',
      'ADD_SECTION',
      'ADD_SECTION',
      'ADD_SECTION',
      'ADD_CONTENT',
    ]);
    expect(analysis.recommendationCodes?.filter((r) => r.code === 'ADD_SECTION').map((r) => r.params.section)).toEqual([
      'installation',
      'usage',
      'license',
      'contributing',
    ]);
    // No manifest, no LICENSE, no CONTRIBUTING: nothing the repository tells could fill them.
    expect(suggestion).toBeNull();
    expect(analysis.suggestionChanges).toEqual([]);
  });
});

describe('LLM interpretation score', () => {
  let server: Server;
  let baseUrl: string;
  const requests: Array<{ url: string; auth?: string; body: { model: string; messages: Array<{ role: string; content: string }> } }> = [];
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        const body = data ? JSON.parse(data) : null;
        requests.push({ url: req.url ?? '', auth: req.headers.authorization, body });
        if (req.url === '/ok/chat/completions') {
          // OpenAI's documented chat-completions response shape.
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({
              id: 'chatcmpl-1',
              object: 'chat.completion',
              created: 1700000000,
              model: body.model,
              choices: [{ index: 0, message: { role: 'assistant', content: '{"score": 87}' }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
            }),
          );
        } else if (req.url === '/slow/chat/completions') {
          setTimeout(() => res.end('{}'), 5000);
        } else {
          res.statusCode = 500;
          res.end('{"error":{"message":"boom"}}');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('posts model and messages and reads choices[0].message.content', async () => {
    const { analysis, notes } = await analyze('complete', { llm: { baseUrl: `${baseUrl}/ok/`, apiKey: 'sk-test', model: 'test-model' } });
    expect(analysis.llmInterpretationScore).toBe(87);
    expect(analysis.llmInterpretationSource).toBe('llm');
    expect(notes).toEqual([]);
    const req = requests.find((r) => r.url === '/ok/chat/completions')!;
    expect(req.auth).toBe('Bearer sk-test');
    expect(req.body.model).toBe('test-model');
    expect(req.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    expect(req.body.messages[1]!.content).toContain('# Tidy');
  });
  it('falls back to the rubric when the endpoint fails, and says so', async () => {
    const plain = await analyze('complete');
    const { analysis, notes } = await analyze('complete', { llm: { baseUrl: `${baseUrl}/fail` } });
    expect(analysis.llmInterpretationSource).toBe('rubric');
    expect(analysis.llmInterpretationScore).toBe(plain.analysis.llmInterpretationScore);
    expect(notes.join(' ')).toMatch(/HTTP 500.*rubric/);
  });
  it('falls back on timeout', async () => {
    const started = Date.now();
    const { analysis, notes } = await analyze('complete', { llm: { baseUrl: `${baseUrl}/slow`, timeoutMs: 300 } });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(analysis.llmInterpretationSource).toBe('rubric');
    expect(notes.join(' ')).toMatch(/rubric/);
  });
  it('goes through the provider interface: Anthropic too; non-JSON and out-of-range answers fall back without echoing them', async () => {
    const loop = await startLlmLoopback(() => answer({ score: 64 }));
    try {
      const claude = await analyze('complete', { llm: { provider: 'anthropic', baseUrl: loop.url, apiKey: 'ak' } });
      expect(claude.analysis).toMatchObject({ llmInterpretationScore: 64, llmInterpretationSource: 'llm' });
      expect(loop.requests[0]).toMatchObject({ wire: 'anthropic', path: '/v1/messages' });
      expect(loop.requests[0]!.user.length).toBeLessThanOrEqual(12_000);
      loop.respond(() => ({ text: 'great readme, secret-token-xyz' }));
      const prose = await analyze('complete', { llm: { baseUrl: `${loop.url}/v1` } });
      expect(prose.analysis.llmInterpretationSource).toBe('rubric');
      expect(prose.notes.join(' ')).toMatch(/not JSON.*rubric/);
      expect(prose.notes.join(' ')).not.toContain('secret-token-xyz');
      loop.respond(() => answer({ score: 140 }));
      const high = await analyze('complete', { llm: { baseUrl: `${loop.url}/v1` } });
      expect(high.analysis.llmInterpretationSource).toBe('rubric');
      expect(high.notes.join(' ')).toMatch(/expected fields/);
    } finally {
      await loop.close();
    }
  });
});

describe('the description check', () => {
  const missingOf = async (readme: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'docent-description-'));
    try {
      writeFileSync(join(dir, 'README.md'), readme);
      const { analysis } = await analyzeReadme(dir, ['README.md']);
      return (analysis.recommendationCodes ?? []).filter((r) => r.code === 'ADD_SECTION').map((r) => r.params.section);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('reads a bold one-line tagline after the title, and skips a line of badges before it', async () => {
    // the shapes of two popular libraries' openings, in other words
    const tagline = '# Fetchy\n\n**Fetchy** is a small, friendly HTTP client.\n\n```python\nimport fetchy\n```\n';
    expect(await missingOf(tagline)).not.toContain('description');
    const badges =
      '[![Logo](https://example.com/logo.png)](https://example.com)\n\n**Quick, minimal web framework for [Node.js](https://nodejs.org).**\n\n[![CI](https://example.com/ci.svg)](https://example.com/ci) [![npm](https://example.com/npm.svg)](https://example.com/npm)\n\n## Install\n\n```sh\nnpm install quick\n```\n';
    expect(await missingOf(badges)).not.toContain('description');
  });

  it('still misses a description when the only text before the sections is badges or a word or two', async () => {
    expect(await missingOf('# Tool\n\n[![CI](https://example.com/ci.svg)](https://example.com/ci)\n\n## Install\n\nRun it.\n')).toContain(
      'description',
    );
    expect(await missingOf('# X\n\nA tool.\n')).toContain('description');
  });
});

describe('clarity recommendation', () => {
  it('appears when the interpretation score is below 70', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docent-clarity-'));
    try {
      writeFileSync(join(dir, 'README.md'), '# X\n\nA tool.\n');
      const { analysis } = await analyzeReadme(dir, ['README.md']);
      // purpose 2/25·25 = 2 + plain (grade −2.62 → 25) + sentences (3 words → 15) + 0 + 0 = 42
      expect(analysis.llmInterpretationScore).toBe(42);
      expect(analysis.recommendations.join('\n')).toMatch(/^Improve clarity: the interpretation score is 42 out of 100/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('missing, huge and binary READMEs', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'docent-readme-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('no README: zeros, a recommendation to add one, and a suggested README from package.json', async () => {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'left-pad-2', scripts: { test: 'vitest' } }));
    writeFileSync(join(dir, 'LICENSE'), 'MIT License\n\nCopyright (c) 2026\n');
    const r = await analyzeReadme(dir, ['package.json', 'LICENSE']);
    expect(r.analysis.fileName).toBeNull();
    expect(r.analysis.calculatedQualityScore).toBe(0);
    expect(r.analysis.textStatistics.wordCount).toBe(0);
    expect(r.analysis.recommendations[0]).toMatch(/^Add a README/);
    expect(r.content).toBeNull();
    expect(r.suggestion).toContain('# left-pad-2');
    expect(r.suggestion).toContain('npm install left-pad-2');
    expect(r.suggestion).toContain('Released under the MIT license; see [LICENSE](LICENSE).');
    expect(r.analysis.suggestionChanges?.map((c) => c.code)).toEqual(['ADD_TITLE', 'ADD_INSTALLATION', 'ADD_USAGE', 'ADD_LICENSE']);
  });
  it('a 5 MB README is capped, analysed quickly, and the result says so', async () => {
    const para = 'The service stores each record in a table and returns it on request. ';
    writeFileSync(join(dir, 'README.md'), `# Huge\n\n${para.repeat(Math.ceil((5 * 1024 * 1024) / para.length))}\n`);
    const started = Date.now();
    const r = await analyzeReadme(dir, ['README.md']);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(r.content!.length).toBeLessThanOrEqual(MAX_README_BYTES);
    expect(r.notes.join(' ')).toMatch(/5\.0 MB; only its first 512 KB were analysed/);
    expect(r.analysis.recommendations.some((x) => x.startsWith('Split the README'))).toBe(true);
    expect(r.analysis.wordCount).toBeGreaterThan(50_000);
  });
  it('a binary README does not crash', async () => {
    writeFileSync(join(dir, 'README.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01, 0x02]));
    const r = await analyzeReadme(dir, ['README.md']);
    expect(r.analysis.fileName).toBe('README.md');
    expect(r.analysis.wordCount).toBe(0);
    expect(r.content).toBeNull();
    expect(r.notes.join(' ')).toMatch(/binary/);
  });
  it('invalid UTF-8 and deep nesting do not crash', async () => {
    const deep = `${'> '.repeat(500)}deep quote\n\n${'- '.repeat(300)}item\n`;
    writeFileSync(join(dir, 'README.md'), Buffer.concat([Buffer.from(`# T\n\n${deep}`), Buffer.from([0xc3, 0x28, 0xff, 0x0a])]));
    const r = await analyzeReadme(dir, ['README.md']);
    expect(r.analysis.fileName).toBe('README.md');
  });
  it('stops when the signal aborts', async () => {
    writeFileSync(join(dir, 'README.md'), '# T\n\nSome words here for the test.\n');
    await expect(analyzeReadme(dir, ['README.md'], { signal: AbortSignal.abort() })).rejects.toThrow();
  });
});
