/**
 * A .gitattributes reader for the attributes Linguist honours. Follows gitattributes(5): one
 * pattern then attributes per line; `attr` sets, `-attr` unsets, `!attr` makes it unspecified,
 * `attr=value` gives a value; later lines win; a deeper .gitattributes wins over a shallower one.
 */

/** true = set, false = unset, string = value, null = explicitly unspecified (`!attr`). */
export type AttrValue = boolean | string | null;

interface GitAttrRule {
  /** folder of the .gitattributes file, '' for the root, no trailing slash */
  base: string;
  pattern: string;
  regex: RegExp;
  attrs: ReadonlyMap<string, AttrValue>;
}

export interface GitAttributes {
  readonly rules: readonly GitAttrRule[];
}

/** Linguist reads only these; others are kept out to keep the matcher small. */
const LINGUIST_ATTRS = new Set([
  'linguist-vendored',
  'linguist-generated',
  'linguist-documentation',
  'linguist-language',
  'linguist-detectable',
]);

function escapeRegex(ch: string): string {
  return /[\\^$.*+?()[\]{}|]/.test(ch) ? `\\${ch}` : ch;
}

/** Git wildmatch (with FNM_PATHNAME) turned into a regex body; `**` crosses folders only as a whole segment. */
function globToRegexBody(glob: string): string {
  let out = '';
  let i = 0;
  while (i < glob.length) {
    const ch = glob[i]!;
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        const before = i === 0 || glob[i - 1] === '/';
        const after = i + 2 === glob.length || glob[i + 2] === '/';
        if (before && after) {
          if (i + 2 === glob.length) {
            out += '.*'; // trailing `/**`: everything inside
            i += 2;
          } else {
            out += '(?:.*/)?'; // `**/`: zero or more folders
            i += 3;
          }
          continue;
        }
      }
      out += '[^/]*';
      i += 1;
    } else if (ch === '?') {
      out += '[^/]';
      i += 1;
    } else if (ch === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close === -1) {
        out += '\\[';
        i += 1;
        continue;
      }
      let body = glob.slice(i + 1, close);
      let negate = false;
      if (body.startsWith('!') || body.startsWith('^')) {
        negate = true;
        body = body.slice(1);
      }
      out += `[${negate ? '^/' : ''}${body.replace(/\\/g, '\\\\')}]`;
      i = close + 1;
    } else if (ch === '\\' && i + 1 < glob.length) {
      out += escapeRegex(glob[i + 1]!);
      i += 2;
    } else {
      out += escapeRegex(ch);
      i += 1;
    }
  }
  return out;
}

function compilePattern(pattern: string, base: string): RegExp | null {
  // gitattributes: a pattern ending in `/` matches directories only, and attributes of a directory
  // do not apply to the files inside (gitattributes(5)), so it can never match a file.
  if (pattern.endsWith('/')) return null;
  const escapedPrefix = base ? `${base.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}/` : '';
  if (!pattern.includes('/')) {
    // No slash: matches the basename at any depth below the file's folder.
    return new RegExp(`^${escapedPrefix}(?:.*/)?${globToRegexBody(pattern)}$`);
  }
  const anchored = pattern.startsWith('/') ? pattern.slice(1) : pattern;
  return new RegExp(`^${escapedPrefix}${globToRegexBody(anchored)}$`);
}

/** Splits a line into fields; a leading double-quoted pattern may hold spaces. */
function splitFields(line: string): string[] {
  if (line.startsWith('"')) {
    const end = line.indexOf('"', 1);
    if (end > 0) {
      const pattern = line.slice(1, end).replace(/\\(.)/g, '$1');
      return [
        pattern,
        ...line
          .slice(end + 1)
          .trim()
          .split(/\s+/)
          .filter(Boolean),
      ];
    }
  }
  return line.split(/\s+/).filter(Boolean);
}

/** Parses one .gitattributes file. `base` is its folder relative to the repo root ('' = root). */
export function parseGitAttributesAt(text: string, base = ''): GitAttributes {
  const cleanBase = base.replace(/^\/+|\/+$/g, '');
  const rules: GitAttrRule[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#') || line.startsWith('[attr]')) continue;
    const [pattern, ...fields] = splitFields(line);
    if (!pattern || pattern.startsWith('!')) continue; // negative patterns are forbidden in gitattributes
    const attrs = new Map<string, AttrValue>();
    for (const field of fields) {
      let name: string;
      let value: AttrValue;
      if (field.startsWith('-')) {
        name = field.slice(1);
        value = false;
      } else if (field.startsWith('!')) {
        name = field.slice(1);
        value = null;
      } else if (field.includes('=')) {
        const eq = field.indexOf('=');
        name = field.slice(0, eq);
        value = field.slice(eq + 1);
      } else {
        name = field;
        value = true;
      }
      if (LINGUIST_ATTRS.has(name)) attrs.set(name, value);
    }
    if (attrs.size === 0) continue;
    const regex = compilePattern(pattern, cleanBase);
    if (regex) rules.push({ base: cleanBase, pattern, regex, attrs });
  }
  return { rules };
}

/** Combines several .gitattributes files; deeper folders are applied later so they win. */
export function combineGitAttributes(files: readonly GitAttributes[]): GitAttributes {
  const depth = (r: GitAttrRule) => (r.base ? r.base.split('/').length : 0);
  const all = files.flatMap((f) => f.rules.map((rule, order) => ({ rule, order })));
  // Stable: keep file order within the same depth.
  all.sort((a, b) => depth(a.rule) - depth(b.rule));
  return { rules: all.map((x) => x.rule) };
}

/** The value of one attribute for a path: the last matching line that mentions it. */
export function attributeFor(attrs: GitAttributes | undefined, relPath: string, name: string): AttrValue | undefined {
  if (!attrs) return undefined;
  let result: AttrValue | undefined;
  for (const rule of attrs.rules) {
    if (!rule.attrs.has(name)) continue;
    if (rule.regex.test(relPath)) result = rule.attrs.get(name);
  }
  return result === null ? undefined : result;
}

/** Linguist's boolean_attribute: anything but unset or the string "false" counts as true. */
export function booleanAttribute(value: AttrValue | undefined): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  return value !== false && value !== 'false';
}
