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
/** The detail argument of each call that makes an HttpError. */
const CALLS = new RegExp(
  String.raw`(?:new HttpError\(\s*[^,()]+,\s*[^,()]+,\s*|badRequest\(\s*[^,()]+,\s*|notFound\(\s*|tokenInvalid\(\s*)` + LITERAL,
  'g',
);

/**
 * Details that only relay another module's sentence after a field name (`url: ${err.message}`):
 * translated when that sentence has an entry, English otherwise, never a half sentence.
 */
const RELAYED = new Set(['`url: ${err.message}`']);

/** The literal as a sample detail: quotes off, each `${…}` filled with a value. */
function sample(literal: string): string {
  const body = literal.slice(1, -1).replace(/\\(.)/g, '$1');
  return literal.startsWith('`') ? body.replace(/\$\{[^}]*\}/g, 'acme') : body;
}

export function detailLiterals(files: string[]): { where: string; literal: string }[] {
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(CALLS)].map((m) => ({ where: file.slice(SRC.length), literal: m[1]! })),
  );
}

describe('German error details (docs/i18n.md "Error details")', () => {
  const found = detailLiterals(sourceFiles(SRC));

  it('finds the details the server writes (the scan itself works)', () => {
    expect(found.length).toBeGreaterThan(60);
    expect(found.map((f) => f.literal)).toContain("'Incorrect email or password.'");
    expect(found.map((f) => f.literal)).toContain('`You already added ${organizationName}/${repoName}.`');
  });

  it('every literal detail has a German entry', () => {
    const missing = found
      .filter((f) => !RELAYED.has(f.literal) && germanErrorDetail(sample(f.literal)) === undefined)
      .map((f) => `${f.where}: ${f.literal}`);
    expect(missing).toEqual([]);
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
});
