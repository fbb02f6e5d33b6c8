import { describe, expect, it } from 'vitest';
import { generateRepository } from '../src/index.ts';
import { fixtureRepos, writeRun, read } from './support/fixture-repo.ts';

/** docs/metrics/docgen-quality.md, "Set 36" (held out) and "Set 36 causes fixed (tuning)". */

const repo = fixtureRepos('s36');

describe('set 36 cause 1: no thin-wrapper summary on a JavaScript constructor function', () => {
  const lib =
    "'use strict';\n\n/**\n * Throws when the given symbol is not the private constructor symbol.\n *\n * @param {symbol} symbol\n */\nfunction checkSymbol(symbol) {\n\tif (symbol !== PDC) {\n\t\tthrow new TypeError('Illegal constructor');\n\t}\n}\n\n";
  it('JavaScript: `function Text(symbol) { checkSymbol(symbol); }` with `Text.prototype` is a class, not "Same as checkSymbol()"', async () => {
    const root = repo({
      'lib/dom.js':
        lib +
        'function Text(symbol) {\n\tcheckSymbol(symbol);\n}\nText.prototype = {\n\tnodeName: "#text",\n};\n\nfunction Comment(symbol) {\n\tcheckSymbol(symbol);\n}\n_extends(Comment, Text);\n\nfunction Entity(symbol) {\n\tcheckSymbol(symbol);\n}\nvar e = new Entity(PDC);\n\nfunction check(symbol) {\n\tcheckSymbol(symbol);\n}\n\nmodule.exports = { Text, Comment, Entity, check };\n',
    });
    await writeRun(root);
    const out = read(root, 'lib/dom.js');
    expect(out).not.toMatch(/Same as `checkSymbol\(\)`\. \*\/\nfunction (Text|Comment|Entity)\(/);
    // a plain function that only calls it is still a thin wrapper
    expect(out).toContain('/** Same as `checkSymbol()`. */\nfunction check(symbol) {');
  });
});

describe('set 36 cause 3: a raise caught by its own try is no raise of the function', () => {
  it('Python: `raise ValueError` inside `try:` with `except Exception:` is not listed; one outside is', async () => {
    const root = repo({
      'pkg/tags.py':
        'def read_tags(fh, offsetsize):\n    """Read tags from a chain of IFDs.\n\n    Parameters\n    ----------\n    fh : file\n        The file.\n    offsetsize : int\n        The offset size.\n    """\n    if offsetsize == 4:\n        fmt = "I"\n    else:\n        raise ValueError("invalid offset size")\n    result = []\n    while True:\n        try:\n            tagno = fh.read(fmt)\n            if tagno > 4096:\n                raise ValueError("suspicious number of tags")\n        except Exception:\n            break\n        result.append(tagno)\n    return result\n\n\ndef parse(fh):\n    """Parse a header.\n\n    Parameters\n    ----------\n    fh : file\n        The file.\n    """\n    try:\n        n = fh.read()\n        if n < 0:\n            raise KeyError("negative count")\n    except ValueError:\n        n = 0\n    return n\n',
    });
    await writeRun(root);
    const out = read(root, 'pkg/tags.py');
    expect(out).toContain('    ValueError\n        Invalid offset size.\n');
    expect(out).not.toMatch(/uspicious number of tags\./);
    // an `except` that catches another type lets it through
    expect(out).toContain('    KeyError\n        Negative count.\n');
  });

  it('JavaScript: a throw inside `try { … } catch (e) { … }` that does not rethrow is not listed', async () => {
    const root = repo({
      'lib/read.js':
        "/**\n * Reads the tags.\n */\nfunction readTags(fh) {\n  try {\n    if (fh.count() > 4096) throw new Error('suspicious number of tags');\n  } catch (e) {\n    return [];\n  }\n  return fh.tags();\n}\n\n/**\n * Reads the header.\n */\nfunction readHeader(fh) {\n  try {\n    if (fh.size() < 8) throw new Error('header too short');\n  } catch (e) {\n    log(e);\n    throw e;\n  }\n  return fh.header();\n}\n\nmodule.exports = { readTags, readHeader };\n",
    });
    await writeRun(root);
    const out = read(root, 'lib/read.js');
    expect(out).not.toContain('@throws {Error} Suspicious');
    // a catch that rethrows lets it out
    expect(out).toContain('@throws {Error} Header too short.');
  });
});

describe('set 36 cause 5: a message keeps no space before its final stop', () => {
  it('Python: `raise ValueError("Allowable methods are \'full\' .")` gives "Allowable methods are \'full\'."', async () => {
    const root = repo({
      'pkg/tank.py':
        'def sa_from_h(h, method="full"):\n    """Return the surface area up to a height.\n\n    Parameters\n    ----------\n    h : float\n        Height.\n    method : str\n        Method.\n    """\n    if method == "full":\n        return h\n    else:\n        raise ValueError("Allowable methods are \'full\' .")\n',
    });
    await writeRun(root);
    const out = read(root, 'pkg/tank.py');
    expect(out).toContain("        Allowable methods are 'full'.\n");
  });
});

describe('set 36 cause 6: `raise self.X(…)` is documented as `X`', () => {
  it('Python: the type is written without `self.`', async () => {
    const root = repo({
      'pkg/seq.py':
        'class Sequence:\n    """A sequence of files."""\n\n    class ParseError(Exception):\n        """Bad pattern."""\n\n    def parse(self, pattern):\n        """Get axes from file names.\n\n        Parameters\n        ----------\n        pattern : str\n            The pattern.\n        """\n        if not pattern:\n            raise self.ParseError("invalid pattern")\n        return pattern\n',
    });
    await writeRun(root);
    const out = read(root, 'pkg/seq.py');
    expect(out).toContain('        ParseError\n            If not pattern.\n');
    expect(out).not.toContain('self.ParseError\n');
  });
});

describe('set 36 cause 7: a message that calls itself an internal error is no raise for the caller', () => {
  it('Python: `raise RuntimeError("internal error: bounds not resolved")` gives no entry', async () => {
    const root = repo({
      'pkg/bounds.py':
        'def min_max(lo, hi, value=None):\n    """Return min, max, value given input values with possible None.\n\n    Parameters\n    ----------\n    lo : float\n        Low.\n    hi : float\n        High.\n    value : float\n        Value.\n    """\n    flo = float(lo) if lo is not None else None\n    fhi = float(hi) if hi is not None else None\n    if flo is None or fhi is None:\n        raise RuntimeError("internal error: bounds not resolved")\n    return flo, fhi, value\n',
    });
    await writeRun(root);
    expect(read(root, 'pkg/bounds.py')).not.toContain('Raises');
  });
});

describe('set 36 cause 4: a vendored copy its header names is left alone', () => {
  const fn = (name: string): string =>
    `def ${name}(dates):\n    """Return the transit times.\n\n    Parameters\n    ----------\n    dates : float\n        Dates.\n    """\n    if dates % 86400 != 0.0:\n        raise ValueError("Input dates must be at 00:00 UTC")\n    return dates\n`;
  it('Python: "vendorized version from" in the module docstring, and `# tifffile.py` atop `_tifffile.py`', async () => {
    const files = {
      'pkg/optional/spa.py': `"""\nirradiance.py from pvlib\n========================\nStripped down, vendorized version from:\nhttps://github.com/pvlib/pvlib-python/\n"""\n\n\n${fn('transit')}`,
      'pkg/plugins/_tifffile.py': `#! /usr/bin/env python3\n# -*- coding: utf-8 -*-\n# tifffile.py\n\n# Copyright (c) 2008-2018, Christoph Gohlke\n\n${fn('imread')}`,
      'pkg/own.py': `"""Our own module."""\n\n\n${fn('transit')}`,
    };
    const root = repo(files);
    const r = await writeRun(root);
    expect(r.changes.map((c) => c.path)).toEqual(['pkg/own.py']);
    expect(read(root, 'pkg/own.py')).toContain('    Raises\n    ------\n    ValueError\n');
    expect(read(root, 'pkg/optional/spa.py')).toBe(files['pkg/optional/spa.py']);
    expect(read(root, 'pkg/plugins/_tifffile.py')).toBe(files['pkg/plugins/_tifffile.py']);
  });
});

describe('set 36 cause 2: JSDoc tags take the text-below layout where the file or its formatter writes it', () => {
  const grammar =
    "'use strict';\n\n/**\n * Removes a character from a character class.\n *\n * @param {RegExp} regexp\n * The class.\n * @param {string} search\n * The character(s) to remove.\n * @returns {RegExp}\n * The new class.\n */\nfunction charsWithout(regexp, search) {\n\tif (regexp.source[0] !== '[') {\n\t\tthrow new Error('/' + regexp.source + '/ can not be used');\n\t}\n\tif (!search || typeof search !== 'string') {\n\t\tthrow new Error(JSON.stringify(search) + ' is not a valid search');\n\t}\n\tif (regexp.source.indexOf(search) === -1) {\n\t\tthrow new Error('\"' + search + '\" is not in /' + regexp.source + '/');\n\t}\n\tif (search === '-' && regexp.source.indexOf(search) !== 1) {\n\t\tthrow new Error('\"' + search + '\" is not first in /' + regexp.source + '/');\n\t}\n\treturn new RegExp(regexp.source.replace(search, ''));\n}\n\n/**\n * Wraps the expression in a group.\n *\n * @param {...(RegExp | string)[]} args\n * The parts.\n * @returns {RegExp}\n * The group.\n */\nfunction regg(args) {\n\tif (arguments.length === 0) {\n\t\tthrow new Error('no parameters provided');\n\t}\n\treturn new RegExp(args);\n}\n\nmodule.exports = { charsWithout, regg };\n";
  it('JavaScript: `@homer0/prettier-plugin-jsdoc` with `jsdocUseColumns: false` — text below, filled to `jsdocPrintWidth`', async () => {
    const root = repo({
      '.prettierrc.yaml':
        "useTabs: true\nsingleQuote: true\nplugins:\n  - '@homer0/prettier-plugin-jsdoc'\njsdocPrintWidth: 95\njsdocUseColumns: false\n",
      'lib/grammar.js': grammar,
    });
    const first = await writeRun(root);
    expect(first.summary.refused).toEqual([]);
    const out = read(root, 'lib/grammar.js');
    expect(out).toContain(
      " * @returns {RegExp}\n * The new class.\n * @throws {Error}\n * If `regexp.source[0] !== '['`, or if `!search || typeof search !== 'string'`, or if\n * `regexp.source.indexOf(search) === -1`, or if `search === '-' &&\n * regexp.source.indexOf(search) !== 1`.\n */\nfunction charsWithout(",
    );
    expect(out).toContain(' * @returns {RegExp}\n * The group.\n * @throws {Error}\n * No parameters provided.\n */\nfunction regg(');
    expect((await generateRepository(root)).changes).toEqual([]);
  });

  it('JavaScript: no formatter config, the file’s own tags written so decide; inline tags stay inline', async () => {
    const root = repo({ 'lib/grammar.js': grammar });
    await writeRun(root);
    expect(read(root, 'lib/grammar.js')).toContain(' * The group.\n * @throws {Error}\n * No parameters provided.\n */');
    const inline = repo({
      'lib/grammar.js': grammar.replace(/(@param \{[^}]+\} \w+|@returns \{RegExp\})\n \* /g, '$1 '),
    });
    await writeRun(inline);
    expect(read(inline, 'lib/grammar.js')).toContain(' * @returns {RegExp} The group.\n * @throws {Error} No parameters provided.\n */');
  });
});

describe('set 36 cause 9: an untyped `@throws` sentence already covers the throw', () => {
  it('TypeScript: "@throws Always throws, since …" gets no second, typed `@throws`', async () => {
    const root = repo({
      'src/provider.ts':
        "export class WorkerProvider {\n    /**\n     * Not supported in a worker.\n     *\n     * @throws Always throws, since the instance is not accessible outside the Worker.\n     */\n    getInstance(): number {\n        throw new Error('WorkerProvider does not expose the instance.');\n    }\n\n    /**\n     * Syncs the shapes.\n     *\n     * @param shapes - The shapes.\n     */\n    sync(shapes: number[]): void {\n        if (shapes.length === 0) {\n            throw new Error('Nothing to sync.');\n        }\n    }\n}\n",
    });
    await writeRun(root);
    const out = read(root, 'src/provider.ts');
    expect(out).not.toContain('does not expose the instance.\n');
    expect(out).toContain('@throws {@link Error} Nothing to sync.');
  });
});
