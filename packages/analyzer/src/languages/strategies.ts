/**
 * Linguist's detection strategies, in its order: modeline, filename, shebang, extension, XML
 * header, man page, heuristics. Each strategy narrows the candidate list; the first to leave
 * exactly one language decides.
 */
import { languageByAlias, languageIndex, type LanguageInfo } from './data.ts';
import { runHeuristics } from './heuristics.ts';

/** Files above this size are not "viewable" for Linguist, so modeline and XML checks skip them. */
const VIEWABLE_BYTES = 1024 * 1024;

/** Extensions too common to trust on their own (Linguist's generic.yml). */
const GENERIC_EXTENSIONS = ['.1', '.2', '.3', '.4', '.5', '.6', '.7', '.8', '.9', '.cmp', '.sol', '.stl', '.url'];

const EMACS_MODELINE =
  /-\*-(?:[ \t]*(?=[^:;\s]+[ \t]*-\*-)|(?:.*?[ \t;]|(?<=-\*-))[ \t]*mode[ \t]*:[ \t]*)([^:;\s]+)(?=[ \t;]|(?<![-*])-\*-).*?-\*-/i;
const VIM_MODELINE =
  /(?:(?:^|[ \t])(?:vi|Vi(?=m))(?:m[<=>]?[0-9]+|m)?|[ \t]ex)(?=:(?=[ \t]*set?[ \t][^\r\n:]+:)|:(?![ \t]*set?[ \t]))(?:(?:[ \t]*:[ \t]*|[ \t])\w*(?:[ \t]*=(?:[^\\\s]|\\.)*)?)*[ \t:](?:filetype|ft|syntax)[ \t]*=(\w+)(?=$|\s|:)/m;

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

const LINE_BREAK = /\r\n|\r|\n/;

/** The first `count` lines (\r\n, \r or \n breaks), without splitting the rest of the text. */
export function firstLines(text: string, count: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (out.length < count) {
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    out.push(text.slice(start, end));
    if (end >= text.length) break;
    start = text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
  }
  return out;
}

/** The last `count` lines, as text.split(LINE_BREAK).slice(-count), scanning back from the end only. */
export function lastLines(text: string, count: number): string[] {
  let breaks = 0;
  let j = text.length - 1;
  for (; j >= 0; j--) {
    const c = text.charCodeAt(j);
    if (c !== 10 && c !== 13) continue;
    if (++breaks === count) break;
    if (c === 10 && text.charCodeAt(j - 1) === 13) j--; // \r\n is one break
  }
  return text.slice(j + 1).split(LINE_BREAK);
}

/** Emacs `-*- mode: ruby -*-` or Vim `vim: set ft=python:` in the first or last 5 lines. */
export function modelineLanguage(sample: string): LanguageInfo | undefined {
  const header = firstLines(sample, 5).join('\n');
  if (header.includes('UseVimball')) return undefined;
  const footer = lastLines(sample, 5).join('\n');
  const text = `${header}\n${footer}`;
  const mode = EMACS_MODELINE.exec(text)?.[1] ?? VIM_MODELINE.exec(text)?.[1];
  return mode ? languageByAlias(mode) : undefined;
}

