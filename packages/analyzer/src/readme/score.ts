/**
 * README quality score, the deterministic interpretation rubric and the spec §9 recommendations.
 * Every weight is documented in docs/metrics/readme.md.
 */
import type { TextStatistics } from '@docent/contracts';
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
  const firstParagraph = parsed.blocks.find((b) => b.kind === 'paragraph');
  const introWords = firstParagraph ? wordCount(firstParagraph.text) : 0;
  return {
    title: headings.length > 0,
    description: introWords >= 10,
    installation: has(SECTION_PATTERNS.installation),
    usage: has(SECTION_PATTERNS.usage) || parsed.codeBlocks > 0 && has(/\bexamples?\b/i),
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
const ramp = (value: number, zeroAt: number, fullAt: number, max: number) =>
  max * clamp((value - zeroAt) / (fullAt - zeroAt), 0, 1);

/**
 * Quality score, 0–100:
 *  structure 50 (title 10, description 10, installation 8, usage 8, license 7, contributing 7)
 *  length 15 (linear up to 300 words), readability 15 (Flesch 10 → 0 … 50 → 15),
 *  code examples 10 (any code block), links 5 (−2.5 per broken link), grammar 5 (−1 per issue).
 */
export function qualityScore(s: Structure, stats: TextStatistics, brokenLinks: number, grammarErrors: number): number {
  const structure =
    (s.title ? 10 : 0) + (s.description ? 10 : 0) + (s.installation ? 8 : 0) + (s.usage ? 8 : 0) +
    (s.license ? 7 : 0) + (s.contributing ? 7 : 0);
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

/**
 * Spec §9 recommendations. "Improve readability" uses the Flesch reading ease (below 70 = harder
 * than "fairly easy"); "Improve clarity" the interpretation score; the excellent message the quality score.
 */
export function recommendations(stats: TextStatistics, quality: number, interpretation: number): string[] {
  const out: string[] = [];
  if (stats.fleschReadingEase < 70) {
    out.push(
      `Improve readability: the Flesch reading ease is ${stats.fleschReadingEase.toFixed(1)} (70 or more reads easily). ` +
        `Use shorter sentences (now ${stats.avgSentenceLength.toFixed(1)} words on average) and plainer words.`,
    );
  }
  if (stats.wordCount < 300) {
    out.push(
      `Add more content: the README has ${stats.wordCount} words of prose; aim for at least 300 that explain what the ` +
        'project does, how to install it and how to use it.',
    );
  }
  if (interpretation < 70) {
    out.push(
      `Improve clarity: the interpretation score is ${interpretation} out of 100. Open with one paragraph that says ` +
        'what the project is for, then add a worked example.',
    );
  }
  if (quality >= 80) out.push(`Excellent README: it scores ${quality} out of 100. Keep it up to date as the project changes.`);
  return out;
}
