import { describe, expect, it } from 'vitest';
import { fixtureRepos, read, writeRun } from './support/fixture-repo.ts';

/** docs/metrics/docgen-quality.md, "Set 43" (held out, Rust) and its causes fixed (tuning). */

const repo = fixtureRepos('s43');

const bits =
  'pub struct Bits {\n    len: usize,\n}\n\nimpl Bits {\n    /// Produces a range of bit positions.\n    ///\n    /// # Parameters\n    ///\n    /// - `count`: The number of bits that the produced range includes.\n    /// - `step`: How far apart two positions of the range lie.\n    pub fn range(&self, count: usize, step: usize) -> std::ops::Range<usize> {\n        0..count * step\n    }\n\n    /// Copies bits into another buffer.\n    pub fn copy_to(&self, dest: &mut Vec<bool>, count: usize, step: usize) {\n        for i in self.range(count, step) {\n            dest.push(i < self.len);\n        }\n    }\n\n    /// Gives the positions to visit.\n    pub fn positions(&self, count: usize, step: usize) -> std::ops::Range<usize> {\n        self.range(count, step)\n    }\n}\n';

const scoring =
  'pub struct Scoring {\n    pub gap: i32,\n}\n\npub struct Poa;\n\nimpl Poa {\n    /// Builds the graph of a reference.\n    ///\n    /// # Arguments\n    ///\n    /// * `scoring` - the score struct\n    /// * `reference` - the sequence the graph is built from\n    pub fn from_string(scoring: Scoring, reference: &[u8]) -> Self {\n        let _ = (scoring, reference);\n        Poa\n    }\n}\n\npub struct Aligner {\n    poa: Poa,\n}\n\nimpl Aligner {\n    /// Creates an aligner for a reference.\n    pub fn new(scoring: Scoring, reference: &[u8]) -> Self {\n        Aligner { poa: Poa::from_string(scoring, reference) }\n    }\n}\n';

describe("set 43: a borrowed parameter text about the callee's product", () => {
  it('Rust: `count` of `range` ("the produced range") is not given to a function that does not return the range', async () => {
    const root = repo({ 'Cargo.toml': '[package]\nname = "b"\nversion = "0.1.0"\n', 'src/lib.rs': bits });
    await writeRun(root);
    const out = read(root, 'src/lib.rs');
    // `copy_to` produces no range: the text would speak of something its reader never sees
    // the other parameter's text names no product and is still borrowed
    expect(out).toContain('    /// - `step`: How far apart two positions of the range lie.\n    pub fn copy_to(');
    expect(out).not.toContain(
      'produced range includes.\n    /// - `step`: How far apart two positions of the range lie.\n    pub fn copy_to(',
    );
  });
});

describe('set 43: a borrowed text that only names the parameter and a kind of type', () => {
  it('Rust: "the score struct" is not borrowed for `scoring: Scoring`', async () => {
    const root = repo({ 'Cargo.toml': '[package]\nname = "p"\nversion = "0.1.0"\n', 'src/lib.rs': scoring });
    await writeRun(root);
    const out = read(root, 'src/lib.rs');
    expect(out).not.toContain(
      '`scoring` - the score struct\n    /// * `reference` - the sequence the graph is built from\n    pub fn new(',
    );
    expect(out.match(/the score struct/g)?.length).toBe(1);
  });
});
