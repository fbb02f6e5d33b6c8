// Every error detail the server writes as a literal has a German entry (docs/i18n.md "Error details"):
// a new English detail without German fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { germanErrorDetail } from '@docent/contracts';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A quoted string or template literal: the detail argument as written. */
const LITERAL = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\`(?:[^\`\\]|\\.)*\`)`;
/** Where each call that makes an HttpError starts: its detail argument follows. */
const CALL_START = new RegExp(
  String.raw`(?:new HttpError\(\s*[^,()]+,\s*[^,()]+,\s*|badRequest\(\s*[^,()]+,\s*|notFound\(\s*|tokenInvalid\(\s*)`,
  'g',
);

/** The argument starting at `from`, up to its `,` or `)` at depth 0 (strings skipped whole). */
function argumentAt(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const m = new RegExp(LITERAL, 'y');
      m.lastIndex = i;
      const lit = m.exec(text);
      if (lit) i += lit[0].length - 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return text.slice(from, i).trim();
      depth--;
    } else if (c === ',' && depth === 0) return text.slice(from, i).trim();
  }
  return text.slice(from).trim();
}

/**
 * Details that are not written as a literal: a named constant, or another module's sentence
 * passed on. Each names why its German is known; a new one fails the scan until it is listed here
 * (and, for a passed-on sentence, its module's sentences are scanned in RELAYED_SOURCES below).
 */
const NOT_LITERAL: Readonly<Record<string, string>> = {
  // another module's sentence, passed on: its sentences are scanned below
  'err.message': 'a git URL refusal (GitUrlError) or a code host verdict (VendorApiError): RELAYED_SOURCES',
  "err instanceof Error ? err.message : 'Invalid style guide.'":
    "a style guide's parse error (resolveConfig's RangeError): RELAYED_SOURCES",
  'verdict.message ?? `${VENDOR_LABEL[vendor]} rejected the token.`': 'a code host verdict (VendorApiError): RELAYED_SOURCES',
  '`url: ${err.message}`': "the outbound policy's reason (OutboundRefused) after a field name: RELAYED_SOURCES",
  'unreachable(source)': 'a literal pattern in repos/service.ts, "Could not read the repository at …"',
  'unreachable(parsed.source)': 'as above',
  // named constants: their definitions are scanned in RELAYED_SOURCES
  'OAUTH_MESSAGES.notConfigured(spec.label)': 'constant',
  'OAUTH_MESSAGES.stateInvalid': 'constant',
  'OAUTH_MESSAGES.codeRejected(spec.label)': 'constant',
  'OAUTH_MESSAGES.unavailable(spec.label)': 'constant',
  'OAUTH_MESSAGES.noEmail(spec.label)': 'constant',
  'OAUTH_MESSAGES.unverifiedProviderEmail(spec.label)': 'constant',
  'OAUTH_MESSAGES.unverifiedAccount(spec.label)': 'constant',
  'OAUTH_MESSAGES.linkedElsewhere(spec.label)': 'constant',
  'CODE_MESSAGES.none': 'constant',
  'CODE_MESSAGES.expired': 'constant',
  'CODE_MESSAGES.tooMany': 'constant',
  'CODE_MESSAGES.incorrect': 'constant',
  'MESSAGES.samePassword': 'constant',
  "check.ok ? 'This API key is not valid.' : check.detail": "the API key check's refusal (auth/api-keys.ts): RELAYED_SOURCES",
  JOB_NOT_FOUND: 'constant',
  NOT_CANCELLABLE_DETAIL: 'constant',
  KEY_NOT_FOUND: 'constant',
  API_KEY_NOT_ALLOWED_DETAIL: 'constant',
  RATE_LIMITED_DETAIL: 'constant',
  REPO_NOT_FOUND: 'constant',
  NOT_FOUND: 'constant',
  PRO_FEATURE_REQUIRED: 'constant',
  TEST_DISABLED: 'constant',
  detail: 'the helper itself (http/errors.ts)',
  '': "notFound() or tokenInvalid() with the default detail (http/errors.ts): 'Not found.', the expired session",
};

/**
 * The sentences other modules throw that a detail (or a failed job's last line) passes on: each
 * literal needs German, so a new English-only reason fails here (docs/i18n.md "Error details").
 */
