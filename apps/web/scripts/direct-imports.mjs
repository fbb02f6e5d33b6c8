// A Vite plugin that rewrites the app's named imports from the antd and @ant-design/icons barrels
// into imports of the modules that define them (`import { Button } from 'antd'` becomes
// `import Button from 'antd/es/button'`). The bundle's tree-shaking already drops what nothing uses;
// this makes the module graph say which component each file needs, so vite.config.ts can put exactly
// the dashboard's first paint into its chunks (docs/performance.md, "First load").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** name → { from, imported } for a barrel file made of `export { default as X } from './x'` lines. */
function barrelExports(file, specifierOf) {
  const map = new Map();
  const re = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
  for (const [, names, from] of readFileSync(file, 'utf8').matchAll(re)) {
    for (const part of names.split(',')) {
      const m = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
      if (m) map.set(m[2] ?? m[1], { from: specifierOf(from), imported: m[1] });
    }
  }
  return map;
}

function barrels() {
  const antdIndex = path.join(path.dirname(require.resolve('antd/package.json')), 'es', 'index.js');
  const iconsDir = path.join(path.dirname(require.resolve('@ant-design/icons/package.json')), 'es', 'icons');
  return {
    antd: barrelExports(antdIndex, (from) => `antd/es/${from.replace(/^\.\//, '')}`),
    '@ant-design/icons': barrelExports(
      path.join(iconsDir, 'index.js'),
      (from) => `@ant-design/icons/es/icons/${from.replace(/^\.\//, '')}`,
    ),
  };
}

/**
 * Rewrites `import { A, B as C } from '<barrel>'` statements of `code` (JavaScript, types already
 * stripped). A name the barrel map lacks leaves the whole statement as written.
 */
export function rewriteBarrelImports(code, maps) {
  return code.replace(/import\s*\{([^}]*)\}\s*from\s*(["'])(antd|@ant-design\/icons)\2;?/g, (statement, names, _q, barrel) => {
    const map = maps[barrel];
    const out = [];
    for (const part of names.split(',')) {
      if (!part.trim()) continue;
      const m = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
      const target = m && map.get(m[1]);
      if (!target) return statement;
      const local = m[2] ?? m[1];
      out.push(
        target.imported === 'default'
          ? `import ${local} from ${JSON.stringify(target.from)};`
          : `import { ${target.imported} as ${local} } from ${JSON.stringify(target.from)};`,
      );
    }
    // one line, so the following lines keep their numbers
    return out.join(' ');
  });
}

/** @returns {import('vite').Plugin} */
export function directImports() {
  let maps;
  return {
    name: 'docent:direct-imports',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id.split('?')[0])) return null;
      if (!code.includes('antd') && !code.includes('@ant-design/icons')) return null;
      maps ??= barrels();
      const next = rewriteBarrelImports(code, maps);
      return next === code ? null : { code: next, map: null };
    },
  };
}
