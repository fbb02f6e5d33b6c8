import { describe, expect, it } from 'vitest';
import type { DocGenResult } from '@docent/contracts';
import i18n from '../i18n/index.ts';
import { lineLengthError, proseNote } from './DocToolsCard.tsx';

describe('max line length validation', () => {
  it('accepts whole numbers from 40 to 120 only', () => {
    expect(lineLengthError(40)).toBeNull();
    expect(lineLengthError(120)).toBeNull();
    expect(lineLengthError(39)).toBe('range');
    expect(lineLengthError(121)).toBe('range');
    expect(lineLengthError(80.5)).toBe('range');
    expect(lineLengthError(null)).toBe('required');
  });
});

describe("where the docstrings' prose came from (docs/design.md §1)", () => {
  const base: DocGenResult = {
    commit: 'abc1234def',
    branch: null,
    pushed: false,
    deliveryNote: null,
    fileLimit: null,
    documented: 5,
    updated: 1,
    skipped: 0,
    files: [],
    diff: '',
  };
  it('names the model and how many docstrings it wrote, in English and German', () => {
    const r = { ...base, modelProse: 4, model: 'gpt-4o-mini' };
    expect(proseNote(i18n.getFixedT('en'), r)).toBe(
      'Prose from gpt-4o-mini in 4 of 6 docstrings; the rest from the deterministic generator',
    );
    expect(proseNote(i18n.getFixedT('de'), r)).toBe('Text von gpt-4o-mini in 4 von 6 Docstrings; der Rest vom deterministischen Generator');
  });
  it('says the prose is deterministic without a model, or when the model wrote none of it', () => {
    expect(proseNote(i18n.getFixedT('en'), base)).toBe('All prose from the deterministic generator');
    expect(proseNote(i18n.getFixedT('de'), { ...base, model: 'm', modelProse: 0 })).toBe('Alle Texte vom deterministischen Generator');
  });
});
