import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The linguist-languages entries without going through the module loader: its index.js imports
 * 833 data modules, which costs ~0.2 s in plain Node and ~0.55 s per process (main thread and
 * every worker) under tsx's loader hooks. The data files are plain object literals
 * (`export default { name: 'Python', extensions: ['.py', …], … }`), read here with a small
 * literal reader (no eval). Anything unexpected returns null and the caller imports the package.
 * test/languages-linguist-data.test.ts checks the result equals the import.
 */

const EXPORT_LINE = /^export \{ default as (?:'([^'\\]*)'|"([^"\\]*)") \} from '\.\/data\/([^'/]+\.js)'$/;

/** Entries in the order of the package's module namespace (sorted by export name). */
export function readLinguistLanguages(): Array<Record<string, unknown>> | null {
  try {
    const require = createRequire(import.meta.url);
    const index = require.resolve('linguist-languages');
    const dir = path.dirname(index);
    const lines = fs
      .readFileSync(index, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    const entries: Array<[string, Record<string, unknown>]> = [];
    for (const line of lines) {
      const m = EXPORT_LINE.exec(line.trim());
      if (!m) return null;
      const text = fs.readFileSync(path.join(dir, 'data', m[3]!), 'utf8').trim();
      if (!text.startsWith('export default ')) return null;
      const reader = new LiteralReader(text, 'export default '.length);
      const value = reader.value();
      reader.end();
      if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
      entries.push([m[1] ?? m[2]!, value as Record<string, unknown>]);
    }
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return entries.map((e) => e[1]);
  } catch {
    return null;
  }
}

class LiteralError extends Error {}

/** JavaScript object/array/string/number/boolean literals, as the data files write them. */
class LiteralReader {
  constructor(
    private readonly text: string,
    private at: number,
  ) {}

  end(): void {
    this.space();
    if (this.text[this.at] === ';') this.at++;
    this.space();
    if (this.at !== this.text.length) throw new LiteralError('trailing text');
  }

  value(): unknown {
    this.space();
    const c = this.text[this.at];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === "'" || c === '"') return this.string();
    const word = /^(?:-?\d+(?:\.\d+)?|true|false|null)/.exec(this.text.slice(this.at, this.at + 32));
    if (!word) throw new LiteralError(`unexpected ${c}`);
    this.at += word[0].length;
    return JSON.parse(word[0]) as unknown;
  }

  private space(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++;
  }

  private object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.at++;
    for (;;) {
      this.space();
      if (this.text[this.at] === '}') {
        this.at++;
        return out;
      }
      const c = this.text[this.at];
      let key: string;
      if (c === "'" || c === '"') key = this.string();
      else {
        const m = /^[A-Za-z_$][\w$]*/.exec(this.text.slice(this.at, this.at + 64));
        if (!m) throw new LiteralError('bad key');
        key = m[0];
        this.at += key.length;
      }
      this.space();
      if (this.text[this.at++] !== ':') throw new LiteralError('expected :');
      out[key] = this.value();
      this.separator('}');
    }
  }

  private array(): unknown[] {
    const out: unknown[] = [];
    this.at++;
    for (;;) {
      this.space();
      if (this.text[this.at] === ']') {
        this.at++;
        return out;
      }
      out.push(this.value());
      this.separator(']');
    }
  }

  private separator(close: string): void {
    this.space();
    if (this.text[this.at] === ',') this.at++;
    else if (this.text[this.at] !== close) throw new LiteralError('expected , or close');
  }

  /** A quoted string without escapes other than \' \" \\ (the data has none; others are refused). */
  private string(): string {
    const quote = this.text[this.at]!;
    let out = '';
    for (let i = this.at + 1; i < this.text.length; i++) {
      const c = this.text[i]!;
      if (c === quote) {
        this.at = i + 1;
        return out;
      }
      if (c === '\n') break;
      if (c === '\\') {
        const next = this.text[++i];
        if (next !== "'" && next !== '"' && next !== '\\') throw new LiteralError('escape');
        out += next;
      } else out += c;
    }
    throw new LiteralError('unterminated string');
  }
}
