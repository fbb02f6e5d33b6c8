// Lint for the German texts: one address form ("Sie"), one glossary, nothing left in English.
// The rules and the glossary are docs/i18n.md; change both together.
import { describe, expect, it } from 'vitest';
import { ANALYZER_STEP_EXAMPLES, analyzerStepText, errorDetailSamplesDe, jobLogSamples } from '@docent/contracts';
import en from './en.json';
import de from './de.json';

function entries(obj: unknown, prefix = ''): [string, string][] {
  if (obj === null || typeof obj !== 'object') return [[prefix, String(obj)]];
  return Object.entries(obj).flatMap(([k, v]) => entries(v, prefix ? `${prefix}.${k}` : k));
}

const deMap = new Map(entries(de));
const enEntries = entries(en);

/** Words that are the same in German and English (product names, loan words used in German UIs). */
const SAME_IN_BOTH = new Set([
  'Docent',
  'GitHub',
  'GitLab',
  'Bitbucket',
  'Azure',
  'DevOps',
  'Git',
  'Google',
  'Amazon',
  'Pay',
  'PayPal',
  'Cashfree',
  'App',
  'Jobs',
  'Job',
  'Upgrade',
  'Enterprise',
  'Edition',
  'Free',
  'Premium',
  'Pro',
  'Repository',
  'Organisation',
  'README',
  'Dashboard',
  'Status',
  'ID',
  'API',
  'Start',
  'Name',
  'optional',
  'Okay',
  'ok',
  'Trivial',
  'trivial',
  's',
  'Terminal',
  'PDF',
  'Markdown',
  'HTML',
  'reStructuredText',
  'XML',
  'DocBook',
  'RTF',
  'Branch',
  'Downloads',
  'Webhook',
  'Secret',
  'Ping',
]);

/** Du-/ihr-address: pronouns and verb forms that have no place next to "Sie". */
const DU_WORDS =
  /(?<![\p{L}-])(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer|eures|habt|seid|könnt|müsst|wollt|hast|bist|kannst|musst|willst|solltest|wirst)(?![\p{L}-])/iu;

/**
 * Du-form imperatives of the verbs a UI uses, at the start of a sentence or clause, or after "Bitte".
 * The Sie form puts "Sie" after the verb ("Geben Sie …"), which never matches.
 */
const DU_IMPERATIVE_VERBS = [
  'gib',
  'wähle',
  'lege',
  'installiere',
  'klicke',
  'öffne',
  'prüfe',
  'überprüfe',
  'füge',
  'kopiere',
  'starte',
  'verbinde',
  'melde',
  'setze',
  'nutze',
  'aktiviere',
  'bestätige',
  'versuche',
  'gehe',
  'ändere',
  'wechsle',
  'entferne',
  'lösche',
  'speichere',
  'suche',
  'schreibe',
  'ergänze',
  'behebe',
  'verbessere',
  'beginne',
  'teile',
  'halte',
  'erzeuge',
  'lade',
  'trage',
  'erstelle',
  'sieh',
  'lies',
  'nimm',
  'warte',
  'richte',
  'sende',
  'zeige',
  'schließe',
  'wiederhole',
  'aktualisiere',
  'hinterlege',
  'kontaktiere',
  'achte',
  'ziele',
  'generiere',
  'dokumentiere',
  'committe',
  'pushe',
];
const DU_IMPERATIVE = new RegExp(`(?:^|[.!?:;]\\s+|\\bBitte\\s+)(${DU_IMPERATIVE_VERBS.join('|')})(?![\\p{L}-])(?!\\s+Sie\\b)`, 'iu');

/** The glossary's spellings (docs/i18n.md): the wrong one on the left. */
const WRONG_SPELLINGS: [RegExp, string][] = [
  [/Repositories/, 'Repositorys'],
  [/Pull Requests?/, 'Pull-Request(s)'],
  [/Branchs\b/, 'Branches'],
  [/Doc-[Ss]trings?/, 'Docstring(s)'],
];

