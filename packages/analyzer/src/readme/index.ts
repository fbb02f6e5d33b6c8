/**
 * README analysis: find the README, measure its prose (textstat formulas), check its links and
 * grammar, score it, recommend improvements and suggest the missing sections.
 * See docs/metrics/readme.md for every formula.
 */
import { closeSync, lstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { ReadmeAnalysis, ReadmeRecommendation } from '@docent/contracts';
import { isBinary } from '../languages/binary.ts';
import { extractMarkdown, extractPlain, type ParsedReadme, type ProseBlock } from './extract.ts';
import { grammarIssues } from './grammar.ts';
import { anchorSet, checkLinks } from './links.ts';
import { llmInterpretationScore } from './llm.ts';
import { resolveLlm, type LlmConfig, type LlmProvider } from '../llm/provider.ts';
import { describeRecommendation, missingSections, qualityScore, readStructure, recommendations, rubricScore } from './score.ts';
import { countLines, countProse, textStatistics } from './stats.ts';
import { projectFacts, suggestReadme, type ReadmeFormat } from './suggest.ts';

export type { LlmConfig } from '../llm/provider.ts';

export interface ReadmeResult {
  analysis: ReadmeAnalysis;
  /** the README text that was analysed (capped, see notes), null when there is none or it is binary */
  content: string | null;
  suggestion: string | null;
  /** what the numbers do not show: the README was capped, the LLM call failed… (beyond the spec's fields) */
  notes: string[];
}

/** README text beyond this is not analysed; a 5 MB README would otherwise take minutes. */
export const MAX_README_BYTES = 512 * 1024;
/** Prose handed to the grammar checker, in characters (retext is the slowest step). */
const MAX_GRAMMAR_CHARS = 200_000;

const README_NAMES = ['readme.md', 'readme.markdown', 'readme.rst', 'readme.txt', 'readme'];
const README_DIRS = ['', 'docs/', '.github/'];

/** README.md > README.markdown > README.rst > README.txt > README, in the root, then docs/, then .github/. Case-insensitive. */
export function findReadme(repoFiles: readonly string[]): string | null {
  const byLower = new Map<string, string>();
  for (const f of repoFiles) {
    const lower = f.toLowerCase();
    const current = byLower.get(lower);
    // Prefer the conventional upper-case spelling when several spellings exist.
    if (current === undefined || (f.includes('README') && !current.includes('README'))) byLower.set(lower, f);
  }
  for (const dir of README_DIRS) {
    for (const name of README_NAMES) {
      const hit = byLower.get(dir + name);
      if (hit) return hit;
    }
  }
  return null;
}

function emptyAnalysis(fileName: string | null): ReadmeAnalysis {
  return {
    fileName,
    calculatedQualityScore: 0,
    wordCount: 0,
    grammarError: 0,
    grammarIssues: [],
    brokenLinks: [],
    llmInterpretationScore: 0,
    llmInterpretationSource: 'rubric',
    textStatistics: {
      wordCount: 0,
      lines: 0,
      readingTime: 0,
      avgSentenceLength: 0,
      fleschReadingEase: 0,
      fleschKincaidGrade: 0,
      smogIndex: 0,
    },
    recommendations: [],
  };
}

function readCapped(path: string, cap: number): { buf: Buffer; size: number } {
  const st = lstatSync(path);
  if (!st.isFile()) throw new Error(`${path} is not a regular file`);
  const length = Math.min(st.size, cap);
  const buf = Buffer.alloc(length);
  const fd = openSync(path, 'r');
  try {
    let read = 0;
    while (read < length) {
      const n = readSync(fd, buf, read, length - read, read);
      if (n === 0) break;
      read += n;
    }
    return { buf: buf.subarray(0, read), size: st.size };
  } finally {
    closeSync(fd);
  }
}

/** The prose the statistics run on: each heading and paragraph ends a sentence. */
function proseText(blocks: readonly ProseBlock[]): string {
  return blocks
    .map((b) => {
      const t = b.text.replace(/\s+/g, ' ').trim();
      return /[.!?]["')\]]*$/.test(t) ? t : `${t}.`;
    })
    .join('\n\n');
}

function parse(fileName: string, content: string): ParsedReadme {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.rst')) return extractPlain(content, true);
  if (lower.endsWith('.txt') || !/\.[a-z]+$/.test(lower.slice(lower.lastIndexOf('/') + 1))) return extractPlain(content, false);
  return extractMarkdown(content);
}

function capGrammarBlocks(blocks: readonly ProseBlock[]): { blocks: ProseBlock[]; capped: boolean } {
  let total = 0;
  const kept: ProseBlock[] = [];
  for (const b of blocks) {
    total += b.text.length;
    if (total > MAX_GRAMMAR_CHARS) return { blocks: kept, capped: true };
    kept.push(b);
  }
  return { blocks: kept, capped: false };
}

async function interpretation(
  content: string,
  fallback: number,
  llm: LlmProvider,
  notes: string[],
  signal?: AbortSignal,
): Promise<{ score: number; source: 'llm' | 'rubric' }> {
  if (!llm.enabled) return { score: fallback, source: 'rubric' };
  try {
    return { score: await llmInterpretationScore(content, llm, signal), source: 'llm' };
  } catch (err) {
    signal?.throwIfAborted();
    llm.reportFailure('README interpretation score', err);
    // LlmError messages name the failure only (HTTP status, timeout, not JSON), never the answer.
    const reason = err instanceof Error && err.name === 'LlmError' ? err.message : 'unexpected error';
    notes.push(`The LLM interpretation score failed (${reason}); the deterministic rubric was used instead.`);
    return { score: fallback, source: 'rubric' };
  }
}

function formatOf(fileName: string | null): ReadmeFormat {
  const lower = (fileName ?? 'README.md').toLowerCase();
  if (lower.endsWith('.rst')) return 'rst';
  if (lower.endsWith('.txt') || !/\.[a-z]+$/.test(lower.slice(lower.lastIndexOf('/') + 1))) return 'text';
  return 'markdown';
}

function noReadmeResult(
  repoDir: string,
  repoFiles: readonly string[],
  fileName: string | null,
  reason: ReadmeRecommendation,
  notes: string[],
): ReadmeResult {
  const analysis = emptyAnalysis(fileName);
  analysis.recommendationCodes = [reason];
  analysis.recommendations = [describeRecommendation(reason)];
  const facts = projectFacts(repoDir, repoFiles);
  const suggestion = suggestReadme({
    existing: null,
    format: 'markdown',
    missing: ['title', 'description', 'installation', 'usage', 'license', 'contributing'],
    facts,
  });
  analysis.suggestionChanges = suggestion?.changes ?? [];
  analysis.format = 'markdown';
  return { analysis, content: null, suggestion: suggestion?.text ?? null, notes };
}

export async function analyzeReadme(
  repoDir: string,
  repoFiles: readonly string[],
  opts: { llm?: LlmProvider | LlmConfig; signal?: AbortSignal } = {},
): Promise<ReadmeResult> {
  const { signal } = opts;
  const notes: string[] = [];
  const readmePath = findReadme(repoFiles);
  if (!readmePath) {
    return noReadmeResult(repoDir, repoFiles, null, { code: 'ADD_README', params: {} }, notes);
  }

  let file: { buf: Buffer; size: number };
  try {
    file = readCapped(join(repoDir, readmePath), MAX_README_BYTES);
  } catch (err) {
    notes.push(`${readmePath} could not be read: ${(err as Error).message}`);
    return noReadmeResult(repoDir, repoFiles, readmePath, { code: 'README_UNREADABLE', params: { file: readmePath } }, notes);
  }
  if (isBinary(file.buf)) {
    notes.push(`${readmePath} is binary, not text; it was not analysed.`);
    return noReadmeResult(repoDir, repoFiles, readmePath, { code: 'README_BINARY', params: { file: readmePath } }, notes);
  }

  let content = file.buf.toString('utf8').replace(/^\uFEFF/, '');
  const capped = file.size > MAX_README_BYTES;
  if (capped) {
    content = content.replace(/\uFFFD$/, ''); // a multi-byte character cut in half
    notes.push(`${readmePath} is ${(file.size / 1048576).toFixed(1)} MB; only its first ${MAX_README_BYTES / 1024} KB were analysed.`);
  }
  signal?.throwIfAborted();

  const parsed = parse(readmePath, content);
  const counts = countProse(proseText(parsed.blocks));
  // Readability (sentence length, Flesch, Flesch–Kincaid, SMOG) on running text only: badges,
  // link lists, list items, tables, code and HTML would read as one-word "sentences".
  const proseCounts = countProse(proseText(parsed.blocks.filter((b) => b.prose)));
  const all = textStatistics(counts, countLines(content));
  const prose = textStatistics(proseCounts, countLines(content));
  const stats = {
    ...all,
    avgSentenceLength: prose.avgSentenceLength,
    fleschReadingEase: prose.fleschReadingEase,
    fleschKincaidGrade: prose.fleschKincaidGrade,
    smogIndex: prose.smogIndex,
  };
  signal?.throwIfAborted();

  const anchors = anchorSet(parsed.headings, parsed.htmlAnchors);
  const brokenLinks = checkLinks(parsed.links, { repoDir, repoFiles, readmePath, anchors });

  const grammarInput = capGrammarBlocks(parsed.blocks);
  if (grammarInput.capped)
    notes.push(`Grammar was checked on the first ${MAX_GRAMMAR_CHARS.toLocaleString('en')} characters of prose only.`);
  const issues = await grammarIssues(grammarInput.blocks, signal);

  const structure = readStructure(parsed, repoFiles);
  const quality = qualityScore(structure, stats, brokenLinks.length, issues.length);
  const interp = await interpretation(content, rubricScore(structure, stats), resolveLlm(opts.llm), notes, signal);
  const missing = missingSections(structure);
  const recs = recommendations({
    stats,
    proseWords: prose.wordCount,
    quality,
    interpretation: interp.score,
    missing,
    brokenLinks: brokenLinks.length,
    grammarIssues: issues.length,
  });
  if (capped) {
    recs.push({
      code: 'README_TOO_LONG',
      params: { megabytes: (file.size / 1048576).toFixed(1), kilobytes: String(MAX_README_BYTES / 1024) },
    });
  }
  const format = formatOf(readmePath);
  const suggestion = suggestReadme({
    existing: content,
    format,
    missing,
    facts: projectFacts(repoDir, repoFiles),
    headings: parsed.headings,
    wordCount: stats.wordCount,
    brokenLinks,
    readmePath,
    repoFiles,
  });

  return {
    analysis: {
      fileName: readmePath,
      calculatedQualityScore: quality,
      wordCount: stats.wordCount,
      grammarError: issues.length,
      grammarIssues: issues,
      brokenLinks,
      llmInterpretationScore: interp.score,
      llmInterpretationSource: interp.source,
      textStatistics: stats,
      recommendations: recs.map(describeRecommendation),
      recommendationCodes: recs,
      suggestionChanges: suggestion?.changes ?? [],
      format,
    },
    content,
    suggestion: suggestion?.text ?? null,
    notes,
  };
}
