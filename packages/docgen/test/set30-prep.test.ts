import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRepository } from '../src/index.ts';
import { gatedAndStable } from './gated-run.ts';

/** docs/metrics/docgen-quality.md, "General causes seen in set 29", the list "Left (not fixed)" (causes 5–9). */

const run = gatedAndStable;

describe('set 29, cause 5: a guard that only tests a variadic parameter', () => {
  it('Python: `if kwargs:` / `if _check_kwargs and kwargs:` is no Raises condition; a plain message alone is kept', async () => {
    const head = (name: string, sig: string): string =>
      `def ${name}(${sig}):\n    """Computes the ${name} of the system.\n\n    Parameters\n    ----------\n    y : array\n        Measured outputs.\n\n    Returns\n    -------\n    array\n        The value.\n    """\n`;
    const src =
      head('estimate', 'y, **kwargs') +
      '    if kwargs:\n        raise TypeError("unrecognized keyword(s): ", str(kwargs))\n    return y\n\n\n' +
      head('streamlines', 'y, _check_kwargs=True, **kwargs') +
      '    if _check_kwargs and kwargs:\n        raise TypeError("unrecognized keywords: ", str(kwargs))\n    return y\n\n\n' +
      head('vectorfield', 'y, **kwargs') +
      '    if kwargs:\n        raise TypeError("unexpected keyword arguments")\n    return y\n\n\n' +
      head('limits', 'y, *args') +
      '    if len(args) > 2:\n        raise ValueError("too many limits")\n    return y\n';
    const r = await run(src, 'Python', 'control/phaseplot.py', 'numpy');
    expect(r.output).not.toContain('If kwargs');
    expect(r.output).not.toContain('If _check_kwargs');
    // with a plain message the raise is written without the guard
    expect(r.output).toContain('Unexpected keyword arguments.');
    // a guard that tests more than the variadic parameter's presence is still one
    expect(r.output).toMatch(/ValueError\n\s+If ``len\(args\) > 2``\.|too many limits/i);
  });
});

