import { describe, expect, it } from 'vitest';
import { gatedAndStable } from './gated-run.ts';

/** docs/metrics/docgen-quality.md, "Set 27": the general causes found in its first run. */

const run = gatedAndStable;

describe('set 27 causes: "Same as callee()" only for a callee whose doc says something', () => {
  it('PHP: a callee documented by type tags alone is no reference; one with a sentence is', async () => {
    const src =
      '<?php\n\nclass Style\n{\n    /**\n     * @param string $val\n     * @return float|string|null\n     */\n    protected function compute_margin(string $val)\n    {\n        return $val === "auto" ? $val : (float) $val;\n    }\n\n' +
      '    protected function _compute_margin_top(string $val)\n    {\n        return $this->compute_margin($val);\n    }\n\n' +
      '    /**\n     * Resolves a padding value to a length.\n     *\n     * @param string $val\n     * @return float|null\n     */\n    protected function compute_padding(string $val)\n    {\n        return (float) $val;\n    }\n\n' +
      '    protected function _compute_padding_top(string $val)\n    {\n        return $this->compute_padding($val);\n    }\n}\n';
    const r = await run(src, 'PHP', 'src/Css/Style.php', 'phpdoc');
    expect(r.output).not.toContain('Same as compute_margin()');
    expect(r.output).toContain('/** Same as compute_padding(). */');
  });

  it('TypeScript: a callee whose doc is `@internal` alone is no reference', async () => {
    const src =
      '/** @internal */\nexport function normalizePartitionBound(value: string): string {\n  return value.trim().toLowerCase();\n}\n\n' +
      'const createPartitionBound = (value: string): string => normalizePartitionBound(value);\n\nexport { createPartitionBound };\n';
    const r = await run(src, 'TypeScript', 'src/schema/partitioning.ts', 'tsdoc');
    expect(r.output).not.toContain('Same as `normalizePartitionBound()`');
  });
});

describe('set 27 causes: a message that names the function itself', () => {
  it('JavaScript: "Invalid arguments passed to <the function>" gives way to a guard on the parameters', async () => {
    const src =
      "/**\n * Adds a new point.\n *\n * @param x The x-coordinate\n * @param y The y-coordinate\n */\nContext2D.prototype.lineTo = function(x, y) {\n  if (isNaN(x) || isNaN(y)) {\n    throw new Error('Invalid arguments passed to jsPDF.context2d.lineTo');\n  }\n  this.path.push({ x: x, y: y });\n};\n\n" +
      "/**\n * Measures a text.\n *\n * @param text The text\n */\nContext2D.prototype.measureText = function(text) {\n  if (this.closed) {\n    throw new Error('Text cannot be measured on a closed context');\n  }\n  return text.length;\n};\n";
    const r = await run(src, 'JavaScript', 'src/modules/context2d.js', 'jsdoc');
    expect(r.output).not.toContain('@throws {Error} Invalid arguments');
    expect(r.output).toContain('@throws {Error} If `isNaN(x) || isNaN(y)`.');
    // a message that does not name the function stays
    expect(r.output).toContain('@throws {Error} Text cannot be measured on a closed context.');
  });

  it("Ruby: a message that is the method's own qualified name is no message", async () => {
    const src =
      "class Capybara::Driver::Base\n  ##\n  #\n  # Execute the block, and then dismiss the modal opened.\n  # @param type [:alert, :confirm, :prompt]\n  #\n  def dismiss_modal(type, **options, &blk)\n    raise Capybara::NotSupportedByDriverError, 'Capybara::Driver::Base#dismiss_modal'\n  end\n\n  # Sets whether to validate.\n  # @param value [Boolean] whether to validate\n  def validate=(value)\n    raise ArgumentError, \"Can't reassign Query#validate= after validation has run\" if @validated\n\n    @validate = value\n  end\nend\n";
    const r = await run(src, 'Ruby', 'lib/capybara/driver/base.rb', 'yard');
    expect(r.output).not.toContain('@raise [Capybara::NotSupportedByDriverError] Capybara');
    // one that says more than where it was thrown keeps it
    expect(r.output).toContain("@raise [ArgumentError] Can't reassign Query#validate= after validation has run.");
  });
});

describe('set 27 causes: a raise the method rescues itself', () => {
  it('Ruby: a raise inside `begin` rescued by the same class leaves the method as something else', async () => {
    const src =
      "class Session\n  ##\n  #\n  # Raise errors encountered in the server.\n  #\n  def raise_server_error!\n    return unless @server&.error\n\n    begin\n      if config.raise_server_errors\n        raise CapybaraError, 'Your application server raised an error'\n      end\n    rescue CapybaraError => capy_error\n      raise @server.error, cause: capy_error\n    ensure\n      @server.reset_error!\n    end\n  end\n\n" +
      "  ##\n  #\n  # Selects an option.\n  #\n  # @param value [String] the option's text\n  #\n  def select(value = nil, from: nil)\n    raise ArgumentError, 'The :from option does not take an element' if from.is_a? Element\n\n    begin\n      find(:select, from).find(:option, value).select_option\n    rescue Capybara::ElementNotFound\n      nil\n    end\n  end\nend\n";
    const r = await run(src, 'Ruby', 'lib/capybara/session.rb', 'yard');
    expect(r.output).not.toContain('@raise [CapybaraError]');
    // a raise outside the rescued block stays
    expect(r.output).toContain('@raise [ArgumentError] The :from option does not take an element.');
  });
});
