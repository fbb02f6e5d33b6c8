import type { DocModel } from './model.ts';
import { wrap } from './wrap.ts';

/** A renderer turns the model into the doc's text lines (without comment markers or indentation). */
export type Renderer = (model: DocModel, width: number) => string[];

const IND = '    ';

/** `tags`: the style has a `@deprecated` tag (written with the other tags); else a "Deprecated:" paragraph. */
function block(model: DocModel, width: number, tags = false): string[] {
  const out = model.summary === '' ? [] : wrap(model.summary, width);
  for (const paragraph of model.description) {
    if (out.length > 0) out.push('');
    // Human text is kept as it was written, line for line.
    out.push(...paragraph.split('\n'));
  }
  if (model.deprecated && !tags) {
    if (out.length > 0) out.push('');
    out.push(...wrap(`Deprecated: ${model.deprecated.text}`, width));
  }
  return out;
}

const deprecatedTag = (m: DocModel, tag: (head: string, text: string) => string[]): string[] =>
  m.deprecated ? tag('@deprecated', m.deprecated.text) : [];

function section(out: string[], lines: string[]): void {
  if (lines.length === 0) return;
  if (out.length > 0) out.push('');
  out.push(...lines);
}

export const google: Renderer = (m, width) => {
  const out = block(m, width);
  const entry = (head: string, text: string): string[] => wrap(text, width, IND, IND + IND, `${head}:`);
  // A type with parentheses of its own cannot sit in Google's `name (type):` head: it is left out.
  section(
    out,
    m.params.length
      ? ['Args:', ...m.params.flatMap((p) => entry(`${p.name}${p.type && !/[()]/.test(p.type) ? ` (${p.type})` : ''}`, p.text))]
      : [],
  );
  const ret = m.yields ?? m.returns;
  if (ret) section(out, [m.yields ? 'Yields:' : 'Returns:', ...wrap(ret.type ? `${ret.type}: ${ret.text}` : ret.text, width, IND, IND)]);
  section(out, m.raises.length ? ['Raises:', ...m.raises.flatMap((r) => entry(r.type, r.text))] : []);
  return out;
};

function underline(title: string): string[] {
  return [title, '-'.repeat(title.length)];
}

export const numpy: Renderer = (m, width) => {
  const out = block(m, width);
  const entry = (head: string, text: string): string[] => [head, ...wrap(text, width, IND, IND)];
  section(
    out,
    m.params.length
      ? [...underline('Parameters'), ...m.params.flatMap((p) => entry(`${p.name}${p.type ? ` : ${p.type}` : ''}`, p.text))]
      : [],
  );
  const ret = m.yields ?? m.returns;
  if (ret) section(out, [...underline(m.yields ? 'Yields' : 'Returns'), ...entry(ret.type ?? 'object', ret.text)]);
  section(out, m.raises.length ? [...underline('Raises'), ...m.raises.flatMap((r) => entry(r.type, r.text))] : []);
  return out;
};

export const rest: Renderer = (m, width) => {
  const out = block(m, width);
  const field = (head: string, text: string): string[] => wrap(text, width, '', IND, head);
  const lines: string[] = [];
  for (const p of m.params) {
    lines.push(...field(`:param ${p.name}:`, p.text));
    if (p.type) lines.push(...field(`:type ${p.name}:`, p.type));
  }
  const ret = m.yields ?? m.returns;
  if (ret) {
    lines.push(...field(m.yields ? ':yields:' : ':returns:', ret.text));
    if (ret.type) lines.push(...field(m.yields ? ':ytype:' : ':rtype:', ret.type));
  }
  for (const r of m.raises) lines.push(...field(`:raises ${r.type}:`, r.text));
  section(out, lines);
  return out;
};

export const epytext: Renderer = (m, width) => {
  const out = block(m, width);
  const field = (head: string, text: string): string[] => wrap(text, width, '', IND, head);
  const lines: string[] = [];
  for (const p of m.params) {
    lines.push(...field(`@param ${p.name}:`, p.text));
    if (p.type) lines.push(...field(`@type ${p.name}:`, p.type));
  }
  const ret = m.yields ?? m.returns;
  if (ret) {
    lines.push(...field('@return:', ret.text));
    if (ret.type) lines.push(...field('@rtype:', ret.type));
  }
  for (const r of m.raises) lines.push(...field(`@raise ${r.type}:`, r.text));
  section(out, lines);
  return out;
};