const RELAYED_SOURCES: readonly { what: string; files: string[]; call: RegExp }[] = [
  { what: 'git URL refusals', files: [join(SRC, 'vendors/git/url.ts')], call: /new GitUrlError\(\s*/g },
  { what: 'the outbound policy', files: [join(SRC, 'net/outbound.ts')], call: /super\(\s*/g },
  {
    what: 'code host verdicts',
    files: sourceFiles(join(SRC, 'vendors')),
    call: /new VendorApiError\(\s*[^,()]+,\s*[^,()]+,\s*|REAUTH_MESSAGE = \(label: string\): string =>\s*/g,
  },
  { what: "the API key check's refusals", files: [join(SRC, 'auth/api-keys.ts')], call: /\bdetail:\s*/g },
  {
    what: 'named detail constants',
    files: [...sourceFiles(SRC), ...sourceFiles(fileURLToPath(new URL('../../../../packages/contracts/src', import.meta.url)))],
    call: /\b(?:JOB_NOT_FOUND|KEY_NOT_FOUND|REPO_NOT_FOUND|NOT_FOUND|RATE_LIMITED_DETAIL|TEST_DISABLED|API_KEY_NOT_ALLOWED_DETAIL|PRO_FEATURE_REQUIRED|NOT_CANCELLABLE_DETAIL) =\s*|^\s+(?:incorrect|expired|tooMany|none|samePassword|notConfigured|stateInvalid|codeRejected|unavailable|noEmail|unverifiedProviderEmail|unverifiedAccount|linkedElsewhere):\s*(?:\(label: string\) =>\s*)?/gm,
  },
  {
    what: 'style guide parse errors',
    files: [fileURLToPath(new URL('../../../../packages/docgen/src/languages.ts', import.meta.url))],
    call: /new RangeError\(\s*/g,
  },
];

/** Sample values where neither a word nor a number fits a `${…}` (a phrase the sentence needs). */
const SAMPLE_OVERRIDE: Readonly<Record<string, string>> = {
  '`${label} did not answer within ${limit}.`': 'GitHub did not answer within 20 s.',
  '`${label} rate limit reached. ${when}`': 'GitHub rate limit reached. Try again in 30 s.',
  '`${label} could not find ${what} (or the token cannot see it).`':
    'GitHub could not find the repository acme/api (or the token cannot see it).',
  '`${LABEL} answered with something other than a list of ${what}.`': 'GitLab answered with something other than a list of groups.',
  '`${LABEL} answered with something other than a page of ${what}.`': 'Bitbucket answered with something other than a page of workspaces.',
};

/** The literal as sample details: quotes off, each `${…}` filled with a word, then with a number. */
function samples(literal: string): string[] {
  const over = SAMPLE_OVERRIDE[literal];
  if (over) return [over];
  const body = literal.slice(1, -1).replace(/\\(.)/g, '$1');
  if (!literal.startsWith('`')) return [body];
  return ['acme', '7'].map((v) => body.replace(/\$\{[^}]*\}/g, v));
}

const hasGerman = (literal: string): boolean => samples(literal).some((x) => germanErrorDetail(x) !== undefined);

/** The literal first argument after each `call`, in the files. */
function literalsAfter(files: string[], call: RegExp): { where: string; literal: string }[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(call)].flatMap((m) => {
      const lit = new RegExp(LITERAL, 'y');
      lit.lastIndex = m.index + m[0].length;
      const found = lit.exec(text);
      return found ? [{ where: file, literal: found[0] }] : [];
    });
  });
}

/** The detail argument of each call that makes an HttpError, as written. */
export function detailArguments(files: string[]): { where: string; arg: string }[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(CALL_START)].map((m) => ({ where: file.slice(SRC.length), arg: argumentAt(text, m.index + m[0].length) }));
  });
}

const isLiteral = (arg: string): boolean => new RegExp(`^${LITERAL}$`).test(arg);

