/**
 * Grammar issues with retext: repeated words, a/an, spacing between sentences. Each prose block
 * is checked on its own; issues that touch stripped content (inline code, HTML, URLs) are
 * dropped because the check could not see the real words there.
 */
import { retext } from 'retext';
import retextEnglish from 'retext-english';
import retextRepeatedWords from 'retext-repeated-words';
import retextIndefiniteArticle from 'retext-indefinite-article';
import retextSentenceSpacing from 'retext-sentence-spacing';
import type { GrammarIssue } from '@docent/contracts';
import type { ProseBlock } from './extract.ts';

const processor = retext().use(retextEnglish).use(retextRepeatedWords).use(retextIndefiniteArticle).use(retextSentenceSpacing).freeze();

function sourcePosition(block: ProseBlock, offset: number): { line: number; column: number } {
  let seg = block.segments[0];
  for (const s of block.segments) {
    if (s.offset <= offset) seg = s;
    else break;
  }
  if (!seg) return { line: 1, column: 1 };
  let line = seg.line;
  let column = seg.column;
  const text = block.text.slice(seg.offset, offset);
  for (const ch of text) {
    if (ch === '\n') {
      line++;
      column = 1;
    } else column++;
  }
  return { line, column };
}

function touchesPlaceholder(block: ProseBlock, start: number, end: number): boolean {
  // `end + 2` also covers the gap to the next word, which the a/an rule looks at.
  return block.segments.some((s) => s.placeholder && s.offset + s.length > start && s.offset <= end + 2);
}

export async function grammarIssues(blocks: readonly ProseBlock[], signal?: AbortSignal): Promise<GrammarIssue[]> {
  const issues: GrammarIssue[] = [];
  for (const block of blocks) {
    signal?.throwIfAborted();
    const file = await processor.process(block.text);
    for (const msg of file.messages) {
      const start = msg.place && 'start' in msg.place ? (msg.place.start.offset ?? 0) : 0;
      const end = msg.place && 'end' in msg.place ? (msg.place.end.offset ?? start) : start;
      if (touchesPlaceholder(block, start, end)) continue;
      const pos = sourcePosition(block, start);
      issues.push({
        message: msg.reason,
        line: pos.line,
        column: pos.column,
        rule: (msg.source ?? 'retext').replace(/^retext-/, ''),
        text: block.text.slice(start, Math.max(end, start + 1)).trim() || undefined,
      });
    }
  }
  return issues;
}
