import { describe, expect, it } from 'vitest';
import { skipReason } from '../src/safety.ts';
import { gatedAndStable } from './gated-run.ts';

/** docs/metrics/docgen-quality.md, "Set 32" (held out) and "Set 32 causes fixed (tuning)". */

describe('set 32: a function expression that returns a function of its own name', () => {
  it('JavaScript: the throw of the returned `function generateKeys(…)` is not the outer one’s', async () => {
    const src =
      '/** @private */\nns.basicKey.generateKeys = function(cn) {\n  return function generateKeys(curve, sec) {\n    if (curve === undefined) {\n      throw new Error("no such curve");\n    }\n    return { cn, curve, sec };\n  };\n};\n\n' +
      '/**\n * Makes a key.\n *\n * @param {number} size the size\n */\nns.makeKey = function(size) {\n  if (size < 0) {\n    throw new RangeError("negative size");\n  }\n  return size;\n};\n';
    const r = await gatedAndStable(src, 'JavaScript', 'core/ecc.js', 'jsdoc');
    expect(r.output).not.toContain('No such curve');
    // the outer function's own throw is still read
    expect(r.output).toContain('@throws {RangeError}');
  });
});

describe('set 32: a note the body opens with is no summary', () => {
  it('JavaScript: "quick implementation" and a link, above a local helper’s code', async () => {
    const src =
      'export function qr2(x) {\n  // quick implementation\n  // https://example.org/notes/qr.html\n\n  var n = x.length;\n  var r = zeros(n);\n  for (var j = 0; j < n; j++) {\n    r[j] = norm(x[j]);\n  }\n  return [x, r];\n}\n';
    const r = await gatedAndStable(src, 'JavaScript', 'src/linearalgebra.js', 'jsdoc');
    expect(r.output).toBe(src);
  });

  it('Ruby: "Unclear what … does. Doc at <link> states …" is a doubt about one value, not what the method does', async () => {
    const src =
      'class BodyProcessor\n  def template\n    # Unclear what "snipver" does. Doc at\n    # https://example.org/livereload states that the recommended\n    # setting is 1.\n\n    # Complicated script to load the reloader from the same origin.\n    @template ||= build(snipver: 1)\n  end\nend\n';
    const r = await gatedAndStable(src, 'Ruby', 'lib/servlet.rb', 'yard');
    expect(r.output).toBe(src);
  });
});

describe('set 32: YARD `@param (see #other)`', () => {
  it('Ruby: a doc that takes its parameter tags from another method gets no `@param` of its own', async () => {
    const src =
      'class Terminal\n  # Get one line.\n  # @param question [Question] the question asked\n  # @param highline [HighLine] the session\n  def get_line(question, highline)\n    read(question, highline)\n  end\n\n' +
      '  # Get one line using readline.\n  # @param (see #get_line)\n  def get_line_with_readline(question, highline)\n    raw = readline_read(question, highline)\n    raise EOFError, "The input stream is exhausted." if !raw && highline.track_eof?\n    raw || ""\n  end\n\n' +
      '  # Use readline to read one line.\n  # @param question [Question] question from where to get\n  #   autocomplete candidate strings\n  # @param highline [HighLine] the session\n  def readline_read(question, highline)\n    question.read(highline)\n  end\nend\n';
    const r = await gatedAndStable(src, 'Ruby', 'lib/highline/terminal.rb', 'yard');
    expect(r.output.split('@param question').length - 1).toBe(2);
    // what the method itself raises is still its own
    expect(r.output).toContain(
      '  # @param (see #get_line)\n  # @raise [EOFError] The input stream is exhausted.\n  def get_line_with_readline',
    );
  });
});

describe('set 32: a folder of test helpers', () => {
  it('`testUtils/`, `test-helpers/`, `test_support/` are left alone; `lib/utils/` is not', () => {
    expect(skipReason('testUtils/testUtils.js', 'module.exports = {};\n')).toMatch(/test/);
    expect(skipReason('packages/x/test-helpers/db.js', 'module.exports = {};\n')).toMatch(/test/);
    expect(skipReason('test_support/fake.rb', 'module Fake; end\n')).toMatch(/test/);
    expect(skipReason('lib/utils/strings.js', 'module.exports = {};\n')).toBeNull();
  });
});

describe('set 32 tuning: a list item separated by a Unicode minus', () => {
  it('Rust: the borrowed entry does not keep the callee’s "−" before its text', async () => {
    const src =
      'impl Svd {\n    /// Computes the decomposition.\n    ///\n    /// # Arguments\n    ///\n    /// * `compute_u` − set this to `true` to enable the computation of left-singular vectors.\n    pub fn try_new(compute_u: bool, eps: f64) -> Option<Self> {\n        Some(Self { compute_u, eps })\n    }\n\n' +
      '    /// Computes the decomposition with the default tolerance.\n    pub fn new(compute_u: bool) -> Self {\n        Self::try_new(compute_u, 1.0e-7).unwrap()\n    }\n}\n';
    const r = await gatedAndStable(src, 'Rust', 'src/linalg/svd.rs', 'rustdoc');
    expect(r.output).toContain('computation of left-singular vectors.\n    pub fn try_new');
    expect(r.output).toMatch(/\/\/\/ \* `compute_u`\s*(?:-|:)\s*set this to `true`/);
    expect(r.output).not.toMatch(/- −/);
  });
});