describe('set 29, cause 6: a leading comment that is a reference', () => {
  it('Ruby: "X format is documented at <url>" is no summary; a describing comment still is', async () => {
    const src =
      'module Destinations\n  class Logstash\n' +
      '    def format(msg)\n      # logstash_event format is documented at\n      # https://logstash.jira.com/browse/LOGSTASH-675\n\n      data = msg.to_hash\n      data\n    end\n\n' +
      '    def convert(msg)\n      # Converts the message into a hash keyed by field name.\n\n      data = msg.to_hash\n      data\n    end\n  end\nend\n';
    const r = await run(src, 'Ruby', 'lib/puppet/util/log/destinations.rb', 'yard');
    expect(r.output).not.toMatch(/^\s*# Logstash_event/m);
    expect(r.output).toContain('# logstash_event format is documented at');
    expect(r.output).toMatch(/# Converts the message into a hash keyed by field name\.\n\s*def convert/);
    expect(r.output).toContain('# https://logstash.jira.com/browse/LOGSTASH-675\n\n      data');
  });

  it('JavaScript: "Algorithm described at <url>" is no summary', async () => {
    const src =
      'export function luhn(digits) {\n  // Algorithm described at https://en.wikipedia.org/wiki/Luhn_algorithm\n\n  let sum = 0;\n  for (const d of digits) sum += d;\n  return sum % 10 === 0;\n}\n';
    const r = await run(src, 'JavaScript', 'src/luhn.js', 'jsdoc');
    expect(r.output).not.toContain('/**');
  });
});

describe("set 29, cause 7: a callee's parameter text that restates the name", () => {
  it('Ruby: "@param resource [Puppet::Parser::Resource] the resource" is not borrowed; "the scope to look in" is', async () => {
    const src =
      'class Type\n' +
      '  # Sets the parameters of a resource.\n  #\n  # @param resource [Puppet::Parser::Resource] the resource\n  # @param scope [Puppet::Parser::Scope] the scope to set the variables in\n  # @return [void]\n  def set_resource_parameters(resource, scope)\n    scope[:name] = resource.name\n  end\n\n' +
      '  # Evaluates the code of this class.\n  def evaluate_code(resource, scope)\n    set_resource_parameters(resource, scope)\n    scope.compiler.add_class(resource.name)\n  end\nend\n';
    const r = await run(src, 'Ruby', 'lib/puppet/resource/type.rb', 'yard');
    const evaluate = r.output.slice(r.output.indexOf('# Evaluates the code'), r.output.indexOf('def evaluate_code'));
    expect(evaluate).not.toContain('@param resource');
    expect(evaluate).toContain('@param scope [Puppet::Parser::Scope] the scope to set the variables in');
  });
});

describe('set 29, cause 9: `throw Error(…)` without `new`', () => {
  it('JavaScript: `throw Error("…")` and `throw TypeError("…")` are throws; `throw err` and a factory call are not', async () => {
    const src =
      '/**\n * Derives a key from a password.\n *\n * @param {Buffer} key the password\n * @param {number} len the length of the key\n * @returns {Buffer} the derived key\n */\nexport function pbkdf2(key, len) {\n  if (len > 0xffffffff) throw Error("Requested key length too long");\n  if (typeof key !== "object") throw TypeError("key must be a Buffer");\n  return derive(key, len);\n}\n\n' +
      '/**\n * Checks a value.\n *\n * @param {number} v the value to check\n * @returns {number} the value\n */\nexport function check(v) {\n  const err = makeError(v);\n  if (v < 0) throw err;\n  if (v > 9) throw Errors.tooLarge(v);\n  return v;\n}\n';
    const r = await run(src, 'JavaScript', 'lib/crypto/pbkdf2.js', 'jsdoc');
    expect(r.output).toContain('@throws {Error} If `len > 0xffffffff`.');
    expect(r.output).toContain('@throws {TypeError} If `typeof key !== "object"`.');
    // the same entries as with `new`
    const withNew = await run(src.replace(/throw (\w*Error)\(/g, 'throw new $1('), 'JavaScript', 'lib/crypto/pbkdf2.js', 'jsdoc');
    expect(withNew.output.replace(/throw new /g, 'throw ')).toBe(r.output);
    const check = r.output.slice(r.output.indexOf('* Checks a value'), r.output.indexOf('export function check'));
    expect(check).not.toContain('@throws');
  });
});

describe("set 29, cause 8: a tsconfig's outDir is build output", () => {
  it('the compiled `src/esm/*.js` next to `ts_src` is left alone as generated; the source is documented', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docgen-outdir-'));
    const fn = (ext: string): string =>
      `/**\n * Inserts a leaf into the tree.\n *\n * @param depth the depth of the leaf\n */\nexport function insertLeaf(depth${ext === 'ts' ? ': number' : ''}) {\n  if (depth > 128) {\n    throw new Error('Max taptree depth exceeded.');\n  }\n  return depth;\n}\n`;
    fs.mkdirSync(path.join(dir, 'ts_src'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'src', 'esm'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'src', 'cjs'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'ts_src', 'tree.ts'), fn('ts'));
    fs.writeFileSync(path.join(dir, 'src', 'esm', 'tree.js'), fn('js'));
    fs.writeFileSync(path.join(dir, 'src', 'cjs', 'tree.cjs'), fn('js'));
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      '{\n  // compiled output\n  "compilerOptions": {\n    "outDir": "src/esm",\n    "rootDir": "./ts_src",\n  },\n  "include": ["ts_src/**/*.ts"]\n}\n',
    );
    fs.writeFileSync(
      path.join(dir, 'tsconfig.cjs.json'),
      '{ "extends": "./tsconfig.json", "compilerOptions": { "outDir": "./src/cjs/" } }\n',
    );
    execFileSync('git', ['init', '-q'], { cwd: dir });
    const r = await generateRepository(dir);
    expect(r.changes.map((c) => c.path)).toEqual(['ts_src/tree.ts']);
    expect(r.summary.leftAlone.map((l) => l.path).sort()).toEqual(['src/cjs/tree.cjs', 'src/esm/tree.js']);
  });
});
