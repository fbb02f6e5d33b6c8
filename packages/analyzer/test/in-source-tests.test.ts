import { describe, expect, it } from 'vitest';
import { toEntry, summarizeFunctions } from '../src/engine/entries.ts';
import { compactFunctions, hydrateFunctions } from '../src/engine/function-content.ts';
import { extractFunctions } from '../src/functions/index.ts';

/** Test code written beside the code it tests is test code (docs/metrics.md §Test-function rule). */

const tests = async (src: string, language: string, rel: string): Promise<Record<string, boolean>> =>
  Object.fromEntries((await extractFunctions(src, language, rel)).map((f) => [f.name, f.isTest === true]));

describe('in-source test functions', () => {
  it('Rust: #[test] functions and everything inside #[cfg(test)] mod … in src/', async () => {
    const src = [
      '/// Adds.',
      'pub fn add(a: i32, b: i32) -> i32 { a + b }',
      '#[test]',
      'fn top_level() { assert_eq!(add(1, 1), 2); }',
      '#[cfg(test)]',
      'mod tests {',
      '    use super::*;',
      '    fn helper() -> i32 { 1 }',
      '    #[tokio::test]',
      '    async fn async_case() { helper(); }',
      '    mod nested { fn deep() {} }',
      '}',
      'mod real { pub fn kept() {} }',
      '',
    ].join('\n');
    expect(await tests(src, 'Rust', 'src/lib.rs')).toEqual({
      add: false,
      top_level: true,
      helper: true,
      async_case: true,
      deep: true,
      kept: false,
    });
  });
  it('Java: @Test-annotated methods outside test folders; others in the same class are not', async () => {
    const src =
      'class Checks {\n  @Test\n  void addsUp() {}\n  @org.junit.jupiter.api.ParameterizedTest\n  void many(int n) {}\n  @Override\n  public String toString() { return ""; }\n  @Testable void notATest() {}\n}\n';
    expect(await tests(src, 'Java', 'src/main/java/Checks.java')).toEqual({
      'Checks.addsUp': true,
      'Checks.many': true,
      'Checks.toString': false,
      'Checks.notATest': false,
    });
  });
  it('Kotlin: @Test-annotated functions', async () => {
    const src = 'class Checks {\n    @Test\n    fun addsUp() {}\n    fun plain() {}\n}\n';
    expect(await tests(src, 'Kotlin', 'src/main/kotlin/Checks.kt')).toEqual({ 'Checks.addsUp': true, 'Checks.plain': false });
  });
  it('are counted apart, leaving the documented share of the other functions', async () => {
    // a doc that says more than the name ("Adds." alone would be trivial, docs/metrics/functions.md)
    const src =
      '/// Gives back its input unchanged (the identity on i32).\npub fn add(a: i32) -> i32 { a }\nfn sub(a: i32) -> i32 { a }\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t1() {}\n    #[test]\n    fn t2() {}\n}\n';
    const entries = (await extractFunctions(src, 'Rust', 'src/lib.rs')).map((f) => toEntry(f, 'src/lib.rs', 'Rust', null));
    const figures = summarizeFunctions(entries);
    expect(figures).toMatchObject({ totalFunctions: 2, totalDocumented: 1, testFunctions: 2 });
  });
  it('keep the mark through the cache (stored without content, hydrated again)', async () => {
    const src = 'pub fn add(a: i32) -> i32 { a }\n#[test]\nfn t1() {}\n';
    const stored = JSON.parse(JSON.stringify(compactFunctions(src, await extractFunctions(src, 'Rust', 'src/lib.rs'))));
    expect(hydrateFunctions(src, stored).map((f) => [f.name, f.isTest === true])).toEqual([
      ['add', false],
      ['t1', true],
    ]);
  });
});
