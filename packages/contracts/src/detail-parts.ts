import { z } from 'zod';

/** `{{name}}` placeholders filled from `params` (i18next's syntax, so the web's texts read the same). */
export function fillDetail(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

/**
 * A detail kept as codes with parameters (a webhook delivery's, an automatic doc update's): the
 * server words the parts in English for `detail`, the web app in the interface's language. From
 * one code → English map: the code enum, the part schema, a part maker and the English sentence,
 * the parts joined by `join` (each detail has its own joining rule, for every language).
 */
export function detailParts<const T extends Readonly<Record<string, string>>>(english: T, join: (texts: readonly string[]) => string) {
  type Code = Extract<keyof T, string>;
  const Code = z.enum(Object.keys(english) as [Code, ...Code[]]);
  const Part = z.object({ code: Code, params: z.record(z.string(), z.string()) });
  type Part = z.infer<typeof Part>;
  return {
    Code,
    Part,
    join,
    /** A part with its parameters as texts. */
    part: (code: Code, params: Readonly<Record<string, string | number>> = {}): Part => ({
      code,
      params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    }),
    /** The English sentence of the parts (the server's `detail`). */
    english: (parts: readonly Part[]): string => join(parts.map((p) => fillDetail(english[p.code] ?? '', p.params))),
  };
}
