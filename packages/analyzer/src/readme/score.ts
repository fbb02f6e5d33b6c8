/**
 * README quality score, the deterministic interpretation rubric and the docs/spec-conformance.md §9 recommendations.
 * Every weight is documented in docs/metrics/readme.md.
 */
import type { ReadmeRecommendation, TextStatistics } from '@docent/contracts';
import type { HeadingInfo, ParsedReadme } from './extract.ts';

export type SectionName = 'title' | 'description' | 'installation' | 'usage' | 'license' | 'contributing';

export interface Structure {
  title: boolean;
  description: boolean;
  installation: boolean;
  usage: boolean;
  license: boolean;
  contributing: boolean;
  /** headings below the title */
  sections: number;
  codeBlocks: number;
  /** words of the first prose paragraph */
  introWords: number;
}

const SECTION_PATTERNS: Record<'installation' | 'usage' | 'license' | 'contributing', RegExp> = {
  installation: /\b(?:install(?:ation|ing)?|setup|set up|getting started|quick ?start|requirements|build(?:ing)?)\b/i,
  usage: /\b(?:usage|use|using|examples?|how to|quick ?start|getting started|tutorial|api|commands?|cli)\b/i,
  license: /\blicen[cs](?:e|ing)\b/i,
  contributing: /\bcontribut(?:e|ing|ion|ors?)\b/i,
};

const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Which conventional sections a README has. Root LICENSE/CONTRIBUTING files count for those sections. */
export function readStructure(parsed: ParsedReadme, repoFiles: readonly string[]): Structure {
  const headings: HeadingInfo[] = parsed.headings;
  const has = (re: RegExp) => headings.some((h) => re.test(h.text));
  const rootFile = (re: RegExp) => repoFiles.some((f) => !f.includes('/') && re.test(f));
  // The description is the first paragraph of running text: a line of badges or links is skipped, and
  // a one-line tagline ("**Requests** is a simple, yet elegant, HTTP library.") is one (docs/metrics/readme.md).
  const paragraphs = parsed.blocks.filter((b) => b.kind === 'paragraph');
  const firstParagraph = paragraphs.find((b) => b.prose === true) ?? paragraphs[0];
  const introWords = firstParagraph ? wordCount(firstParagraph.text) : 0;
  return {
    title: headings.length > 0,
    description: firstParagraph?.prose === true || introWords >= 10,
    installation: has(SECTION_PATTERNS.installation),
    usage: has(SECTION_PATTERNS.usage) || (parsed.codeBlocks > 0 && has(/\bexamples?\b/i)),
    license: has(SECTION_PATTERNS.license) || rootFile(/^(?:LICEN[CS]E|COPYING)(?:\.|$)/i),
    contributing: has(SECTION_PATTERNS.contributing) || rootFile(/^CONTRIBUTING(?:\.|$)/i),
    sections: Math.max(0, headings.length - 1),
    codeBlocks: parsed.codeBlocks,
    introWords,
  };
}

