import { describe, expect, it } from 'vitest';
import { gatedAndStable } from './gated-run.ts';

/** docs/metrics/docgen-quality.md, "Set 27" (causes left after its fixes) and "Set 28". */

const run = gatedAndStable;

describe('set 27 causes left: a callee reached only under a test of the value', () => {
  const sync =
    '  # Resolves a lazy value.\n  # @param value [Object] an instance of a class registered with {.lazy_resolve}\n  # @return [Object] a ready object\n  def sync_lazy(value)\n    value.sync\n  end\n\n';
  it("Ruby: `if lazy?(value)` narrows the value: the callee's parameter text is not taken", async () => {
    const src =
      'module Schema\n' +
      sync +
      '  # Calls the block at the right time.\n  # @api private\n  def after_lazy(value, &block)\n    if lazy?(value)\n      Lazy.new do\n        result = sync_lazy(value)\n        after_lazy(result, &block)\n      end\n    else\n      yield(value) if block_given?\n    end\n  end\n\n' +
      '  # Resolves it now.\n  # @api private\n  def resolve_now(value)\n    sync_lazy(value)\n  end\n\n' +
      '  # Resolves it when given.\n  # @api private\n  def resolve_given(value)\n    if value\n      sync_lazy(value)\n    end\n  end\nend\n';
    const r = await run(src, 'Ruby', 'lib/graphql/schema.rb', 'yard');
    const after = r.output.slice(r.output.indexOf('# Calls the block'), r.output.indexOf('def after_lazy'));
    expect(after).not.toContain('@param value');
    // passed unconditionally, or under a test of presence only, the text holds
    const now = r.output.slice(r.output.indexOf('# Resolves it now'), r.output.indexOf('def resolve_now'));
    expect(now).toContain('@param value [Object] an instance of a class registered with {.lazy_resolve}');
    const given = r.output.slice(r.output.indexOf('# Resolves it when given'), r.output.indexOf('def resolve_given'));
    expect(given).toContain('@param value [Object] an instance');
  });

  it('JavaScript: a call inside `if (typeof input === "string")` (or its else) takes no parameter text', async () => {
    const src =
      '/**\n * Parses a source.\n *\n * @param {string} input - the CSS source text\n */\nfunction parse(input) {\n  return input.split(";");\n}\n\n' +
      '/**\n * Loads a sheet.\n *\n * @param {boolean} strict - fail on errors\n */\nfunction load(input, strict) {\n  if (typeof input === "string") {\n    return parse(input);\n  } else {\n    return parse(input);\n  }\n}\n\n' +
      '/**\n * Reads a sheet.\n *\n * @param {boolean} strict - fail on errors\n */\nfunction read(input, strict) {\n  if (strict) {\n    return parse(input);\n  }\n  return null;\n}\n';
    const r = await run(src, 'JavaScript', 'lib/sheet.js', 'jsdoc');
    const load = r.output.slice(r.output.indexOf(' * Loads'), r.output.indexOf('function load'));
    expect(load).not.toContain('@param input');
    // a condition on another parameter does not narrow this one
    const read = r.output.slice(r.output.indexOf(' * Reads'), r.output.indexOf('function read'));
    expect(read).toContain('the CSS source text');
  });
});

describe("set 27 causes left: a throw the maintainers' doc documents without a type", () => {
  it('TypeScript: `@throws When the buffer is not full.` gets no second, typed entry', async () => {
    const src =
      'export class CircularList<T> {\n  private _array: T[] = [];\n  private _length = 0;\n\n' +
      "  /**\n   * Advances the start and returns the recycled item.\n   * @throws When the buffer is not full.\n   */\n  public recycle(): T {\n    if (this._length !== this._array.length) {\n      throw new Error('Can only recycle when the buffer is full');\n    }\n    return this._array[0]!;\n  }\n\n" +
      "  /**\n   * Trims the start.\n   * @param count how many items\n   */\n  public trimStart(count: number): void {\n    if (count > this._length) {\n      throw new Error('Cannot trim more than the length');\n    }\n    this._length -= count;\n  }\n}\n";
    const r = await run(src, 'TypeScript', 'src/common/CircularList.ts', 'tsdoc');
    expect(r.output).not.toContain('@throws {@link Error} Can only recycle');
    // a doc with no throws entry still gets one
    expect(r.output).toContain('@throws {@link Error} Cannot trim more than the length.');
  });
});

describe("set 27 causes left: a Raises section after the maintainers' closing paragraph", () => {
  it('Python: `Raises:` goes after the paragraph that follows `Args:`, not between them', async () => {
    const src =
      'class Commands:\n    def client_pause(self, timeout: int, all: bool = True):\n        """\n        Suspend all the Redis clients for the specified amount of time.\n\n\n        Args:\n            timeout: milliseconds to pause clients\n            all: If true (default) all client commands are blocked.\n\n        For the WRITE mode, some commands have special behavior.\n        """\n        if not isinstance(timeout, int):\n            raise DataError("CLIENT PAUSE timeout must be an integer")\n        return self.execute_command("CLIENT PAUSE", str(timeout))\n';
    const r = await run(src, 'Python', 'redis/commands/core.py', 'google');
    expect(r.output).toContain(
      '            all: If true (default) all client commands are blocked.\n\n        For the WRITE mode, some commands have special behavior.\n\n        Raises:\n            DataError: CLIENT PAUSE timeout must be an integer.\n        """',
    );
  });
});

describe('set 27 causes left: joined messages and guards behind a logging call', () => {
  it('Python: plain messages ending in "!" are joined without "!,"', async () => {
    const src =
      'def configure(mode):\n    """Configures the notifications.\n\n    Args:\n        mode: the mode\n    """\n    if helper(mode):\n        raise RedisError("A parser must be provided!")\n    if other(mode):\n        raise RedisError("Maintenance notifications are not supported!")\n    return mode\n';
    const r = await run(src, 'Python', 'redis/connection.py', 'google');
    expect(r.output).toContain('RedisError: A parser must be provided, or maintenance notifications are not supported!');
  });

  it('JavaScript: a `console.error(…)` before the throw keeps the guard that names the parameters', async () => {
    const src =
      "/**\n * Adds a new point.\n *\n * @param x The x-coordinate\n * @param y The y-coordinate\n */\nContext2D.prototype.lineTo = function(x, y) {\n  if (isNaN(x) || isNaN(y)) {\n    console.error('jsPDF.context2d.lineTo: Invalid arguments', arguments);\n    throw new Error('Invalid arguments passed to jsPDF.context2d.lineTo');\n  }\n  this.path.push({ x: x, y: y });\n};\n\n" +
      "/**\n * Scales.\n *\n * @param s The factor\n */\nContext2D.prototype.scale = function(s) {\n  if (isNaN(s)) console.error('bad');\n  throw new Error('Invalid arguments passed to jsPDF.context2d.scale');\n};\n";
    const r = await run(src, 'JavaScript', 'src/modules/context2d.js', 'jsdoc');
    expect(r.output).toContain('@throws {Error} If `isNaN(x) || isNaN(y)`.');
    // an unbraced `if` governs the logging call only: the throw is unconditional
    expect(r.output).not.toContain('If `isNaN(s)`');
  });
});
