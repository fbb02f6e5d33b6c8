/**
 * textstat's counting rules and formulas (textstat 0.7.x backend), with syllables from the
 * `syllable` package instead of Pyphen. See docs/metrics/readme.md.
 */
import { syllable } from 'syllable';
import type { TextStatistics } from '@docent/contracts';

const WORDS_PER_MINUTE = 200;

/** Python's \w in Unicode mode: letters, numbers, underscore. */
const NON_WORD_OR_SPACE = /[^\p{L}\p{N}_\s']/gu;
/** An apostrophe that is not part of a common English contraction (textstat removes these). */
const STRAY_APOSTROPHE = /'(?!(?:[tsd]|ve|ll|re)(?![\p{L}\p{N}_]))/gu;
/** Python's `\b[^.!?]+[.!?]*` with a Unicode-aware \b. */
const SENTENCE_RE = /(?:(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}_])|(?<=[\p{L}\p{N}_])(?![\p{L}\p{N}_]))[^.!?]+[.!?]*/gu;

/** textstat remove_punctuation(rm_apostrophe=False): drops punctuation, keeps contractions. */
function removePunctuation(text: string): string {
  return text.replace(STRAY_APOSTROPHE, '').replace(NON_WORD_OR_SPACE, '');
}

/** textstat list_words: whitespace-separated tokens left after removing punctuation. */
export function listWords(text: string): string[] {
  return removePunctuation(text).split(/\s+/).filter(Boolean);
}

/** textstat count_sentences: `\b[^.!?]+[.!?]*` matches, minus those of two words or fewer; at least 1. */
export function countSentences(text: string): number {
  if (text.length === 0) return 0;
  const sentences = text.match(SENTENCE_RE) ?? [];
  const ignored = sentences.filter((s) => listWords(s).length <= 2).length;
  return Math.max(1, sentences.length - ignored);
}

function wordSyllables(word: string): number {
  return syllable(word);
}

/** textstat count_syllables: lower-case, punctuation removed, summed per word. */
function countSyllables(text: string): number {
  return listWords(text.toLowerCase()).reduce((n, w) => n + wordSyllables(w), 0);
}

/** textstat count_polysyllable_words: raw whitespace tokens with three or more syllables. */
function countPolysyllables(text: string): number {
  return text.split(/\s+/).filter((w) => w && countSyllables(w) >= 3).length;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Lines of the file as an editor shows them (a final newline does not start a new line). */
export function countLines(content: string): number {
  if (content.length === 0) return 0;
  const breaks = content.match(/\r\n|\r|\n/g)?.length ?? 0;
  return /(?:\r\n|\r|\n)$/.test(content) ? breaks : breaks + 1;
}

export interface ProseCounts {
  words: number;
  sentences: number;
  syllables: number;
  polysyllables: number;
}

export function countProse(prose: string): ProseCounts {
  return {
    words: listWords(prose).length,
    sentences: countSentences(prose),
    syllables: countSyllables(prose),
    polysyllables: countPolysyllables(prose),
  };
}

/** The card's statistics from prose counts; every figure rounded to 2 decimals. */
export function textStatistics(counts: ProseCounts, lines: number): TextStatistics {
  const { words, sentences, syllables, polysyllables } = counts;
  const wps = sentences > 0 ? words / sentences : 0;
  const spw = words > 0 ? syllables / words : 0;
  const hasText = wps > 0 && spw > 0;
  return {
    wordCount: words,
    lines,
    readingTime: round2((words / WORDS_PER_MINUTE) * 60),
    avgSentenceLength: round2(wps),
    fleschReadingEase: hasText ? round2(206.835 - 1.015 * wps - 84.6 * spw) : 0,
    fleschKincaidGrade: hasText ? round2(0.39 * wps + 11.8 * spw - 15.59) : 0,
    smogIndex: sentences > 0 ? round2(1.043 * Math.sqrt((30 * polysyllables) / sentences) + 3.1291) : 0,
  };
}
