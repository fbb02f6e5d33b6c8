import type { Node } from 'web-tree-sitter';

/**
 * Test code written beside the code it tests (docs/metrics.md §Test-function rule): Rust's
 * `#[test]` functions and everything inside a `#[cfg(test)]` module, Java and Kotlin methods
 * annotated as tests (JUnit 4/5, TestNG `@Test`, JUnit 5's `@ParameterizedTest`,
 * `@RepeatedTest`, `@TestFactory`, `@TestTemplate`). Test files are found by path
 * (engine/test-files.ts); these are the test functions of files that are not.
 */

/** `#[test]`, `#[tokio::test]`, `#[async_std::test]`, `#[rstest]`, `#[test_case(…)]`, `#[cfg(test)]`. */
const RUST_TEST_ATTRIBUTE = /#\[\s*(?:(?:[\w]+::)*test\b|rstest\b|test_case\b|cfg\s*\((?![^\]]*\bnot\s*\(\s*test\b)[^\]]*\btest\b)/;
const RUST_CFG_TEST = /#\[\s*cfg\s*\((?![^\]]*\bnot\s*\(\s*test\b)[^\]]*\btest\b/;
const JVM_TEST_ANNOTATION = /@(?:[\w.]+\.)?(?:Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate)(?![\w$])/;

/** True when the function is test code by the rules above; `content` starts with its attributes/annotations. */
export function isInSourceTest(language: string, node: Node, content: string): boolean {
  if (language === 'Rust') {
    const fn = content.search(/\bfn\b/);
    if (fn > 0 && RUST_TEST_ATTRIBUTE.test(content.slice(0, fn))) return true;
    for (let up = node.parent; up; up = up.parent) {
      if (up.type !== 'mod_item') continue;
      for (
        let prev = up.previousNamedSibling;
        prev && (prev.type === 'attribute_item' || prev.type.includes('comment'));
        prev = prev.previousNamedSibling
      ) {
        if (prev.type === 'attribute_item' && RUST_CFG_TEST.test(prev.text)) return true;
      }
    }
    return false;
  }
  if (language === 'Java' || language === 'Kotlin') {
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i);
      if (child?.type === 'modifiers') return JVM_TEST_ANNOTATION.test(child.text);
    }
  }
  return false;
}
