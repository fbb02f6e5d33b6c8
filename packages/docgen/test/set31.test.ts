import { describe, expect, it } from 'vitest';
import { gatedAndStable } from './gated-run.ts';

/** docs/metrics/docgen-quality.md, "Set 31" (held out) and "Set 31 causes fixed (tuning)". */

const run = gatedAndStable;

describe('set 31: a plain comment line between a doc and its item', () => {
  it('Rust: `// TODO` between the `///` doc and `#[inline] fn` leaves the documented function alone', async () => {
    const src =
      'impl<T> UnitComplex<T> {\n    /// Builds the unit complex number from an angle.\n    ///\n    /// # Example\n    /// ```\n    /// let rot = UnitComplex::from_angle(1.0);\n    /// ```\n    // TODO: deprecate this.\n    #[inline]\n    pub fn from_angle(angle: T) -> Self {\n        Self::new(angle)\n    }\n\n' +
      '    /// Builds the unit complex number.\n    ///\n    /// # Arguments\n    ///\n    /// * `angle` - the angle\n    #[inline]\n    pub fn new(angle: T) -> Self {\n        Self { angle }\n    }\n\n' +
      '    #[inline]\n    pub fn from_angle2(angle: T) -> Self {\n        Self::new(angle)\n    }\n}\n';
    const r = await run(src, 'Rust', 'src/unit_complex.rs', 'rustdoc');
    expect(r.output.split('Same as `new()`').length - 1).toBe(1);
    expect(r.output).toContain('    /// ```\n    // TODO: deprecate this.\n    #[inline]\n    pub fn from_angle(');
  });

  it('JavaScript: a `/** */` doc, then a plain `//` line, then the function: no second doc', async () => {
    const src =
      'export function get(name) {\n  return data[name];\n}\n\n' +
      '/**\n * The months.\n */\n// keep in sync with data.js\nexport function months() {\n  if (!data) {\n    throw new Error("no data");\n  }\n  return get("months");\n}\n';
    const r = await run(src, 'JavaScript', 'src/chance.js', 'jsdoc');
    expect(r.output.split('/**').length - 1).toBe(1);
  });
});

describe('set 31: a new tag and the closing paragraph after the last tag', () => {
  it('JavaScript: `@throws` goes after "There can be more parameters …", not between it and `@returns`', async () => {
    const src =
      '/**\n *  Gives an array of items where none repeat.\n *\n *  @param {Function} fn the function that generates something random\n *  @param {Number} num number of terms to generate\n *  @returns {Array} an array of length `num`\n *\n *  There can be more parameters after these.\n */\n' +
      'export function unique(fn, num) {\n  if (num > 1000) {\n    throw new RangeError("Chance: num is likely too large for sample set");\n  }\n  return [fn(num)];\n}\n';
    const r = await run(src, 'JavaScript', 'src/chance.js', 'jsdoc');
    expect(r.output).toMatch(/There can be more parameters after these\.\n(\s\*\n)?\s\* @throws \{RangeError\}/);
  });
});
