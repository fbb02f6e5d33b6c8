import { describe, expect, it } from 'vitest';
import { markSchemasPure } from '../../scripts/pure-schemas.mjs';

/** scripts/pure-schemas.mjs: the contracts' zod schemas become removable when the web does not read them. */
describe('pure schemas', () => {
  it('wraps top-level zod initializers, chained or not, in a call marked pure', () => {
    const code = [
      "import { z } from 'zod';",
      'export const Email = z.string().trim().regex(/x/);',
      'const Inner = z.object({ a: z.number() }).refine((v) => v.a > 0);',
    ].join('\n');
    expect(markSchemasPure(code).split('\n').slice(1)).toEqual([
      'export const Email = /* @__PURE__ */ (() => z.string().trim().regex(/x/))();',
      'const Inner = /* @__PURE__ */ (() => z.object({ a: z.number() }).refine((v) => v.a > 0))();',
    ]);
  });

  it('leaves constants that are not zod schemas, and non-const declarations, as written', () => {
    const code = 'export const PATTERN = /^a$/;\nexport const OPTS = { z: 1 };\nexport let S = z.string();\nconst f = (s) => z.string();';
    expect(markSchemasPure(code)).toBe(code);
  });

  it('counts positions in characters, so text before a schema may hold any letters', () => {
    expect(markSchemasPure('/* Straße — ü */ export const A = z.enum(["a"]);')).toBe(
      '/* Straße — ü */ export const A = /* @__PURE__ */ (() => z.enum(["a"]))();',
    );
  });
});