/** The interpreter named by a `#!` line, following `env` and its options, as Linguist reads it. */
export function shebangInterpreter(sample: string): string | undefined {
  if (!sample.startsWith('#!')) return undefined;
  const firstLineEnd = sample.indexOf('\n');
  const line = firstLineEnd === -1 ? sample : sample.slice(0, firstLineEnd);
  const pathMatch = /^#!\s*(\S+)/.exec(line);
  if (!pathMatch) return undefined;
  let script: string | undefined = pathMatch[1]!.split('/').pop();
  let rest = line.slice(pathMatch[0].length);
  if (script === 'env') {
    rest = rest.replace(/^\s+/, '');
    // Skip options (-S, -i, --foo) and VAR=value assignments before the program name.
    for (;;) {
      const skip = /^(?:(?:-[i0uCSv]*|--\S+)\s+)+/.exec(rest) ?? /^(?:\S+=\S+\s+)+/.exec(rest);
      if (!skip) break;
      rest = rest.slice(skip[0].length);
    }
    script = /^\S+/.exec(rest)?.[0];
  }
  if (!script) return undefined;
  script = script.replace(/\.\d+$/, '').replace(/^#!\s*/, '');
  if (script === 'sh') {
    // `exec tclsh "$0" "$@"` trampolines in the first lines name the real interpreter.
    for (const l of firstLines(sample, 5)) {
      const m = /exec (\w+).+\$0.+\$@/.exec(l);
      if (m) {
        script = m[1]!;
        break;
      }
    }
  }
  if (script === 'osascript' && /-l\s?/.test(rest)) return undefined;
  return basename(script);
}

/** Dotted suffixes of a file name, longest first: `a.d.ts` → `.d.ts`, `.ts`. */
function extensionsOf(fileName: string): string[] {
  const parts = fileName.toLowerCase().split('.');
  parts.shift();
  return parts.map((_, i) => `.${parts.slice(i).join('.')}`);
}

/** Languages of the longest extension that has any (Linguist's find_by_extension). */
export function extensionLanguages(fileName: string): LanguageInfo[] {
  const lower = fileName.toLowerCase();
  if (GENERIC_EXTENSIONS.some((ext) => lower.endsWith(ext))) return [];
  const idx = languageIndex().byExtension;
  for (const ext of extensionsOf(fileName)) {
    const langs = idx.get(ext);
    if (langs && langs.length > 0) return langs;
  }
  return [];
}

const MANPAGE_EXTENSIONS = /\.(?:[1-9](?![0-9])[a-z_0-9]*|0p|n|man|mdoc)(?:\.in)?$/i;

function narrow(candidates: readonly LanguageInfo[], found: readonly LanguageInfo[]): LanguageInfo[] {
  if (candidates.length === 0) return [...found];
  return candidates.filter((c) => found.includes(c));
}

/**
 * Detects the language of a text file. `sample` is its first 64 KiB. Returns undefined when no
 * strategy recognises it. With several candidates left, takes the first in candidate order
 * (popular languages first) where Linguist would run its Bayesian classifier.
 */
export function detectLanguage(relPath: string, sample: string, size: number): LanguageInfo | undefined {
  const idx = languageIndex();
  const name = basename(relPath);
  const viewable = size <= VIEWABLE_BYTES;
  let candidates: LanguageInfo[] = [];

  const steps: Array<() => LanguageInfo[]> = [
    () => {
      const lang = viewable ? modelineLanguage(sample) : undefined;
      return lang ? [lang] : [];
    },
    () => narrow(candidates, idx.byFilename.get(name) ?? []),
    () => {
      const interp = shebangInterpreter(sample);
      return narrow(candidates, interp ? (idx.byInterpreter.get(interp) ?? []) : []);
    },
    () => narrow(candidates, extensionLanguages(name)),
    () => {
      if (candidates.length > 0 || !viewable) return [];
      const head = firstLines(sample, 2).join('\n');
      const xml = idx.byName.get('XML');
      return /<\?xml version=/.test(head) && xml ? [xml] : [];
    },
    () => {
      if (candidates.length > 0 || !MANPAGE_EXTENSIONS.test(name)) return [];
      return ['Roff Manpage', 'Roff'].map((n) => idx.byName.get(n)).filter((l): l is LanguageInfo => !!l);
    },
    () => {
      const names = runHeuristics(
        name,
        sample,
        candidates.map((c) => c.name),
      );
      return names.map((n) => idx.byName.get(n)).filter((l): l is LanguageInfo => !!l);
    },
  ];

  for (const step of steps) {
    const found = step();
    if (found.length === 1) return found[0];
    if (found.length > 1) candidates = found;
  }
  return candidates[0];
}
