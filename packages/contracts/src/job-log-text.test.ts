import { describe, expect, it } from 'vitest';
import {
  ANALYZER_STEP_EXAMPLES,
  analyzerStepText,
  JOB_LOG_TEXTS,
  JobFailure,
  jobFailureMessage,
  jobLogArity,
  jobLogSamples,
  jobLogTexts,
} from './job-log-text.ts';

const markers = (s: string) => (s.match(/⟦\d+⟧/g) ?? []).sort();
/** words the same in both languages (as in the web app's lint) */
const SAME = new Set(['Job', 'Status', 'API']);

describe('the job-log catalog', () => {
  const en = jobLogSamples('en');
  const de = jobLogSamples('de');

  it('has a German text for every English key, with the same parameters, each used in both', () => {
    expect([...de.keys()].sort()).toEqual([...en.keys()].sort());
    const deArity = jobLogArity('de');
    expect([...jobLogArity('en')].filter(([k, n]) => deArity.get(k) !== n).map(([k]) => k)).toEqual([]);
    expect([...en].filter(([k, t]) => markers(t).join() !== markers(de.get(k)!).join()).map(([k]) => k)).toEqual([]);
  });

  it('words every German text in German (only names and words the same in both may repeat the English)', () => {
    const same = [...en].filter(([k, t]) => {
      if (t !== de.get(k)) return false;
      const words = t.replace(/⟦\d+⟧/g, ' ').match(/\p{L}+/gu) ?? [];
      return words.some((w) => !SAME.has(w));
    });
    expect(same.map(([k]) => k)).toEqual([]);
  });

  it("relays the analyzer's steps in German for a German job, as they are for an English one", () => {
    for (const step of ANALYZER_STEP_EXAMPLES) {
      expect(analyzerStepText('en', step)).toBe(step);
      expect(analyzerStepText('de', step), step).not.toBe(step);
    }
    expect(analyzerStepText('de', 'Parsed 3/12 files')).toBe('3/12 Dateien geparst');
    expect(analyzerStepText('de', 'something new')).toBe('something new');
  });

  it('reads English for anything but German', () => {
    expect(jobLogTexts('de')).toBe(JOB_LOG_TEXTS.de);
    expect(jobLogTexts('fr')).toBe(JOB_LOG_TEXTS.en);
    expect(jobLogTexts(undefined)).toBe(JOB_LOG_TEXTS.en);
  });

  it("words a failure reason in the job's language, the English message unchanged (docs/i18n.md)", () => {
    const refused = new JobFailure('cannotBeFetched', 'acme/api', { english: 'No repository exists at this path.' });
    expect(refused.message).toBe('acme/api cannot be fetched: No repository exists at this path.');
    expect(jobFailureMessage('en', refused)).toBe(refused.message);
    expect(jobFailureMessage('de', refused)).toBe('acme/api kann nicht abgerufen werden: Unter diesem Pfad gibt es kein Repository.');
    const subject = new JobFailure('notBranchName', { english: 'The branch to push to' });
    expect(subject.message).toBe('The branch to push to is not a valid git branch name; git was not run.');
    expect(jobFailureMessage('de', subject)).toBe(
      'Der Ziel-Branch des Pushs ist kein gültiger Git-Branch-Name; git wurde nicht ausgeführt.',
    );
    // a part without German: the whole reason stays English
    const unknown = new JobFailure('cannotBeFetched', 'acme/api', { english: 'Something new.' });
    expect(jobFailureMessage('de', unknown)).toBe(unknown.message);
    // another module's sentence: German from the error-detail catalog, else English
    expect(jobFailureMessage('de', new Error('Python supports google, numpy (got "javadoc").'))).toBe(
      'Python unterstützt google, numpy (angegeben: "javadoc").',
    );
    expect(jobFailureMessage('de', new Error('git said no'))).toBe('git said no');
    expect(jobFailureMessage('de', 'thrown text')).toBe('thrown text');
  });
});
