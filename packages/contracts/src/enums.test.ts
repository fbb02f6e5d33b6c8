import { describe, expect, it } from 'vitest';
import { OutdatedStatus } from './analysis.ts';
import { BuiltDocType } from './docgen.ts';

/** docs/spec-conformance.md §3 enums used by the entities that have those fields (its rows). */
describe('entity fields typed by the spec enums', () => {
  const outdated = (status: string) => OutdatedStatus.safeParse({ status, explanation: '', docstring: '', grammarError: 0 }).success;

  it('a function entry’s outdatedStatus.status is a Version state: OUTDATED or CURRENT, nothing else', () => {
    expect(outdated('OUTDATED')).toBe(true);
    expect(outdated('CURRENT')).toBe(true);
    expect(outdated('STALE')).toBe(false);
    expect(outdated('outdated')).toBe(false);
  });

  it('the code-docs route takes the DocType repo (arch and api have routes of their own); others are refused', () => {
    expect(BuiltDocType.safeParse('repo').success).toBe(true);
    const wiki = BuiltDocType.safeParse('wiki');
    expect(wiki.success).toBe(false);
    expect(wiki.error?.issues[0]?.message).toBe('docType must be repo, arch or api.');
    expect(BuiltDocType.safeParse('readme').success).toBe(false);
  });
});
