import { describe, expect, it } from 'vitest';
import { gatedAndStable } from './gated-run.ts';

/** docs/metrics/docgen-quality.md, "Set 29" (held out, first run on set 28's fixes). */

const run = gatedAndStable;

describe('set 29: a Ruby exception built with several constructor arguments', () => {
  it("Ruby: `raise FormatError.new('Integer', f, 'dx')` gives no message; a sentence as first argument does", async () => {
    const src =
      'module Types\n  class StringConverter\n' +
      "    # Formats an integer.\n    # @param val [Integer] the value\n    # @return [String] the text\n    def string_int(val, f)\n      case f\n      when 'd'\n        val.to_s\n      else\n        raise FormatError.new('Integer', f, 'dx')\n      end\n    end\n\n" +
      '    # Calls the block.\n    # @param jumper [Object] the jump\n    # @return [Object] the result\n    def call_block(jumper)\n      raise ParseError.new("next() from context where this is illegal", jumper.file, jumper.line) if jumper.next?\n      jumper.value\n    end\n\n' +
      "    # Checks a name.\n    # @param name [String] the name\n    # @return [String] the name\n    def check(name)\n      raise ArgumentError.new('name must not be empty') if name.empty?\n      name\n    end\n  end\nend\n";
    const r = await run(src, 'Ruby', 'lib/types/string_converter.rb', 'yard');
    expect(r.output).not.toContain('@raise [FormatError] Integer.');
    expect(r.output).toContain('@raise [ArgumentError] name must not be empty.');
    // a first argument that reads as a message is one, whatever follows it
    expect(r.output).toContain('@raise [ParseError] next() from context where this is illegal.');
  });
});

describe("set 29: a message that is only the function's own name", () => {
  it('Ruby: an abstract `raise NoMethodError, "checker"` in `checker` is no `@raise`', async () => {
    const src =
      'module Validation\n  class Factory\n' +
      '    # Produces the severity producer.\n    #\n    # @return [SeverityProducer] a producer of severities\n    def severity_producer\n      SeverityProducer.new\n    end\n\n' +
      '    # Produces the checker to use.\n    #\n    # @abstract\n    # @api public\n    def checker(diagnostic_producer)\n      raise NoMethodError, "checker"\n    end\n  end\nend\n';
    const r = await run(src, 'Ruby', 'lib/pops/validation.rb', 'yard');
    expect(r.output).not.toContain('@raise');
  });
});

describe('set 29: a method defined inside a block of the method', () => {
  it("Ruby: `def call` inside `klass.class_eval do … end` is not the outer method's code", async () => {
    const src =
      'module Functions\n' +
      "  # Creates a function class.\n  #\n  # @param name [String] the function's name\n  # @return [Class] the new class\n  def self.create_function(name)\n    klass = Class.new(Function)\n    klass.class_eval do\n      def call(scope, *args)\n        raise ArgumentError, 'next() from context where this is illegal' if scope.nil?\n        args\n      end\n    end\n    klass\n  end\n\n" +
      "  # Checks a name.\n  #\n  # @param name [String] the name\n  # @return [String] the name\n  def self.check? name\n    raise ArgumentError, 'name must not be empty' if name.empty?\n    name\n  end\nend\n";
    const r = await run(src, 'Ruby', 'lib/puppet/functions.rb', 'yard');
    const create = r.output.slice(r.output.indexOf('# Creates a function'), r.output.indexOf('def self.create_function'));
    expect(create).not.toContain('@raise');
    expect(r.output).toContain('@raise [ArgumentError] name must not be empty.');
  });
});

describe("set 29: a callee's Returns text that introduces a list", () => {
  it('Python: "…always contains the keys/columns:" is not borrowed without its list', async () => {
    const src =
      'def singlediode(photocurrent, saturation_current):\n    """Solve the single diode equation.\n\n    Parameters\n    ----------\n    photocurrent : numeric\n        Light-generated current.\n    saturation_current : numeric\n        Diode saturation current.\n\n    Returns\n    -------\n    dict or pandas.DataFrame\n        The returned dict-like object always contains the keys/columns:\n\n        * i_sc - short circuit current in amperes.\n    """\n    return {"i_sc": photocurrent - saturation_current}\n\n\n' +
      'class PVSystem:\n    def singlediode(self, photocurrent, saturation_current):\n        """Wrapper around the :py:func:`singlediode` function.\n\n        See :py:func:`singlediode` for details\n        """\n        return singlediode(photocurrent, saturation_current)\n';
    const r = await run(src, 'Python', 'pvlib/pvsystem.py', 'numpy');
    expect(r.output.split('keys/columns:').length - 1).toBe(1);
    // the parameters' texts still come from the function it wraps
    expect(r.output.split('Light-generated current.').length - 1).toBe(2);
  });
});

describe('set 29: a default value that ends in a stop', () => {
  it('Python: `pressure=101325.` gives "Defaults to 101325.", not "101325.."', async () => {
    const src =
      'def airmass(pressure=101325.):\n    """Computes the air mass.\n\n    Parameters\n    ----------\n    pressure : numeric\n        Atmospheric pressure. [Pa]\n\n    Returns\n    -------\n    numeric\n        The air mass.\n    """\n    return pressure / 101325.\n\n\n' +
      'def _airmass_high(pressure=101325.):\n    """Air mass at high angles."""\n    return airmass(pressure)\n';
    const r = await run(src, 'Python', 'pvlib/atmosphere.py', 'numpy');
    expect(r.output).toContain('Defaults to 101325.');
    expect(r.output).not.toContain('101325..');
  });
});