describe('German error details (docs/i18n.md "Error details")', () => {
  const found = detailArguments(sourceFiles(SRC));

  it('finds the details the server writes (the scan itself works)', () => {
    expect(found.filter((f) => isLiteral(f.arg)).length).toBeGreaterThan(60);
    expect(found.map((f) => f.arg)).toContain("'Incorrect email or password.'");
    expect(found.map((f) => f.arg)).toContain('`You already added ${organizationName}/${repoName}.`');
    expect(found.map((f) => f.arg)).toContain('err.message');
  });

  it('every literal detail has a German entry', () => {
    const missing = found
      .filter((f) => isLiteral(f.arg) && !(f.arg in NOT_LITERAL) && !hasGerman(f.arg))
      .map((f) => `${f.where}: ${f.arg}`);
    expect(missing).toEqual([]);
  });

  it('every detail not written as a literal is a known constant or a passed-on sentence whose module is scanned', () => {
    const unknown = found.filter((f) => !isLiteral(f.arg) && !(f.arg in NOT_LITERAL)).map((f) => `${f.where}: ${f.arg}`);
    expect(unknown).toEqual([]);
    // no stale entries: each is still written somewhere
    expect(Object.keys(NOT_LITERAL).filter((k) => !found.some((f) => f.arg === k))).toEqual([]);
  });

  it('a detail sent around the error handler is worded by localizedDetail too (a webhook answer goes to the vendor, English)', () => {
    const direct = sourceFiles(SRC)
      .filter((f) => !f.endsWith('http/errors.ts'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\.send\(\{[^}]*?\bdetail: (?!localizedDetail\()([^,}]+)/g)].map(
          (m) => `${file.slice(SRC.length)}: ${m[1]!.trim()}`,
        ),
      )
      .filter((d) => !d.startsWith('webhooks/routes.ts: '));
    expect(direct).toEqual([]);
    expect(hasGerman('`This documentation has no files in the format "${String(format).slice(0, 20)}".`')).toBe(true);
    expect(hasGerman("'The URL is not correctly percent-encoded.'")).toBe(true);
    expect(hasGerman("'The request could not be routed.'")).toBe(true);
  });

  it.each(RELAYED_SOURCES)('every sentence of $what that a detail passes on has German', ({ files, call }) => {
    const literals = literalsAfter(files, call);
    expect(literals.length).toBeGreaterThan(0);
    expect(literals.filter((l) => !hasGerman(l.literal)).map((l) => `${l.where}: ${l.literal}`)).toEqual([]);
  });

  it('translates a whole detail or nothing, keeping field names and values', () => {
    expect(germanErrorDetail('You already added acme/api.')).toBe('Sie haben acme/api bereits hinzugefügt.');
    expect(germanErrorDetail('email: This field is required!; password: This field is required!')).toBe(
      'email: Dieses Feld ist erforderlich!; password: Dieses Feld ist erforderlich!',
    );
    // one part without German: the whole detail stays English
    expect(germanErrorDetail('email: This field is required!; password: Something new')).toBeUndefined();
    expect(germanErrorDetail('Something new.')).toBeUndefined();
  });

  it("has German for zod's own messages of the common checks", () => {
    const schema = z.object({
      name: z.string().max(3),
      kind: z.enum(['A', 'B']),
      count: z.number().min(1),
      id: z.uuid(),
      tags: z.array(z.string()).min(1),
    });
    const result = schema.safeParse({ name: 'abcd', kind: 'C', count: 0, id: 'x', tags: [] });
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(messages).toHaveLength(5);
    expect(messages.filter((m) => germanErrorDetail(m) === undefined)).toEqual([]);
    expect(germanErrorDetail(String(z.string().safeParse(1).error?.issues[0]?.message))).toBe(
      'Ungültige Eingabe: erwartet string, erhalten number',
    );
  });

  it("has German for zod's own messages of the rarer checks (docs/i18n.md)", () => {
    const schema = z.object({
      positive: z.number().positive(),
      below: z.number().lt(10),
      whole: z.number().int(),
      step: z.number().multipleOf(5),
      code: z.string().length(6),
      few: z.array(z.string()).nonempty(),
      literal: z.literal('PUSH'),
      url: z.string().startsWith('https://'),
      suffix: z.string().endsWith('.git'),
      slash: z.string().includes('/'),
      when: z.iso.datetime(),
      ip: z.ipv4(),
      kind: z.discriminatedUnion('type', [z.object({ type: z.literal('a') }), z.object({ type: z.literal('b') })]),
      keys: z.record(z.enum(['x']), z.string()),
      extra: z.strictObject({ a: z.string() }),
    });
    const result = schema.safeParse({
      positive: 0,
      below: 10,
      whole: 1.5,
      step: 7,
      code: '123',
      few: [],
      literal: 'PULL',
      url: 'http://a',
      suffix: 'a',
      slash: 'a',
      when: 'yesterday',
      ip: '1.2.3',
      kind: { type: 'c' },
      keys: { y: 'z' },
      extra: { a: 'b', c: 1 },
    });
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(messages.length).toBeGreaterThanOrEqual(15);
    expect(messages.filter((m) => germanErrorDetail(m) === undefined)).toEqual([]);
    expect(germanErrorDetail('Too small: expected number to be >0')).toBe('Zu klein: mehr als 0');
    expect(germanErrorDetail('Too big: expected string to have exactly 6 characters')).toBe('Falsche Größe: genau 6 Zeichen');
  });
});
