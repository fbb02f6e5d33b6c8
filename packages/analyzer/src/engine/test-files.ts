/**
 * docs/design.md §5 test-file rule: a path segment `test`, `tests` or `__tests__`, or a file name like
 * `test_*.py`, `*_test.py`, `*_test.go`, `*.test.*`, `*.spec.*`, `*Test.java`, `*Tests.java`,
 * `conftest.py`; also `*_test.js`/`*_test.ts` (and `.mjs`, `.cjs`, `.jsx`, `.tsx`), the Closure
 * and Deno convention (round 21's left list, docs/decisions.md).
 */
const TEST_DIRS = new Set(['test', 'tests', '__tests__']);
const TEST_NAME = [
  /^test_.*\.py$/,
  /_test\.py$/,
  /_test\.go$/,
  /_test\.(?:[cm]?[jt]s|[jt]sx)$/,
  /\.test\.[^.]/,
  /\.spec\.[^.]/,
  /Tests?\.java$/,
  /^conftest\.py$/,
];

export function isTestFile(relPath: string): boolean {
  const segments = relPath.split('/');
  const name = segments.pop() ?? '';
  if (segments.some((segment) => TEST_DIRS.has(segment))) return true;
  return TEST_NAME.some((pattern) => pattern.test(name));
}

/** docs/design.md §5: functions under a `doc`/`docs` directory are left out of every function figure. */
export function isUnderDocsDirectory(relPath: string): boolean {
  const segments = relPath.split('/');
  segments.pop();
  return segments.some((segment) => /^docs?$/i.test(segment));
}
