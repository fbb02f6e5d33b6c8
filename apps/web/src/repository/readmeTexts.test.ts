import { describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { changeText, readmeDiff, recommendationText } from './readmeTexts.ts';

const en = i18n.getFixedT('en');
const de = i18n.getFixedT('de');

describe('README texts from codes', () => {
  it('words one recommendation in English and German (never both)', () => {
    const rec = { code: 'ADD_SECTION' as const, params: { section: 'installation' } };
    expect(recommendationText(en, rec)).toBe('Add an Installation section.');
    expect(recommendationText(de, rec)).toBe('Ergänzen Sie einen Abschnitt zur Installation.');
    expect(recommendationText(de, { code: 'ADD_CONTENT', params: { words: '26' } })).toBe(
      'Fügen Sie mehr Inhalt hinzu: Die README hat 26 Wörter; zielen Sie auf mindestens 300.',
    );
  });
  it('words each change of the suggestion with its reason', () => {
    expect(changeText(en, { code: 'FIX_LINK', params: { line: '3', from: 'guide.md', to: 'docs/guide.md' } })).toBe(
      'Line 3: points the broken link guide.md at docs/guide.md, the file with that name.',
    );
  });
  it('shows the suggestion as a unified diff', () => {
    const lines = readmeDiff('README.md', '# A\n\nText.\n', '# A\n\nText.\n\n## License\n\nMIT.\n');
    expect(lines[0]).toEqual({ kind: 'hunk', text: '@@ -1,3 +1,7 @@' });
    expect(lines.filter((l) => l.kind === 'add').map((l) => l.text)).toEqual(['+', '+## License', '+', '+MIT.']);
    expect(lines.filter((l) => l.kind === 'remove')).toEqual([]);
  });
});
