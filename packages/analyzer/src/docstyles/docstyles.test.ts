import { describe, expect, it } from 'vitest';
import { parseDocstring } from './index.ts';

const parse = (text: string, language = 'Python') => parseDocstring(text.replace(/^\n/, ''), language);

describe('parseDocstring', () => {
  it('Google: Args entries with types, *args, and Returns', () => {
    const doc = parse(`
Fetch rows.

Args:
    table (str): the table.
    limit: at most this many,
        continued on a second line: not an entry.
    *args: extra.

Returns:
    list: the rows.
`);
    expect(doc).toEqual({ styles: ['google'], params: ['table', 'limit', 'args'], documentsReturn: true });
  });

  it('Google: "Returns: None" documents no value', () => {
    expect(parse('Do it.\n\nReturns:\n    None').documentsReturn).toBe(false);
  });

  it('NumPy: names, combined names, Returns section', () => {
    const doc = parse(`
Scale.

Parameters
----------
x, y : float
    Coordinates.
factor : float, optional
    Multiplier.

Returns
-------
tuple
    The scaled point.
`);
    expect(doc).toEqual({ styles: ['numpy'], params: ['x', 'y', 'factor'], documentsReturn: true });
  });

  it('reST/Sphinx fields with types; :rtype: None is no value', () => {
    expect(parse(':param int count: how many\n:param name: who\n:rtype: None')).toEqual({
      styles: ['rest'],
      params: ['count', 'name'],
      documentsReturn: false,
    });
    expect(parse(':returns: the id').documentsReturn).toBe(true);
  });

  it('Epytext', () => {
    expect(parse('@param path: where\n@return: the file')).toEqual({ styles: ['tags'], params: ['path'], documentsReturn: true });
  });

  it('JSDoc/TSDoc: types, optional names, sub-properties, void returns', () => {
    const doc = parse(
      '@param {Object} options - settings\n@param {number} options.timeout - ignored sub-property\n@param {string} [name="x"] - optional\n@param rest - TSDoc\n@returns {Promise<void>}',
      'JavaScript',
    );
    expect(doc).toEqual({ styles: ['tags'], params: ['options', 'name', 'rest'], documentsReturn: false });
    expect(parse('@returns {number} the sum', 'TypeScript').documentsReturn).toBe(true);
  });

  it('Javadoc/KDoc: type parameters are not parameters', () => {
    expect(parse('@param <T> element type\n@param items the list\n@return the first', 'Java')).toEqual({
      styles: ['tags'],
      params: ['items'],
      documentsReturn: true,
    });
  });

  it('Doxygen: @param[in], \\param, \\return', () => {
    expect(parse('\\brief Copy.\n@param[in] src source\n\\param dst target\n\\return bytes copied', 'C')).toEqual({
      styles: ['tags'],
      params: ['src', 'dst'],
      documentsReturn: true,
    });
  });

  it('PHPDoc: the $name wherever the type is', () => {
    expect(parse('@param string|null $label the label\n@param int ...$ids ids\n@return void', 'PHP')).toEqual({
      styles: ['tags'],
      params: ['label', 'ids'],
      documentsReturn: false,
    });
  });

  it('YARD: [Type] before or after the name', () => {
    expect(parse('@param [String] to recipient\n@param body [String] text\n@return [Boolean]', 'Ruby')).toEqual({
      styles: ['tags'],
      params: ['to', 'body'],
      documentsReturn: true,
    });
  });

  it('rustdoc # Arguments and # Returns', () => {
    expect(
      parse('Parse.\n\n# Arguments\n\n* `text` - input\n* `strict` - fail early\n\n# Panics\n\n* `x` - not an argument', 'Rust'),
    ).toEqual({
      styles: ['rustdoc'],
      params: ['text', 'strict'],
      documentsReturn: false,
    });
  });

  it('C# XML doc', () => {
    expect(
      parse('<summary>Add.</summary>\n<param name="a">first</param>\n<param name="b">second</param>\n<returns>The sum.</returns>', 'C#'),
    ).toEqual({
      styles: ['xmldoc'],
      params: ['a', 'b'],
      documentsReturn: true,
    });
  });

  it('Swift markup: single and grouped parameters', () => {
    expect(parse('Fetch.\n- Parameter url: where\n- Returns: data', 'Swift')).toEqual({
      styles: ['swift'],
      params: ['url'],
      documentsReturn: true,
    });
    expect(parse('Fetch.\n- Parameters:\n  - url: where\n  - timeout: seconds\n- Throws: errors', 'Swift').params).toEqual([
      'url',
      'timeout',
    ]);
  });

  it('plain prose is no style at all', () => {
    expect(parse('Returns the sum of the arguments, or None when empty.')).toEqual({ styles: [], params: [], documentsReturn: false });
  });
});
