import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDocs } from '../src/docs.ts';
import { documentedParams, paramRows } from '../src/pages/params.ts';

describe('what a doc says about each parameter', () => {
  it('JSDoc: {type}, [name=default], a dash, continuation lines', () => {
    const p = documentedParams(
      "Formats.\n@param {string} name - the name\n  to format\n@param [sep=' '] separator\n@param {...number} rest the rest\n@returns {string} x",
    );
    expect(Object.fromEntries(p)).toEqual({
      name: { type: 'string', default: null, text: 'the name to format' },
      sep: { type: null, default: "' '", text: 'separator' },
      rest: { type: '...number', default: null, text: 'the rest' },
    });
  });

  it('Javadoc and PHPDoc', () => {
    expect(documentedParams('Gets.\n@param id the id\n@return the user').get('id')).toEqual({ type: null, default: null, text: 'the id' });
    expect(documentedParams('@param string|null $label the label').get('label')).toEqual({
      type: 'string|null',
      default: null,
      text: 'the label',
    });
  });

  it('Google, NumPy and Sphinx docstrings', () => {
    const google = documentedParams('Does f.\n\nArgs:\n    a (int): the a.\n        More a.\n    **kw: options.\n\nReturns:\n    int: x');
    expect(Object.fromEntries(google)).toEqual({
      a: { type: 'int', default: null, text: 'the a. More a.' },
      kw: { type: null, default: null, text: 'options.' },
    });
    const numpy = documentedParams(
      'Does g.\n\nParameters\n----------\nx : str\n    The x.\ny, z : int, optional\n    Two.\n\nReturns\n-------\nint\n    Not a parameter.',
    );
    expect(Object.fromEntries(numpy)).toEqual({
      x: { type: 'str', default: null, text: 'The x.' },
      y: { type: 'int', default: null, text: 'Two.' },
      z: { type: 'int', default: null, text: 'Two.' },
    });
    const sphinx = documentedParams('Does h.\n\n:param p: the p\n:type p: str\n:param int q: the q\n:returns: x');
    expect(Object.fromEntries(sphinx)).toEqual({
      p: { type: 'str', default: null, text: 'the p' },
      q: { type: 'int', default: null, text: 'the q' },
    });
  });

  it('rows: no receiver; the declaration first (type, default), the doc where the declaration says nothing; variadic and defaulted ones are not required', () => {
    const rows = paramRows(
      [
        { name: 'self', type: null, default: null, variadic: false },
        { name: 'a', type: 'int', default: null, variadic: false },
        { name: 'b', type: null, default: '2', variadic: false },
        { name: 'args', type: null, default: null, variadic: true },
      ],
      'Args:\n    a (str): the a.\n    b (int): the b.',
    );
    expect(rows).toEqual([
      { name: 'a', type: 'int', default: '', required: true, text: 'the a.' },
      { name: 'b', type: 'int', default: '2', required: false, text: 'the b.' },
      { name: 'args…', type: '', default: '', required: false, text: '' },
    ]);
    expect(paramRows([], null)).toEqual([]);
  });
});

describe('the library reference shows a params table', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'params-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(
    path.join(dir, 'a.js'),
    "/**\n * Formats a name.\n * @param {string} name - the name\n * @param [sep=' '] separator\n */\nexport function format(name, sep = ' ') { return name; }\nexport function bare() {}\n",
  );
  fs.writeFileSync(path.join(dir, 'b.py'), 'def f(a: int, b=2):\n    """Does f.\n\n    Args:\n        a: the a.\n    """\n    return a\n');

  it('per file: function, parameter, type, default, required, description', async () => {
    const md = (await generateDocs(dir, 'api', ['md']))
      .filter((d) => d.name.startsWith('api-m-'))
      .map((d) => String(d.content))
      .join('\n');
    expect(md).toContain('Parameters of the functions of a.js:');
    expect(md).toMatch(/\| Function +\| Parameter +\| Type +\| Default +\| Required +\| Description +\|/);
    expect(md).toMatch(/\| `format` +\| `name` +\| `string` +\| +\| yes +\| the name +\|/);
    expect(md).toMatch(/\| `format` +\| `sep` +\| +\| `' '` +\| no +\| separator +\|/);
    expect(md).toMatch(/\| `f` +\| `a` +\| `int` +\| +\| yes +\| the a\. +\|/);
    expect(md).toMatch(/\| `f` +\| `b` +\| +\| `2` +\| no +\| +\|/);
    expect(md).not.toMatch(/\| `bare` +\| `/); // no parameter, no row
  });
});
