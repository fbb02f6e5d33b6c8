import { describe, expect, it } from 'vitest';
import { linesDeclaring } from '../src/engine/doc-history.ts';
import { contract, outdated } from './helpers/contract.ts';

/**
 * Causes of false OUTDATED verdicts left after held-out round 16 (docs/metrics/outdated.md, "What
 * is left after round 16"), fixed before round 17 and pinned here.
 */

describe('OUTDATED, type aliases', () => {
  it('a TypeScript return type replaced by an exported alias of the same generic', () => {
    const ts = (type: string) =>
      contract('TypeScript', `export function readTree(dir: string): ${type} {\n  return load(dir);\n}`, 'readTree', ['dir']);
    const text = 'Reads a tree.\n@param dir the directory\n@returns a Promise of the TreeEntry list read';
    const old = 'Promise<TreeEntry[]>';
    const alias = 'export type TreeResult = Promise<TreeEntry[]>;\n';
    expect(outdated(ts(old), ts('TreeResult'), text, 'TypeScript', alias)).toEqual([]);
    expect(outdated(ts(old), ts('TreeResult'), text, 'TypeScript', 'export type TreeResult = Map<string, number>;\n')).toEqual([
      'RETURN_TYPE_CHANGED_DOC_STATES_OLD',
    ]);
    // A generic alias, and the history pass's lookup in another file.
    expect(outdated(ts(old), ts('Loaded<TreeEntry>'), text, 'TypeScript', 'export type Loaded<T> = Promise<T[]>\n')).toEqual([]);
    expect(linesDeclaring(['import { x } from "y";', alias.trim(), 'export class Other {}'], 'TreeResult')).toBe(alias);
  });

  it('a Python return type replaced by a bare alias of the same class', () => {
    const py = (type: string) => contract('Python', `def origin(self) -> ${type}:\n    return self._o\n`, 'origin', ['self']);
    const text = 'The origin.\n\nReturns:\n    Point: the point the shape is drawn from.\n';
    expect(outdated(py('Point'), py('Vertex'), text, 'Python', 'Vertex = Point  # kept for callers\n')).toEqual([]);
    expect(linesDeclaring(['Vertex = Point  # kept for callers'], 'Vertex')).toBe('Vertex = Point  # kept for callers\n');
    // A union is wider than its first member: no alias.
    expect(outdated(py('Point'), py('Vertex'), text, 'Python', 'Vertex = Point | Segment\n')).toEqual([
      'RETURN_TYPE_CHANGED_DOC_STATES_OLD',
    ]);
  });
});
