import { readLinguistLanguages } from './linguist-data.ts';

/** Read directly when possible (fast); the package import is the fallback. */
const LINGUIST: readonly unknown[] = readLinguistLanguages() ?? Object.values(await import('linguist-languages'));

/** The part of a linguist-languages entry that detection needs. */
export interface LanguageInfo {
  name: string;
  type: 'programming' | 'markup' | 'data' | 'prose';
  extensions: readonly string[];
  filenames: readonly string[];
  interpreters: readonly string[];
  aliases: readonly string[];
  /** Linguist's group (TSX → TypeScript); the language itself when it has none. */
  group: string;
}

interface RawLanguage {
  name: string;
  type: string;
  extensions?: readonly string[];
  filenames?: readonly string[];
  interpreters?: readonly string[];
  aliases?: readonly string[];
  group?: string;
}

/**
 * Linguist's popular.yml: used only as a tie-break when several languages share an extension and no
 * heuristic decides (Linguist would run its Bayesian classifier there; see docs/metrics/languages.md).
 */
const POPULAR = new Set([
  'C',
  'C#',
  'C++',
  'CoffeeScript',
  'CSS',
  'Dart',
  'DM',
  'Elixir',
  'Go',
  'Groovy',
  'HTML',
  'Java',
  'JavaScript',
  'Kotlin',
  'Objective-C',
  'Perl',
  'PHP',
  'PowerShell',
  'Python',
  'Ruby',
  'Rust',
  'Scala',
  'Shell',
  'Swift',
  'TypeScript',
]);

export interface LanguageIndex {
  byName: Map<string, LanguageInfo>;
  /** lower-cased extension including the dot, e.g. '.d.ts' */
  byExtension: Map<string, LanguageInfo[]>;
  /** exact, case-sensitive basename */
  byFilename: Map<string, LanguageInfo[]>;
  byInterpreter: Map<string, LanguageInfo[]>;
  /** lower-cased name, its default alias (spaces → '-') and every alias */
  byAlias: Map<string, LanguageInfo>;
}

function push(map: Map<string, LanguageInfo[]>, key: string, lang: LanguageInfo): void {
  const list = map.get(key);
  if (list) list.push(lang);
  else map.set(key, [lang]);
}

/** Popular languages first, then by name: the order candidates are offered in. */
function candidateOrder(a: LanguageInfo, b: LanguageInfo): number {
  const pa = POPULAR.has(a.name) ? 0 : 1;
  const pb = POPULAR.has(b.name) ? 0 : 1;
  return pa - pb || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

function buildIndex(): LanguageIndex {
  const index: LanguageIndex = {
    byName: new Map(),
    byExtension: new Map(),
    byFilename: new Map(),
    byInterpreter: new Map(),
    byAlias: new Map(),
  };
  for (const raw of LINGUIST as RawLanguage[]) {
    if (!raw || typeof raw.name !== 'string') continue;
    const type = raw.type as LanguageInfo['type'];
    const lang: LanguageInfo = {
      name: raw.name,
      type,
      extensions: raw.extensions ?? [],
      filenames: raw.filenames ?? [],
      interpreters: raw.interpreters ?? [],
      aliases: raw.aliases ?? [],
      group: raw.group ?? raw.name,
    };
    index.byName.set(lang.name, lang);
    for (const ext of lang.extensions) push(index.byExtension, ext.toLowerCase(), lang);
    for (const file of lang.filenames) push(index.byFilename, file, lang);
    for (const interp of lang.interpreters) push(index.byInterpreter, interp, lang);
    index.byAlias.set(lang.name.toLowerCase(), lang);
    index.byAlias.set(lang.name.toLowerCase().replace(/\s/g, '-'), lang);
    for (const alias of lang.aliases) index.byAlias.set(alias.toLowerCase(), lang);
  }
  for (const map of [index.byExtension, index.byFilename, index.byInterpreter]) {
    for (const list of map.values()) list.sort(candidateOrder);
  }
  return index;
}

let cached: LanguageIndex | undefined;

/** Built once per process (or worker thread) on first use. */
export function languageIndex(): LanguageIndex {
  cached ??= buildIndex();
  return cached;
}

export function languageByName(name: string): LanguageInfo | undefined {
  return languageIndex().byName.get(name);
}

/** Linguist's find_by_alias: case-insensitive; a value like "ruby,foo" uses its first part. */
export function languageByAlias(value: string): LanguageInfo | undefined {
  const idx = languageIndex();
  const lower = value.trim().toLowerCase();
  if (!lower) return undefined;
  return idx.byAlias.get(lower) ?? idx.byAlias.get(lower.split(',', 1)[0] ?? '');
}

export { candidateOrder };
