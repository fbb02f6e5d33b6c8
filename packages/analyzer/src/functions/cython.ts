/**
 * Cython (`.pyx`, `.pxd`, `.pxi`) read through the Python grammar: the declarations tree-sitter's
 * Python grammar cannot read are rewritten, in place and at the same length, into Python it can
 * (docs/metrics/outdated.md, "What is left after round 14"):
 *  - `cpdef double area(…):` / `cdef inline int f(…) nogil:` → `def` and spaces before the name;
 *  - `cdef class X:` → `class` and spaces before the name;
 *  - the clauses after the parameter list (`nogil`, `noexcept`, `with gil`, `except -1`,
 *    `except? -1`, `except *`, `except +`) → spaces.
 * Typed parameters (`double r`, `np.ndarray[double, ndim=2] a`) stay: the Python module reads them
 * (functions/languages/python.ts, `cythonSignature`). Every line keeps its length, so offsets and
 * line numbers are the source's.
 */

const DECLARATION =
  /^([ \t]*)((?:cp?def)[ \t]+(?:(?:inline|public|api|readonly|static)[ \t]+)*(?:(?:unsigned|signed|long|short|const)[ \t]+)*(?:[\p{L}_][\p{L}\p{N}_.]*(?:\[[^\]\n]*\])?[ \t]*\**[ \t]*)?)([\p{L}_][\p{L}\p{N}_]*)([ \t]*\()/u;
const CLASS = /^([ \t]*)(cp?def[ \t]+)(class\b)/;
const CLAUSES = /\)((?:[ \t]+(?:nogil|noexcept|with[ \t]+gil|except[ \t]*[+*?]?[ \t]*[-\p{L}\p{N}_.]*))+)[ \t]*:[ \t]*(?:#.*)?$/u;

/** Cython source rewritten into Python the grammar reads, each line as long as before. */
export function cythonAsPython(source: string): string {
  if (!/\bcp?def\b/.test(source)) return source;
  const lines = source.split('\n');
  let header = false;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const cls = CLASS.exec(line);
    // `class` stays at the declaration's column (spaces before it would nest it), the spaces after.
    if (cls) line = cls[1]! + 'class' + ' '.repeat(cls[2]!.length) + line.slice(cls[1]!.length + cls[2]!.length + 5);
    const decl = cls ? null : DECLARATION.exec(line);
    // A `cdef` with a parameter list is a function (`cdef int i` declares a variable: left as is).
    if (decl) {
      const lead = decl[2]!;
      line = decl[1]! + 'def' + ' '.repeat(lead.length - 3) + line.slice(decl[1]!.length + lead.length);
      header = true;
    }
    if (header) {
      const clauses = CLAUSES.exec(line);
      if (clauses) {
        const from = clauses.index + 1;
        line = line.slice(0, from) + ' '.repeat(clauses[1]!.length) + line.slice(from + clauses[1]!.length);
      }
      if (/:[ \t]*(?:#.*)?$/.test(line)) header = false;
    }
    lines[i] = line;
  }
  return lines.join('\n');
}

/** A path Linguist reads as Cython. */
export const CYTHON_PATH = /\.(?:pyx|pxd|pxi)$/i;
