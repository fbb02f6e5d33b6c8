import { expect } from 'vitest';
import { gateFile, generateFile } from '../src/index.ts';

/**
 * One file's docs generated with the tests' settings (`explain` on, so each entry keeps its
 * source), checked by the quality gate: the gate must find no problem with the result.
 */
export async function gated(src: string, language: string, file: string, style: string, opts: { includeInherited?: boolean } = {}) {
  const cfg = { docstringStyle: style, maxDocStringLength: 100 };
  const r = await generateFile(src, language, file, cfg, { explain: true, ...opts });
  expect((await gateFile(r, language, file, cfg, src)).problems).toEqual([]);
  return r;
}

/** As `gated`, and a second run over the result changes nothing. */
export async function gatedAndStable(src: string, language: string, file: string, style: string) {
  const r = await gated(src, language, file, style);
  expect((await generateFile(r.output, language, file, { docstringStyle: style, maxDocStringLength: 100 })).output).toBe(r.output);
  return r;
}
