/**
 * Cython (`.pyx`, `.pxd`, `.pxi`) read through the Python grammar: the declarations tree-sitter's
 * Python grammar cannot read are rewritten, in place and at the same length, into Python it can
 * (docs/metrics/outdated.md, "What is left after round 14"):
 *  - `cpdef double area(…):` / `cdef inline int f(…) nogil:` → `def` and spaces before the name;
 *  - `cdef class X:` → `class` and spaces before the name;
 *  - the clauses after the parameter list (`nogil`, `noexcept`, `with gil`, `except -1`,
 *    `except? -1`, `except *`, `except +`) → spaces.
 *  - every other `cdef`/`ctypedef` line (`cdef Py_ssize_t k, ix`, `cdef double x = 0.0`, `cdef:`,
 *    `cdef extern from "math.h":`) → a comment, with the lines of the block it opens; `cimport X`
 *    → a comment, `from X cimport Y` → `from X  import Y`; a cast `<double*>` → spaces; an
 *    address-of `&x` after `(`, `,` or `=` → a space. Left as they were, tree-sitter's error
 *    recovery ended the function at the first of them (photutils `batch_aperture_sums`: held-out
 *    round 17, docs/metrics/outdated.md).
 * Typed parameters (`double r`, `np.ndarray[double, ndim=2] a`) stay: the Python module reads them
 * (functions/languages/python.ts, `cythonSignature`). Every line keeps its length, so offsets and
 * line numbers are the source's.
 */

const DECLARATION =
  /^([ \t]*)((?:cp?def)[ \t]+(?:(?:inline|public|api|readonly|static)[ \t]+)*(?:(?:unsigned|signed|long|short|const)[ \t]+)*(?:[\p{L}_][\p{L}\p{N}_.]*(?:\[[^\]\n]*\])?[ \t]*\**[ \t]*)?)([\p{L}_][\p{L}\p{N}_]*)([ \t]*\()/u;
const CLASS = /^([ \t]*)(cp?def[ \t]+)(class\b)/;
const CLAUSES = /\)((?:[ \t]+(?:nogil|noexcept|with[ \t]+gil|except[ \t]*[+*?]?[ \t]*[-\p{L}\p{N}_.]*))+)[ \t]*:[ \t]*(?:#.*)?$/u;

/** A `cdef`/`ctypedef` line that declares no function or class (a variable, a block, an extern). */
const DECLARATION_LINE = /^([ \t]*)c(?:p?def|typedef)\b/;
const CIMPORT = /^([ \t]*)cimport\b/;
const FROM_CIMPORT = /^([ \t]*from[ \t]+[\p{L}_][\p{L}\p{N}_.]*[ \t]+)cimport\b/u;
/** A cast (`<double*>`, `<Py_ssize_t>`, `<object>`) right before what it casts. */
const CAST = /(^|[=(,:[\s+\-*/%])<(?:const[ \t]+)?[\p{L}_][\p{L}\p{N}_.]*(?:[ \t]*\*)*[ \t]*\??>(?=[ \t]*[\p{L}_(\d&[])/gmu;
/** An address-of (`&buf[0]`) after `(`, `,` or `=`. */
const ADDRESS_OF = /([(,=][ \t]*)&(?=[\p{L}_])/gu;

/** `line` with its first non-blank character replaced by `#`. */
const commented = (line: string): string => line.replace(/^([ \t]*)\S/, '$1#');

/** Cython source rewritten into Python the grammar reads, each line as long as before. */
export function cythonAsPython(source: string): string {
  if (!/\bc(?:p?def|typedef|import)\b/.test(source) && !source.includes('<')) return source;
  const lines = source.split('\n');
  let header = false;
  // The indentation of a `cdef:`/`cdef extern …:` block being commented out, while inside it.
  let block = -1;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (block >= 0) {
      if (line.trim() === '' || line.search(/\S/) > block) {
        lines[i] = commented(line);
        continue;
      }
      block = -1;
    }
    const cls = CLASS.exec(line);
    // `class` stays at the declaration's column (spaces before it would nest it), the spaces after.
    if (cls) line = cls[1]! + 'class' + ' '.repeat(cls[2]!.length) + line.slice(cls[1]!.length + cls[2]!.length + 5);
    const decl = cls ? null : DECLARATION.exec(line);
    // A `cdef` with a parameter list is a function (`cdef int i` declares a variable: left as is).
    if (decl) {
      const lead = decl[2]!;
      line = decl[1]! + 'def' + ' '.repeat(lead.length - 3) + line.slice(decl[1]!.length + lead.length);
      header = true;
    } else if (!cls && !header && DECLARATION_LINE.test(line)) {
      // A declaration of no function: commented out, with the block it opens (`cdef:`).
      if (/:[ \t]*(?:#.*)?$/.test(line)) block = line.search(/\S/);
      lines[i] = commented(line);
      continue;
    } else if (!header && CIMPORT.test(line)) {
      lines[i] = commented(line);
      continue;
    }
    const from = FROM_CIMPORT.exec(line);
    if (from) line = from[1]! + ' import' + line.slice(from[0].length);
    if (line.includes('<')) line = line.replace(CAST, (whole: string, before: string) => before + ' '.repeat(whole.length - before.length));
    if (line.includes('&')) line = line.replace(ADDRESS_OF, '$1 ');
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
