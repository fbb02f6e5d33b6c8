import { describe, expect, it } from 'vitest';
import { OutdatedStatus } from './analysis.ts';
import { BuiltDocType } from './docgen.ts';

/** Spec §3 enums used by the entities that have those fields (issue 16 spec-conformance rows). */
describe('entity fields typed by the spec enums', () => {
  const outdated = (status: string) => OutdatedStatus.safeParse({ status, explanation: '', docstring: '', grammarError: 0 }).success;

  it('a function entry’s outdatedStatus.status is a Version state: OUTDATED or CURRENT, nothing else', () => {
    expect(outdated('OUTDATED')).toBe(true);
    expect(outdated('CURRENT')).toBe(true);
    expect(outdated('STALE')).toBe(false);
    expect(outdated('outdated')).toBe(false);
  });

  it('generation takes the DocType repo; arch and api are DocTypes not built yet; others are refused', () => {
    expect(BuiltDocType.safeParse('repo').success).toBe(true);
    const arch = BuiltDocType.safeParse('arch');
    expect(arch.success).toBe(false);
    expect(arch.error?.issues[0]?.message).toBe('Only code docs (docType repo) can be generated so far.');
    expect(BuiltDocType.safeParse('readme').success).toBe(false);
  });
});
