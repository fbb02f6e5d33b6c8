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

describe('set 28 causes: property setters', () => {
  it('JavaScript: a setter documented as a property gets no `@param` from the callee it hands the value to', async () => {
    const src =
      'class ParticleSystemComponent {\n    /**\n     * Sets a property that requires a rebuild.\n     *\n     * @param {string} name - The name of the property to set.\n     * @param {*} arg - The new value of the property.\n     * @private\n     */\n    _setComplexProperty(name, arg) {\n        this[`_${name}`] = arg;\n    }\n\n' +
      "    /**\n     * Sets the minimal initial Euler angle of a particle.\n     *\n     * @type {number}\n     */\n    set startAngle(arg) {\n        this._setComplexProperty('startAngle', arg);\n    }\n\n" +
      "    /**\n     * Sets the layer.\n     *\n     * @type {Layer}\n     */\n    set layer(value) {\n        if (!value) {\n            throw new TypeError('layer must be a Layer.');\n        }\n        this._layer = value;\n    }\n}\n";
    const r = await run(src, 'JavaScript', 'src/framework/components/particle-system/component.js', 'jsdoc');
    expect(r.output).not.toContain('     * @param arg - The new value of the property.');
    // what a setter throws is still its own
    expect(r.output).toContain('@throws {TypeError} If `!value`.');
  });

  it("Python: a property setter gets no docstring: Python shows the getter's", async () => {
    const src =
      'class Dataset:\n    def resize(self, size):\n        """Resize the dataset to the given shape."""\n        self._size = size\n\n    @property\n    def shape(self):\n        """Numpy-style shape tuple giving dataset dimensions"""\n        return self._size\n\n    @shape.setter\n    def shape(self, shape):\n        # pylint: disable=missing-docstring\n        self.resize(shape)\n';
    const r = await run(src, 'Python', 'h5py/_hl/dataset.py', 'google');
    expect(r.output).not.toContain('Same as `resize()`');
  });
});

describe('set 28 causes: leading comments that are no summary', () => {
  it('TypeScript: a title-case label over the body is no summary', async () => {
    const src =
      'export class Query {\n  matches(entity: Entity): boolean {\n    // Components & Tags\n\n    // check the exclusions first\n    for (const c of this.not) {\n      if (entity.has(c)) {\n        return false;\n      }\n    }\n    return true;\n  }\n}\n';
    const r = await run(src, 'TypeScript', 'src/engine/query.ts', 'tsdoc');
    expect(r.output).not.toContain('Components & Tags.');
  });

  it('Ruby: comment lines none of which ends a sentence are notes, not one sentence', async () => {
    const src =
      'module Datadog\n  class Integration\n    # The integration\'s name.\n    # @return [Symbol] the name it is registered as\n    def self.integration_name\n      :elasticsearch\n    end\n\n    def self.version\n      # elastic-transport gem for version >= 8.0.0\n      # elasticsearch-transport gem for version < 8.0.0\n\n      Gem.loaded_specs["elastic-transport"]&.version ||\n        Gem.loaded_specs["elasticsearch-transport"]&.version\n    end\n  end\nend\n';
    const r = await run(src, 'Ruby', 'lib/datadog/tracing/contrib/elasticsearch/integration.rb', 'yard');
    expect(r.output).not.toContain('gem for version >= 8.0.0 elasticsearch-transport');
  });
});

describe('set 28 causes: Ruby raises', () => {
  it('a message with a code span is kept; a guard on an instance variable alone is no entry', async () => {
    const src =
      "module Pod\n  class DSL\n    # Runs before integration.\n    #\n    # @return [void]\n    #\n    def pre_integrate(&block)\n      raise Informative, 'Specifying multiple `pre_integrate` hooks is unsupported.' if @pre_integrate_callback\n      @pre_integrate_callback = block\n    end\n\n" +
      '    # Runs after install.\n    #\n    # @return [void]\n    #\n    def post_install(&block)\n      raise Informative, "Specifying multiple hooks for #{name} is unsupported." if @post_install_callback\n      @post_install_callback = block\n    end\n  end\nend\n';
    const r = await run(src, 'Ruby', 'lib/cocoapods-core/podfile/dsl.rb', 'yard');
    expect(r.output).toContain('# @raise [Informative] Specifying multiple `pre_integrate` hooks is unsupported.');
    expect(r.output).not.toContain('If @post_install_callback');
  });

  it('a raise the comment above calls an internal check is no @raise', async () => {
    const src =
      "module Karafka\n  class Coordinator\n    # Decrements the count of running jobs.\n    #\n    # @param job_type [Symbol] the type of the job\n    def decrement(job_type)\n      synchronize do\n        @running_jobs[job_type] -= 1\n        return @running_jobs[job_type] unless @running_jobs[job_type].negative?\n\n        # This should never happen. If it does, something is heavily out of sync.\n        raise Errors::InvalidCoordinatorStateError, 'Was zero before decrementation'\n      end\n    end\n\n" +
      "    # Installs the hook.\n    #\n    # @param probe [Probe] the probe\n    def hook_line(probe)\n      # Internal sanity check - untargeted trace points are slow.\n      if !probe.iseq\n        raise Errors::InternalError, 'Trying to use an untargeted trace point'\n      end\n      raise ArgumentError, 'probe must be enabled' unless probe.enabled?\n    end\n  end\nend\n";
    const r = await run(src, 'Ruby', 'lib/karafka/processing/coordinator.rb', 'yard');
    expect(r.output).not.toContain('Was zero before decrementation.');
    expect(r.output).not.toContain('untargeted trace point.');
    expect(r.output).toContain('@raise [ArgumentError] probe must be enabled.');
  });

  it('"Same as Telemetry::Component.build()" is not grounded on another Component\'s doc', async () => {
    const src =
      'module Datadog\n  module Remote\n    class Component\n      # Builds the remote component from the settings.\n      # @param settings [Settings] the settings\n      def self.build(settings)\n        new(settings)\n      end\n    end\n  end\n\n  module Telemetry\n    class Component\n      def self.build(settings)\n        new(settings)\n      end\n    end\n  end\n\n' +
      '  class Components\n    def build_telemetry(settings)\n      Telemetry::Component.build(settings)\n    end\n\n    def build_remote(settings)\n      Remote::Component.build(settings)\n    end\n  end\nend\n';
    const r = await run(src, 'Ruby', 'lib/datadog/core/configuration/components.rb', 'yard');
    expect(r.output).not.toContain('Same as Telemetry::Component.build()');
    expect(r.output).toContain('Same as Remote::Component.build()');
  });
});
