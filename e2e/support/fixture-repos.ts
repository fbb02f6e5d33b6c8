/**
 * The repositories the e2e suite analyses, and the figures computed BY HAND from them.
 *
 * calc.py: 4 `def`s; `add` and `scale` have docstrings, `greet` and `classify` do not.
 * util.js: 1 function `double` with a JSDoc comment.
 *   → 5 functions, 3 documented = 60.0 %.
 * `scale` documents parameter `timeout`, which its signature lacks → 1 outdated of 3 documented = 33.3 %.
 * `classify` is public, undocumented and has cyclomatic complexity 11 (10 `if`s + 1) → high →
 *   urgent: 1 of 5 = 20.0 %.
 * Languages by bytes: calc.py 724 B Python, util.js 71 B JavaScript (README.md is prose, not
 *   counted): 724/795 = 91.07 % → "91.1%", 71/795 = 8.93 % → "8.9%".
 * README.md: 26 words (2 headings of 1 word, sentences of 13 and 11 words), 7 lines, reading
 *   time 26/200 min = 7.8 s.
 */
const CALC_PY = `"""Small calculator helpers."""


def add(a, b):
    """Return a \`sum\` of a and b."""
    return a + b


def scale(value, factor):
    """Scale a value.

    Args:
        value: the number to scale.
        timeout: seconds to wait.
    """
    return value * factor


def greet(name):
    return "Hello " + name


def classify(n):
    if n < 0:
        return "negative"
    if n == 0:
        return "zero"
    if n == 1:
        return "one"
    if n == 2:
        return "two"
    if n == 3:
        return "three"
    if n == 4:
        return "four"
    if n == 5:
        return "five"
    if n == 6:
        return "six"
    if n == 7:
        return "seven"
    if n == 8:
        return "eight"
    return "many"
`;

const UTIL_JS = `/** Doubles a number. */
export function double(x) {
  return x * 2;
}
`;

const README_MD = `# Calculator

This project adds and scales numbers. It is a small example for tests.

## Usage

Run the script with Python. Read the code to learn more.
`;

/** The manifest the README suggestion takes its install command from (TOML is data: no language share). */
const PYPROJECT_TOML = '[project]\nname = "calculator"\ndescription = "Adds and scales numbers."\n';

export const CALCULATOR_FILES = { 'calc.py': CALC_PY, 'util.js': UTIL_JS, 'README.md': README_MD, 'pyproject.toml': PYPROJECT_TOML };

/**
 * The calculator's second commit (2025-02-01): `add`'s body changes (a + b → sum((a, b))) after its docstring: `sum` is a
 * word the doc names as code, so a review suggestion, and it contradicts nothing the doc says, so not outdated.
 */
export const CALCULATOR_LATER = [
  { date: '2025-02-01T00:00:00Z', files: { 'calc.py': CALC_PY.replace('    return a + b\n', '    return sum((a, b))\n') } },
];

/** A repository large enough that its analysis is still running when the test stops it. */
export function bigRepoFiles(fileCount = 3000, functionsPerFile = 40): Record<string, string> {
  const files: Record<string, string> = { 'README.md': '# Big\n\nA generated repository for the stop test.\n' };
  for (let f = 0; f < fileCount; f++) {
    let src = '';
    for (let i = 0; i < functionsPerFile; i++) {
      src += `def f_${f}_${i}(a, b):\n    """Add a and b."""\n    if a > b:\n        return a - b\n    return a + b\n\n\n`;
    }
    files[`pkg${f % 30}/mod_${f}.py`] = src;
  }
  return files;
}
