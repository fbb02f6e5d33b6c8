import { describe, expect, it } from 'vitest';
import type { DocFinding } from '@docent/contracts';
import i18n from '../i18n/index.ts';
import { judgedMarker, outdatedReason, reviewLists, reviewReason } from './findings.ts';
import { functionEntry } from '../test/functionEntry.ts';

/** Findings travel as codes (docs/metrics.md): the same entry reads in English and in German. */
const entry = functionEntry;

const en = i18n.getFixedT('en');
const de = i18n.getFixedT('de');

describe('finding texts', () => {
  const added = entry({
    outdatedStatus: {
      status: 'OUTDATED',
      explanation: 'server English',
      docstring: 'Doc.',
      grammarError: 0,
      source: 'history',
      commit: 'abc1234',
      findings: [
        { code: 'PARAM_ADDED_UNDOCUMENTED', params: { name: 'ctx', commit: 'abc1234', date: '2025-09-20', docDate: '2019-06-01' } },
      ],
    },
  });
  it('words an OUTDATED finding with its commit and dates, per language', () => {
    expect(outdatedReason(en, added)).toBe(
      "Parameter 'ctx' was added in abc1234 (2025-09-20), after the docstring was last updated (2019-06-01), and the docstring does not describe it.",
    );
    expect(outdatedReason(de, added)).toBe(
      "Parameter 'ctx' kam in abc1234 (2025-09-20) hinzu, nach der letzten Änderung am Docstring (2019-06-01), und der Docstring beschreibt ihn nicht.",
    );
  });
  it('says "doc comment" outside Python and lists several names', () => {
    const js = entry({
      languageType: 'JavaScript',
      outdatedStatus: {
        status: 'OUTDATED',
        explanation: '',
        docstring: '',
        grammarError: 0,
        findings: [{ code: 'DOC_PARAM_NOT_IN_SIGNATURE', params: { names: 'a,b' } }],
      },
    });
    expect(outdatedReason(en, js)).toBe("The doc comment documents 'a', 'b', which the signature does not have.");
  });
  it('keeps the server explanation for entries without findings', () => {
    expect(
      outdatedReason(en, entry({ outdatedStatus: { status: 'OUTDATED', explanation: 'Old text.', docstring: '', grammarError: 0 } })),
    ).toBe('Old text.');
  });
  it('words a review suggestion and an incomplete doc together', () => {
    const fn = entry({
      reviewSuggestion: {
        commit: 'def5678',
        date: '2026-01-02',
        docDate: '2024-03-04',
        explanation: '',
        findings: [
          { code: 'BODY_CHANGED', params: {} },
          { code: 'RETURN_KIND_CHANGED', params: { was: 'none', now: 'value' } },
        ],
      },
      incompleteDoc: { missingParams: ['b'], explanation: '', findings: [{ code: 'PARAMS_UNDOCUMENTED', params: { names: 'b' } }] },
    });
    expect(reviewReason(en, fn)).toBe(
      "Changed in def5678 (2026-01-02), after the docstring was last updated (2024-03-04): the body changed; now returns a value. The docstring describes parameters, but not 'b'.",
    );
    expect(reviewReason(de, fn)).toBe(
      "Geändert in def5678 (2026-01-02), nach der letzten Änderung am Docstring (2024-03-04): der Funktionsrumpf hat sich geändert; gibt jetzt einen Wert zurück. Der Docstring beschreibt Parameter, aber nicht 'b'.",
    );
  });
  it('words a parameter renamed in place as a rename, not as a removal', () => {
    const fn = entry({
      reviewSuggestion: {
        commit: 'def5678',
        date: '2026-01-02',
        docDate: '2024-03-04',
        explanation: '',
        findings: [{ code: 'PARAM_REMOVED', params: { name: 'src', renamed: 'source' } }],
      },
    });
    expect(reviewReason(en, fn)).toContain("parameter 'src' renamed to 'source'");
    expect(reviewReason(de, fn)).toContain("Parameter 'src' umbenannt in 'source'");
  });
});