/** Fails the test with every offending key at once. */
function offenders(pred: (key: string, text: string) => string | null, texts: Map<string, string> = deMap): string[] {
  return [...texts].flatMap(([k, t]) => {
    const why = pred(k, t);
    return why ? [`${k}: ${why} — ${JSON.stringify(t)}`] : [];
  });
}

describe('German voice (docs/i18n.md)', () => {
  it('every English key has a German text that is not the English one (except words that are the same in both)', () => {
    const bad = enEntries.flatMap(([k, t]) => {
      const d = deMap.get(k);
      if (d === undefined || d.trim() === '') return [`${k}: missing`];
      if (d !== t) return [];
      const words = t.replace(/{{\w+}}|<\w+\/>/g, ' ').match(/[\p{L}]+/gu) ?? [];
      const english = words.filter((w) => !SAME_IN_BOTH.has(w));
      return english.length ? [`${k}: still English (${english.join(', ')}) — ${JSON.stringify(t)}`] : [];
    });
    expect(bad).toEqual([]);
  });

  it('addresses the user as "Sie" only: no du/ihr pronoun or verb form', () => {
    expect(offenders((_k, t) => (DU_WORDS.exec(t) ? `du-form "${DU_WORDS.exec(t)![1]}"` : null))).toEqual([]);
  });

  it('uses no du-form imperative', () => {
    expect(offenders((_k, t) => (DU_IMPERATIVE.exec(t) ? `du-imperative "${DU_IMPERATIVE.exec(t)![1]}"` : null))).toEqual([]);
  });

  it('spells the glossary terms one way', () => {
    expect(
      offenders((_k, t) => {
        const hit = WRONG_SPELLINGS.find(([re]) => re.test(t));
        return hit ? `write ${hit[1]}` : null;
      }),
    ).toEqual([]);
  });

  it('the lint rules catch what they are meant to catch', () => {
    expect(DU_WORDS.test('Installieren Sie den Hook auf deinem Server.')).toBe(true);
    expect(DU_WORDS.test('Habt ihr das gesehen?')).toBe(true);
    expect(DU_WORDS.test('Die Funktion und ihr Docstring; Directory-Pfad')).toBe(false);
    expect(DU_IMPERATIVE.test('Bitte gib einen Pfad an')).toBe(true);
    expect(DU_IMPERATIVE.test('Wähle mindestens ein Format')).toBe(true);
    expect(DU_IMPERATIVE.test('Lesbarkeit: 50; ziele auf 70')).toBe(true);
    expect(DU_IMPERATIVE.test('Bitte geben Sie einen Pfad an')).toBe(false);
    expect(DU_IMPERATIVE.test('Wählen Sie mindestens ein Format')).toBe(false);
    expect(DU_IMPERATIVE.test('Erhalten Sie Diagramme, die zeigen, wie die Teile Ihres Codes zusammenhängen.')).toBe(false);
  });
});

/**
 * The server's job-log lines in German (packages/contracts/src/job-log-text.ts), worded at emission,
 * and its error details in German (packages/contracts/src/error-text-de.ts).
 */
const serverTexts = new Map([
  ...jobLogSamples('de'),
  ...errorDetailSamplesDe().map(([en, de]): [string, string] => [`error detail: ${en}`, de]),
  ...ANALYZER_STEP_EXAMPLES.map((s): [string, string] => [`analyzer: ${s}`, analyzerStepText('de', s)]),
]);

describe("German voice of the server's job-log lines and error details (docs/i18n.md)", () => {
  it('addresses the user as "Sie" only, with no du-imperative', () => {
    expect(offenders((_k, t) => (DU_WORDS.exec(t) ? `du-form "${DU_WORDS.exec(t)![1]}"` : null), serverTexts)).toEqual([]);
    expect(offenders((_k, t) => (DU_IMPERATIVE.exec(t) ? `du-imperative "${DU_IMPERATIVE.exec(t)![1]}"` : null), serverTexts)).toEqual([]);
  });

  it('spells the glossary terms one way', () => {
    expect(
      offenders((_k, t) => {
        const hit = WRONG_SPELLINGS.find(([re]) => re.test(t));
        return hit ? `write ${hit[1]}` : null;
      }, serverTexts),
    ).toEqual([]);
  });
});
