/**
 * The spec's "Repository language config" for the languages docgen renders today:
 * `supportedStyles` (first = default) per docs/design.md §7's table. C and C++ use Doxygen (Javadoc-style
 * commands, or Qt's `\param`), PHP PHPDoc, Ruby YARD, Swift its markup.
 */
export interface LanguageConfig {
  name: string;
  displayName: string;
  fileExtension: string;
  supportedStyles: readonly string[];
}

export const DOCGEN_LANGUAGES: readonly LanguageConfig[] = [
  { name: 'Python', displayName: 'Python', fileExtension: '.py', supportedStyles: ['google', 'numpy', 'rest', 'epytext'] },
  { name: 'JavaScript', displayName: 'JavaScript', fileExtension: '.js', supportedStyles: ['jsdoc'] },
  { name: 'TypeScript', displayName: 'TypeScript', fileExtension: '.ts', supportedStyles: ['tsdoc', 'jsdoc'] },
  { name: 'TSX', displayName: 'TSX', fileExtension: '.tsx', supportedStyles: ['tsdoc', 'jsdoc'] },
  { name: 'Java', displayName: 'Java', fileExtension: '.java', supportedStyles: ['javadoc'] },
  { name: 'Kotlin', displayName: 'Kotlin', fileExtension: '.kt', supportedStyles: ['kdoc'] },
  { name: 'Go', displayName: 'Go', fileExtension: '.go', supportedStyles: ['godoc'] },
  { name: 'Rust', displayName: 'Rust', fileExtension: '.rs', supportedStyles: ['rustdoc'] },
  { name: 'C#', displayName: 'C#', fileExtension: '.cs', supportedStyles: ['xmldoc'] },
  { name: 'C', displayName: 'C', fileExtension: '.c', supportedStyles: ['doxygen', 'doxygen-qt'] },
  { name: 'C++', displayName: 'C++', fileExtension: '.cpp', supportedStyles: ['doxygen', 'doxygen-qt'] },
  { name: 'PHP', displayName: 'PHP', fileExtension: '.php', supportedStyles: ['phpdoc'] },
  { name: 'Ruby', displayName: 'Ruby', fileExtension: '.rb', supportedStyles: ['yard'] },
  { name: 'Swift', displayName: 'Swift', fileExtension: '.swift', supportedStyles: ['swift-markup'] },
];

/** How a language writes a doc: Python docstrings, block comments opened with `/**`, or runs of line comments. */
export type CommentForm = { kind: 'docstring' } | { kind: 'block' } | { kind: 'line'; prefix: string };

export function commentForm(language: string): CommentForm {
  if (language === 'Python') return { kind: 'docstring' };
  if (language === 'Go') return { kind: 'line', prefix: '//' };
  if (language === 'Rust' || language === 'C#' || language === 'Swift') return { kind: 'line', prefix: '///' };
  if (language === 'Ruby') return { kind: 'line', prefix: '#' };
  return { kind: 'block' };
}

const EXTENSIONS: ReadonlyMap<string, string> = new Map([
  ['.py', 'Python'],
  ['.pyi', 'Python'],
  ['.js', 'JavaScript'],
  ['.mjs', 'JavaScript'],
  ['.cjs', 'JavaScript'],
  ['.jsx', 'JavaScript'],
  ['.ts', 'TypeScript'],
  ['.mts', 'TypeScript'],
  ['.cts', 'TypeScript'],
  ['.tsx', 'TSX'],
  ['.java', 'Java'],
  ['.kt', 'Kotlin'],
  ['.kts', 'Kotlin'],
  ['.go', 'Go'],
  ['.rs', 'Rust'],
  ['.cs', 'C#'],
  ['.c', 'C'],
  ['.h', 'C'],
  ['.cpp', 'C++'],
  ['.cc', 'C++'],
  ['.cxx', 'C++'],
  ['.hpp', 'C++'],
  ['.hh', 'C++'],
  ['.php', 'PHP'],
  ['.rb', 'Ruby'],
  ['.swift', 'Swift'],
]);

/** The docgen language of a path by its extension, or null. */
export function languageOfPath(path: string): string | null {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || path.endsWith('.d.ts')) return null;
  return EXTENSIONS.get(path.slice(dot).toLowerCase()) ?? null;
}

export const MIN_LINE_LENGTH = 40;
export const MAX_LINE_LENGTH = 120;
export const DEFAULT_LINE_LENGTH = 80;

export interface StyleConfig {
  docstringStyle: string;
  maxDocStringLength: number;
}

/** The config for a language: the given one checked, else the default style at 80 columns. */
export function resolveConfig(language: string, given?: Partial<StyleConfig>): StyleConfig {
  const lang = DOCGEN_LANGUAGES.find((l) => l.name === language);
  if (!lang) throw new RangeError(`No docstring renderer for ${language}.`);
  const style = given?.docstringStyle ?? lang.supportedStyles[0]!;
  if (!lang.supportedStyles.includes(style))
    throw new RangeError(`${language} supports ${lang.supportedStyles.join(', ')} (got "${style}").`);
  const max = given?.maxDocStringLength ?? DEFAULT_LINE_LENGTH;
  if (!Number.isInteger(max) || max < MIN_LINE_LENGTH || max > MAX_LINE_LENGTH) {
    throw new RangeError(`Max line length must be an integer from ${MIN_LINE_LENGTH} to ${MAX_LINE_LENGTH} (got ${max}).`);
  }
  return { docstringStyle: style, maxDocStringLength: max };
}
