// A Vite plugin that lets the web build drop the contracts' zod schemas it does not use
// (docs/performance.md, "First load"). `export const Email = z.string().trim()…` is a chain of
// method calls on what `z.string()` returns; the bundler cannot tell those calls are pure, so the
// schema, and with it all of zod (25 kB gzipped), stayed in any page that imported one regular
// expression from the same file (the sign-in form's EMAIL_PATTERN). The plugin wraps each such
// top-level initializer in an immediately called arrow function marked pure, which the bundler
// removes when nothing reads the constant. Schemas are declarations; building one has no effect.
import { parseAst } from 'rolldown/parseAst';

/** The identifier a chain of calls and member reads starts from (`z` for `z.string().min(1)`), or null. */
function chainRoot(node) {
  let n = node;
  for (;;) {
    if (n.type === 'CallExpression') n = n.callee;
    else if (n.type === 'MemberExpression' || n.type === 'StaticMemberExpression') n = n.object;
    else return n.type === 'Identifier' ? n.name : null;
  }
}

/**
 * `code` (JavaScript) with every top-level `const X = z…(…)` initializer, exported or not, wrapped
 * as `/* @__PURE__ *\/ (() => …)()`.
 */
export function markSchemasPure(code) {
  const program = parseAst(code);
  const spans = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const d of declaration.declarations) {
      if (d.init?.type === 'CallExpression' && chainRoot(d.init) === 'z') spans.push([d.init.start, d.init.end]);
    }
  }
  let out = code;
  for (const [start, end] of spans.reverse()) {
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
  }
  return out;
}

/** @param {{ include: RegExp }} options the modules to transform (the contracts' sources) */
/** @returns {import('vite').Plugin} */
export function pureSchemas({ include }) {
  return {
    name: 'docent:pure-schemas',
    apply: 'build',
    transform(code, id) {
      if (!include.test(id) || !code.includes('z.')) return null;
      const next = markSchemasPure(code);
      return next === code ? null : { code: next, map: null };
    },
  };
}