export function missingSections(s: Structure): SectionName[] {
  return (['title', 'description', 'installation', 'usage', 'license', 'contributing'] as const).filter((k) => !s[k]);
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
/** Linear from 0 at `zeroAt` to `max` at `fullAt` (either direction). */
const ramp = (value: number, zeroAt: number, fullAt: number, max: number) => max * clamp((value - zeroAt) / (fullAt - zeroAt), 0, 1);

/**
 * Quality score, 0–100:
 *  structure 50 (title 10, description 10, installation 8, usage 8, license 7, contributing 7)
 *  length 15 (linear up to 300 words), readability 15 (Flesch 10 → 0 … 50 → 15),
 *  code examples 10 (any code block), links 5 (−2.5 per broken link), grammar 5 (−1 per issue).
 */
export function qualityScore(s: Structure, stats: TextStatistics, brokenLinks: number, grammarErrors: number): number {
  const structure =
    (s.title ? 10 : 0) +
    (s.description ? 10 : 0) +
    (s.installation ? 8 : 0) +
    (s.usage ? 8 : 0) +
    (s.license ? 7 : 0) +
    (s.contributing ? 7 : 0);
  const length = ramp(stats.wordCount, 0, 300, 15);
  const readability = stats.wordCount > 0 ? ramp(stats.fleschReadingEase, 10, 50, 15) : 0;
  const examples = s.codeBlocks > 0 ? 10 : 0;
  const links = Math.max(0, 5 - 2.5 * brokenLinks);
  const grammar = Math.max(0, 5 - grammarErrors);
  return Math.round(clamp(structure + length + readability + examples + links + grammar, 0, 100));
}

/**
 * Deterministic stand-in for the LLM interpretation score, 0–100: how quickly a newcomer learns
 * what the project is and how to use it.
 *  purpose 25 (first paragraph: 0 words → 0, 25+ words → 25), plain language 25 (Flesch–Kincaid
 *  grade 16 → 0 … 10 → 25), sentence length 15 (average 35 words → 0 … 20 → 15),
 *  examples 15 (any code block), organisation 20 (3+ section headings → 20, proportional below).
 */
export function rubricScore(s: Structure, stats: TextStatistics): number {
  if (stats.wordCount === 0) return 0;
  const purpose = ramp(s.introWords, 0, 25, 25);
  const plain = ramp(stats.fleschKincaidGrade, 16, 10, 25);
  const sentences = ramp(stats.avgSentenceLength, 35, 20, 15);
  const examples = s.codeBlocks > 0 ? 15 : 0;
  const organisation = ramp(s.sections, 0, 3, 20);
  return Math.round(clamp(purpose + plain + sentences + examples + organisation, 0, 100));
}

/** Below this many words of running text a readability figure says nothing. */
const MIN_READABILITY_WORDS = 100;

export interface RecommendationInput {
  stats: TextStatistics;
  /** words of running text (prose paragraphs) the readability figures were computed on */
  proseWords: number;
  quality: number;
  interpretation: number;
  missing: readonly SectionName[];
  brokenLinks: number;
  grammarIssues: number;
}

/**
 * docs/spec-conformance.md §9 recommendations as one list of codes (docs/metrics/readme.md, "Recommendations"):
 *  - concrete fixes first: missing sections, broken links, grammar issues;
 *  - advice (readability < 70 on ≥ 100 words of prose, < 300 words, clarity < 70) only when the
 *    README is not Excellent (quality < 80): an excellent README is never told to improve;
 *  - EXCELLENT at quality ≥ 80.
 * Each code appears at most once.
 */
export function recommendations(input: RecommendationInput): ReadmeRecommendation[] {
  const out: ReadmeRecommendation[] = [];
  const { stats } = input;
  for (const section of input.missing) out.push({ code: 'ADD_SECTION', params: { section } });
  if (input.brokenLinks > 0) out.push({ code: 'FIX_LINKS', params: { count: String(input.brokenLinks) } });
  if (input.grammarIssues > 0) out.push({ code: 'FIX_GRAMMAR', params: { count: String(input.grammarIssues) } });
  const excellent = input.quality >= 80;
  if (!excellent) {
    if (input.proseWords >= MIN_READABILITY_WORDS && stats.fleschReadingEase < 70) {
      out.push({
        code: 'IMPROVE_READABILITY',
        params: { flesch: stats.fleschReadingEase.toFixed(1), words: stats.avgSentenceLength.toFixed(1) },
      });
    }
    if (stats.wordCount < 300) out.push({ code: 'ADD_CONTENT', params: { words: String(stats.wordCount) } });
    if (input.interpretation < 70) out.push({ code: 'IMPROVE_CLARITY', params: { score: String(input.interpretation) } });
  } else {
    out.push({ code: 'EXCELLENT', params: { score: String(input.quality) } });
  }
  return out;
}

const SECTION_WORDS: Record<SectionName, string> = {
  title: 'a title',
  description: 'a description of what the project does',
  installation: 'an Installation section',
  usage: 'a Usage section with an example',
  license: 'a License section',
  contributing: 'a Contributing section',
};

/** English wording of a recommendation (the API's `recommendations`; the web words the codes itself). */
export function describeRecommendation(r: ReadmeRecommendation): string {
  const p = r.params;
  switch (r.code) {
    case 'ADD_README':
      return 'Add a README: the repository has none. Start with the suggested README, which describes the project, how to install it and how to use it.';
    case 'README_UNREADABLE':
      return `Make ${p.file} a readable text file: it could not be read.`;
    case 'README_BINARY':
      return `Replace ${p.file} with a text README: the file is binary.`;
    case 'README_TOO_LONG':
      return `Split the README: at ${p.megabytes} MB it is too long to read; only its first ${p.kilobytes} KB were analysed. Move reference material into docs/.`;
    case 'ADD_SECTION':
      return `Add ${SECTION_WORDS[p.section as SectionName] ?? p.section}.`;
    case 'FIX_LINKS':
      return `Fix ${p.count} broken link${p.count === '1' ? '' : 's'} (listed above).`;
    case 'FIX_GRAMMAR':
      return `Fix ${p.count} grammar issue${p.count === '1' ? '' : 's'} (listed above).`;
    case 'IMPROVE_READABILITY':
      return `Improve readability: the Flesch reading ease of the prose is ${p.flesch} (70 or more reads easily). Use shorter sentences (now ${p.words} words on average) and plainer words.`;
    case 'ADD_CONTENT':
      return `Add more content: the README has ${p.words} words; aim for at least 300 that explain what the project does, how to install it and how to use it.`;
    case 'IMPROVE_CLARITY':
      return `Improve clarity: the interpretation score is ${p.score} out of 100. Open with one paragraph that says what the project is for, then add a worked example.`;
    case 'EXCELLENT':
      return `Excellent README: it scores ${p.score} out of 100. Keep it up to date as the project changes.`;
  }
}
