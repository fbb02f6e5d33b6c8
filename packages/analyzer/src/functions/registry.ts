import { c, cpp } from './languages/c-family.ts';
import { csharp } from './languages/csharp.ts';
import { go } from './languages/go.ts';
import { java } from './languages/java.ts';
import { javascript, tsx, typescript } from './languages/javascript.ts';
import { kotlin } from './languages/kotlin.ts';
import { php } from './languages/php.ts';
import { python } from './languages/python.ts';
import { ruby } from './languages/ruby.ts';
import { rust } from './languages/rust.ts';
import { swift } from './languages/swift.ts';
import type { LanguageSpec } from './types.ts';

/** Linguist language name → the module that extracts its functions. */
export const LANGUAGE_SPECS: ReadonlyMap<string, LanguageSpec> = new Map<string, LanguageSpec>([
  ['Python', python],
  ['JavaScript', javascript],
  ['TypeScript', typescript],
  ['TSX', tsx],
  ['Java', java],
  ['Go', go],
  ['Rust', rust],
  ['C', c],
  ['C++', cpp],
  ['C#', csharp],
  ['Ruby', ruby],
  ['PHP', php],
  ['Kotlin', kotlin],
  ['Swift', swift],
]);