describe('an OUTDATED verdict an LLM gave', () => {
  const judged = entry({
    outdatedStatus: {
      status: 'OUTDATED',
      explanation: 'server English',
      docstring: 'Doc.',
      grammarError: 0,
      source: 'llm',
      commit: 'abc1234',
      findings: [
        {
          code: 'LLM_JUDGED_OUTDATED',
          params: {
            reason: 'The doc says it doubles; it now triples.',
            model: 'gpt-4o-mini',
            commit: 'abc1234',
            date: '2025-02-01',
            docDate: '2025-01-01',
          },
        },
      ],
    },
  });
  it("shows the model's reason and a marker naming the model, per language", () => {
    expect(outdatedReason(en, judged)).toBe('The doc says it doubles; it now triples. (judged by gpt-4o-mini)');
    expect(judgedMarker(en, judged)).toBe('Judged by gpt-4o-mini');
    expect(judgedMarker(de, judged)).toBe('Urteil von gpt-4o-mini');
  });
  it('has no marker for a verdict of the rules', () => {
    expect(
      judgedMarker(
        en,
        entry({ outdatedStatus: { status: 'OUTDATED', explanation: '', docstring: '', grammarError: 0, source: 'history' } }),
      ),
    ).toBeNull();
    expect(judgedMarker(en, entry({}))).toBeNull();
  });
});

describe('body-change suggestions apart from contract ones (docs/decisions.md "Body-change suggestions shown apart")', () => {
  const suggestion = (...codes: Array<'BODY_CHANGED' | 'RAISE_ADDED' | 'PARAM_REMOVED'>) => ({
    commit: 'def5678',
    date: '2026-01-02',
    docDate: '2024-03-04',
    explanation: '',
    findings: codes.map((code): DocFinding => ({
      code,
      params: code === 'BODY_CHANGED' ? { removed: 'floor' } : { type: 'ValueError', name: 'x' },
    })),
  });
  const incomplete = {
    missingParams: ['b'],
    explanation: '',
    findings: [{ code: 'PARAMS_UNDOCUMENTED' as const, params: { names: 'b' } }],
  };
  const bodyOnly = entry({ name: 'bodyOnly', reviewSuggestion: suggestion('BODY_CHANGED') });
  const raise = entry({ name: 'raise', reviewSuggestion: suggestion('RAISE_ADDED') });
  const both = entry({ name: 'both', reviewSuggestion: suggestion('BODY_CHANGED', 'PARAM_REMOVED') });
  const bodyAndIncomplete = entry({ name: 'bodyAndIncomplete', reviewSuggestion: suggestion('BODY_CHANGED'), incompleteDoc: incomplete });
  const onlyIncomplete = entry({ name: 'onlyIncomplete', incompleteDoc: incomplete });
  const noFindings = entry({ name: 'noFindings', reviewSuggestion: suggestion() });
  const current = entry({ name: 'current' });
  const outdated = entry({
    name: 'outdated',
    reviewSuggestion: suggestion('BODY_CHANGED'),
    outdatedStatus: { status: 'OUTDATED', explanation: '', docstring: '', grammarError: 0 },
  });
  const names = (fns: readonly { name: string }[]) => fns.map((f) => f.name);

  it('keeps contract findings and incomplete docs to review, and lists body-only entries apart', () => {
    const { review, bodyChanged } = reviewLists([bodyOnly, raise, both, bodyAndIncomplete, onlyIncomplete, noFindings, current, outdated]);
    expect(names(review)).toEqual(['raise', 'both', 'bodyAndIncomplete', 'onlyIncomplete', 'noFindings']);
    expect(names(bodyChanged)).toEqual(['bodyOnly']);
  });
  it('leaves out current and OUTDATED entries, whatever their suggestion', () => {
    const { review, bodyChanged } = reviewLists([current, outdated, bodyOnly, bodyOnly]);
    expect(names(review)).toEqual([]);
    expect(names(bodyChanged)).toEqual(['bodyOnly', 'bodyOnly']);
  });
});