export const jsdoc: Renderer = (m, width) => {
  const out = block(m, width, true);
  const tag = (head: string, text: string): string[] => wrap(text, width, '', '  ', head);
  const lines: string[] = [];
  for (const p of m.params)
    lines.push(
      ...tag(
        `@param ${p.type ? `{${p.variadic ? '...' : ''}${p.type.replace(/\[\]$/, p.variadic ? '' : '[]')}} ` : ''}${p.name} -`,
        p.text,
      ),
    );
  if (m.yields) lines.push(...tag(`@yields${m.yields.type ? ` {${m.yields.type}}` : ''}`, m.yields.text));
  else if (m.returns) lines.push(...tag(`@returns${m.returns.type ? ` {${m.returns.type}}` : ''}`, m.returns.text));
  for (const r of m.raises) lines.push(...tag(`@throws {${r.type}}`, r.text));
  lines.push(...deprecatedTag(m, tag));
  section(out, lines);
  return out;
};

export const tsdoc: Renderer = (m, width) => {
  const out = block(m, width, true);
  const tag = (head: string, text: string): string[] => wrap(text, width, '', '  ', head);
  const lines: string[] = [];
  for (const p of m.params) lines.push(...tag(`@param ${p.name} -`, p.text));
  if (m.returns && !m.yields) lines.push(...tag('@returns', m.returns.text));
  if (m.yields)
    lines.push(...tag('@returns', `An iterator; each step yields ${m.yields.text.charAt(0).toLowerCase()}${m.yields.text.slice(1)}`));
  for (const r of m.raises) lines.push(...tag(`@throws {@link ${r.type}}`, r.text));
  lines.push(...deprecatedTag(m, tag));
  section(out, lines);
  return out;
};

/** Javadoc and KDoc: `@param name text`, `@return text`, `@throws Type text`. */
export const javadoc: Renderer = (m, width) => {
  const out = block(m, width, true);
  const tag = (head: string, text: string): string[] => wrap(text, width, '', '    ', head);
  const lines: string[] = [];
  for (const p of m.params) lines.push(...tag(`@param ${p.name}`, p.text));
  const ret = m.returns ?? m.yields;
  if (ret) lines.push(...tag('@return', ret.text));
  for (const r of m.raises) lines.push(...tag(`@throws ${r.type}`, r.text));
  lines.push(...deprecatedTag(m, tag));
  section(out, lines);
  return out;
};

/** Go: one paragraph that starts with the identifier's name ("GetUser gets user."). */
export const godoc: Renderer = (m, width) => {
  const out = wrap(m.summary, width);
  for (const paragraph of m.description) out.push('', ...paragraph.split('\n'));
  if (m.deprecated) out.push(...(out.length > 0 ? [''] : []), ...wrap(`Deprecated: ${m.deprecated.text}`, width));
  return out;
};

/** How a file's rustdoc lists parameters: its heading (`# Arguments`, `# Parameters`), a blank line under it or not, and the item form. */
export interface RustListFormat {
  heading: string;
  blank: boolean;
  bullet: '*' | '-';
  /** what follows the backquoted name: ` -` (`* \`x\` - text`) or `:` (`- \`x\`: text`) */
  sep: ' -' | ':' | ' –' | ' —';
}

export const RUST_LIST_DEFAULT: RustListFormat = { heading: '# Arguments', blank: true, bullet: '*', sep: ' -' };

/**
 * The parameter list form the file's own rustdoc uses (the most used among its docs), or null. A
 * heading `# Arguments`/`# Parameters`/`# Params` followed (after an optional blank line) by an item
 * `* \`x\` - …` or `- \`x\`: …` (held out, set 10: quick-xml writes `# Parameters` / `- \`x\`: …`).
 */
export function rustListFormat(docs: readonly string[]): RustListFormat | null {
  const counts = new Map<string, { f: RustListFormat; n: number }>();
  for (const d of docs) {
    const lines = d.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const h = /^\s*(#{1,3}\s*(?:Arguments|Parameters|Params|Args))\s*:?\s*$/.exec(lines[i]!);
      if (!h) continue;
      const blank = (lines[i + 1] ?? '').trim() === '';
      const item = /^\s*([*-])\s+`[\w.]+`(\s*[-–—]|:)\s/.exec(lines[i + (blank ? 2 : 1)] ?? '');
      if (!item) continue;
      const sep = item[2]!.trim() === ':' ? ':' : (` ${item[2]!.trim()}` as RustListFormat['sep']);
      const f: RustListFormat = { heading: h[1]!.replace(/\s+/g, ' '), blank, bullet: item[1] as '*' | '-', sep };
      const key = JSON.stringify(f);
      counts.set(key, { f, n: (counts.get(key)?.n ?? 0) + 1 });
    }
  }
  let best: { f: RustListFormat; n: number } | null = null;
  for (const c of counts.values()) if (!best || c.n > best.n) best = c;
  return best?.f ?? null;
}

