import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { FunctionAnalysisEntry } from '@docent/contracts';
import i18n from '../i18n/index.ts';
import { FunctionTable } from './FunctionTable.tsx';
import { judgedMarker, outdatedReason } from './findings.ts';
import { functionEntry } from '../test/functionEntry.ts';

// antd's Table observes its size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
} as unknown as typeof ResizeObserver;

const fn = (name: string, outdatedStatus: FunctionAnalysisEntry['outdatedStatus']): FunctionAnalysisEntry =>
  functionEntry({ name, outdatedStatus });

/** The issues modal's outdated list marks the verdicts a model gave, with its reason beside the marker. */
describe('outdated list: model verdicts are marked', () => {
  it('shows the marker only on the entry an LLM judged', () => {
    const t = i18n.getFixedT('en');
    const judged = fn('by_model', {
      status: 'OUTDATED',
      explanation: '',
      docstring: 'Doc.',
      grammarError: 0,
      source: 'llm',
      findings: [{ code: 'LLM_JUDGED_OUTDATED', params: { reason: 'It now triples.', model: 'judge-7b' } }],
    });
    const ruled = fn('by_rule', {
      status: 'OUTDATED',
      explanation: '',
      docstring: 'Doc.',
      grammarError: 0,
      source: 'signature',
      findings: [{ code: 'DOC_RETURN_BUT_NONE', params: {} }],
    });
    render(
      <FunctionTable
        functions={[judged, ruled]}
        reason={{ title: 'Why', text: (f) => outdatedReason(t, f), tag: (f) => judgedMarker(t, f) }}
        testId="outdated-table"
      />,
    );
    const markers = screen.getAllByTestId('llm-judged');
    expect(markers).toHaveLength(1);
    expect(markers[0]!.textContent).toBe('Judged by judge-7b');
    const row = markers[0]!.closest('tr')!;
    expect(within(row).getByText('by_model')).toBeTruthy();
    expect(row.textContent).toContain('It now triples. (judged by judge-7b)');
  });
});
