import { javascript, tsx, typescript } from './languages/javascript.ts';
import { python } from './languages/python.ts';
import type { LanguageSpec } from './types.ts';

/** Linguist language name → the module that extracts its functions. */
export const LANGUAGE_SPECS: ReadonlyMap<string, LanguageSpec> = new Map<string, LanguageSpec>([
  ['Python', python],
  ['JavaScript', javascript],
  ['TypeScript', typescript],
  ['TSX', tsx],
]);