/** rustdoc: a parameter list in the file's own form (`# Arguments` / `* \`x\` - …` by default), `# Returns`, `# Panics` (from `panic!` messages). */
export const rustdocWith =
  (fmt: RustListFormat): Renderer =>
  (m, width) => {
    const out = block(m, width);
    if (m.params.length)
      section(out, [
        fmt.heading,
        ...(fmt.blank ? [''] : []),
        ...m.params.flatMap((p) => wrap(p.text, width, '', '  ', `${fmt.bullet} \`${p.name}\`${fmt.sep}`)),
      ]);
    const ret = m.returns ?? m.yields;
    if (ret) section(out, ['# Returns', '', ...wrap(ret.text, width)]);
    if (m.raises.length) section(out, ['# Panics', '', ...m.raises.flatMap((r) => wrap(r.text, width))]);
    return out;
  };

/** rustdoc: `# Arguments` list, `# Returns`, `# Panics` (from `panic!` messages). */
export const rustdoc: Renderer = rustdocWith(RUST_LIST_DEFAULT);

const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** C# XML documentation comments. */
export const xmldoc: Renderer = (m, width) => {
  // The texts are doc-ready (escaped where they come from code, raises.ts); an inheritdoc stands alone.
  if (m.summary === '<inheritdoc/>') return ['<inheritdoc/>'];
  const out = ['<summary>', ...(m.summary ? wrap(m.summary, width) : []), ...m.description.flatMap((p) => p.split('\n')), '</summary>'];
  for (const p of m.params) out.push(...wrap(`<param name="${p.name}">${p.text}</param>`, width));
  const ret = m.returns ?? m.yields;
  if (ret) out.push(...wrap(`<returns>${ret.text}</returns>`, width));
  for (const r of m.raises) out.push(...wrap(`<exception cref="${xml(r.type)}">${r.text}</exception>`, width));
  return out;
};

/** Doxygen with Javadoc-style commands (`@param`, `@return`, `@throws`) for C and C++: Javadoc's layout. */
export const doxygen: Renderer = javadoc;

/** Doxygen, Qt style: the same commands written `\param`, `\return`, `\throws`. */
export const doxygenQt: Renderer = (m, width) => doxygen(m, width).map((l) => l.replace(/^@(param|return|throws) /, '\\$1 '));

/** PHPDoc: `@param type $name text`, `@return type text`, `@throws Type text`. */
export const phpdoc: Renderer = (m, width) => {
  const out = block(m, width, true);
  const tag = (head: string, text: string): string[] => wrap(text, width, '', '    ', head);
  const lines: string[] = [];
  for (const p of m.params) lines.push(...tag(`@param ${p.type ? `${p.type} ` : ''}${p.variadic ? '...' : ''}$${p.name}`, p.text));
  const ret = m.returns ?? m.yields;
  if (ret) lines.push(...tag(`@return ${ret.type ?? 'mixed'}`, ret.text));
  for (const r of m.raises) lines.push(...tag(`@throws ${r.type}`, r.text));
  lines.push(...deprecatedTag(m, tag));
  section(out, lines);
  return out;
};

/** YARD (Ruby): `@param name [Type] text`, `@return [Type] text`, `@raise [Type] text`. */
export const yard: Renderer = (m, width) => {
  const out = block(m, width, true);
  const tag = (head: string, text: string): string[] => wrap(text, width, '', '  ', head);
  const lines: string[] = [];
  for (const p of m.params) lines.push(...tag(`@param ${p.name}${p.type ? ` [${p.type}]` : ''}`, p.text));
  const ret = m.returns ?? m.yields;
  if (ret) lines.push(...tag(`@return${ret.type ? ` [${ret.type}]` : ''}`, ret.text));
  for (const r of m.raises) lines.push(...tag(`@raise [${r.type}]`, r.text));
  lines.push(...deprecatedTag(m, tag));
  section(out, lines);
  return out;
};

/** Swift markup: `- Parameters:` with one `- name: text` line each, `- Returns:`, `- Throws:`. */
export const swiftMarkup: Renderer = (m, width) => {
  const out = block(m, width);
  const lines: string[] = [];
  if (m.params.length === 1) lines.push(...wrap(m.params[0]!.text, width, '', '  ', `- Parameter ${m.params[0]!.name}:`));
  else if (m.params.length > 1) {
    lines.push('- Parameters:');
    for (const p of m.params) lines.push(...wrap(p.text, width, '  ', '    ', `- ${p.name}:`));
  }
  const ret = m.returns ?? m.yields;
  if (ret) lines.push(...wrap(ret.text, width, '', '  ', '- Returns:'));
  if (m.raises.length) lines.push(...wrap(m.raises.map((r) => `${r.type}: ${r.text}`).join(' '), width, '', '  ', '- Throws:'));
  section(out, lines);
  return out;
};

export const RENDERERS: Readonly<Record<string, Renderer>> = {
  google,
  numpy,
  rest,
  epytext,
  jsdoc,
  tsdoc,
  javadoc,
  kdoc: javadoc,
  godoc,
  rustdoc,
  xmldoc,
  doxygen,
  'doxygen-qt': doxygenQt,
  phpdoc,
  yard,
  'swift-markup': swiftMarkup,
};
