import { describe, expect, it } from 'vitest';
import { findDocAbove } from './doc-comments.ts';
import type { DocConvention } from './types.ts';

const JSDOC: DocConvention = { blockOpeners: ['/**'], linePrefixes: [] };
const RUST: DocConvention = { blockOpeners: ['/**'], linePrefixes: ['///'], lineExcludes: ['////'] };

/** Finds the doc for a declaration on the last line of `text`. */
function docFor(text: string, conv: DocConvention) {
  const lines = text.split('\n');
  const row = lines.length - 1;
  const column = lines[row]!.length - lines[row]!.trimStart().length;
  return findDocAbove(lines, row, column, conv);
}

describe('findDocAbove', () => {
  it('strips the markers and indentation of a block doc', () => {
    expect(docFor('  /**\n   * Adds.\n   *\n   * @param a first\n   */\n  add(a) {}', JSDOC)).toEqual({
      text: 'Adds.\n\n@param a first',
      startRow: 0,
      endRow: 4,
    });
  });

  it('needs the doc directly above: a blank line or code detaches it', () => {
    expect(docFor('/** Adds. */\n\nfunction add() {}', JSDOC)).toBeNull();
    expect(docFor('/** Adds. */\nconst x = 1;\nfunction add() {}', JSDOC)).toBeNull();
  });

  it("with blankLinesBetween (TypeScript's JSDoc rule) a blank line does not detach, code still does", () => {
    const TS: DocConvention = { ...JSDOC, blankLinesBetween: true };
    expect(docFor('/**\n * Initialize the server.\n */\n\napp.init = function init() {}', TS)?.text).toBe('Initialize the server.');
    expect(docFor('/** Adds. */\n\n\nfunction add() {}', TS)?.text).toBe('Adds.');
    expect(docFor('/** Adds. */\nconst x = 1;\n\nfunction add() {}', TS)).toBeNull();
    expect(docFor('/* plain */\n\nfunction add() {}', TS)).toBeNull();
  });

  it('a "/*" inside the doc text (a MIME pattern, a glob) is not the opener', () => {
    const TS: DocConvention = { ...JSDOC, blankLinesBetween: true };
    expect(docFor('/**\n * Accept: text/*;q=.5\n * @public\n */\n\nreq.accepts = function(){}', TS)?.text).toBe(
      'Accept: text/*;q=.5\n@public',
    );
    expect(docFor('/** Matches src/** files. */\nfunction glob() {}', JSDOC)?.text).toBe('Matches src/** files.');
  });

  it('ignores plain block comments, banners and trailing comments of code', () => {
    expect(docFor('/* Adds. */\nfunction add() {}', JSDOC)).toBeNull();
    expect(docFor('/*******/\nfunction add() {}', JSDOC)).toBeNull();
    expect(docFor('x = 1; /** about x */\nfunction add() {}', JSDOC)).toBeNull();
  });

  it('reads a doc on the same line as the declaration', () => {
    const lines = ['/** Adds. */ function add() {}'];
    expect(findDocAbove(lines, 0, 13, JSDOC)?.text).toBe('Adds.');
  });

  it('collects consecutive /// lines but not //// or //! lines', () => {
    expect(docFor('//! crate docs\n/// One.\n/// Two.\nfn f() {}', RUST)?.text).toBe('One.\nTwo.');
    expect(docFor('//// banner\nfn f() {}', RUST)).toBeNull();
    expect(docFor('//! module doc\nfn f() {}', RUST)).toBeNull();
  });

  it('drops Go tool directives from the comment group', () => {
    const GO: DocConvention = { blockOpeners: ['/*'], linePrefixes: ['//'] };
    expect(docFor('//go:noinline\nfunc f() {}', GO)).toBeNull();
    expect(docFor('// F does it.\n//go:noinline\nfunc F() {}', GO)?.text).toBe('F does it.');
  });
});
