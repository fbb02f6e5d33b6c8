import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/run.ts';

// The import direction of the workspaces (docs/architecture.md):
//   contracts ← analyzer ← docgen ← cli, server;   web → contracts only.
// A package may import only the packages listed for it, by name or by a relative path into their
// folder; every import specifier of every file under each package's src/ is checked, and so are the
// @docent/* dependencies of its package.json. The libraries declare no bin: the command is cli's.

const REPO = path.resolve(import.meta.dirname, '../../..');

const LAYERS: Record<string, { dir: string; may: readonly string[] }> = {
  contracts: { dir: 'packages/contracts', may: [] },
  analyzer: { dir: 'packages/analyzer', may: ['contracts'] },
  docgen: { dir: 'packages/docgen', may: ['analyzer', 'contracts'] },
  cli: { dir: 'packages/cli', may: ['docgen', 'analyzer', 'contracts'] },
  server: { dir: 'apps/server', may: ['docgen', 'analyzer', 'contracts'] },
  web: { dir: 'apps/web', may: ['contracts'] },
};

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** The workspace an import specifier points into, or null for node: builtins, npm packages and the file's own package. */
function targetOf(root: string, file: string, specifier: string): string | null {
  const named = /^@docent\/([^/]+)/.exec(specifier);
  if (named) return named[1]!;
  if (!specifier.startsWith('.')) return null;
  const resolved = path.resolve(path.dirname(file), specifier);
  for (const [name, layer] of Object.entries(LAYERS)) {
    const dir = path.join(root, layer.dir);
    if (resolved === dir || resolved.startsWith(`${dir}${path.sep}`)) return name;
  }
  return 'outside the workspaces';
}

/** Every import that breaks the layering, as "file: specifier (owner → target)". */
export function layerViolations(root: string): string[] {
  const out: string[] = [];
  for (const [owner, layer] of Object.entries(LAYERS)) {
    for (const file of sourceFiles(path.join(root, layer.dir, 'src'))) {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      for (const { fileName: specifier } of importedFiles) {
        const target = targetOf(root, file, specifier);
        if (target !== null && target !== owner && !layer.may.includes(target)) {
          out.push(`${path.relative(root, file)}: ${specifier} (${owner} → ${target})`);
        }
      }
    }
    const manifest = path.join(root, layer.dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
      bin?: unknown;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
      const target = /^@docent\/(.+)$/.exec(dep)?.[1];
      if (target !== undefined && !layer.may.includes(target))
        out.push(`${path.relative(root, manifest)}: depends on ${dep} (${owner} → ${target})`);
    }
    if (owner !== 'cli' && pkg.bin !== undefined)
      out.push(`${path.relative(root, manifest)}: declares a bin; the docent command belongs to packages/cli`);
  }
  return out;
}

describe('layers', () => {
  it('every workspace imports only the layers below it', () => {
    expect(layerViolations(REPO)).toEqual([]);
  });

  describe('the check itself', () => {
    const fake = tempDir('layers');
    afterAll(() => fs.rmSync(fake, { recursive: true, force: true }));
    const write = (rel: string, text: string): void => {
      fs.mkdirSync(path.dirname(path.join(fake, rel)), { recursive: true });
      fs.writeFileSync(path.join(fake, rel), text);
    };

    it('finds an upward import by name, by relative path, a dynamic import, an upward dependency and a library bin', () => {
      write('packages/contracts/src/index.ts', "export const a = 1;\n// import '@docent/analyzer' in a comment is no import\n");
      write(
        'packages/analyzer/src/index.ts',
        "import { a } from '@docent/contracts';\nimport { main } from '@docent/cli';\nexport { a, main };\n",
      );
      write(
        'packages/analyzer/package.json',
        JSON.stringify({ bin: { docent: 'bin/docent.js' }, dependencies: { '@docent/contracts': '*' } }),
      );
      write(
        'packages/docgen/src/x.ts',
        "export const load = () => import('../../../apps/server/src/app.ts');\nimport '@docent/analyzer';\n",
      );
      write('packages/docgen/package.json', JSON.stringify({ dependencies: { '@docent/analyzer': '*', '@docent/server': '*' } }));
      write('packages/cli/src/cli.ts', "import '@docent/docgen';\nimport '../../analyzer/src/index.ts';\n");
      write('apps/server/src/app.ts', "import '@docent/cli';\nimport fs from 'node:fs';\nimport Fastify from 'fastify';\n");
      write('apps/web/src/App.tsx', "import '@docent/contracts';\nconst x = require('@docent/analyzer');\n");
      expect(layerViolations(fake).sort()).toEqual(
        [
          'packages/analyzer/src/index.ts: @docent/cli (analyzer → cli)',
          'packages/analyzer/package.json: declares a bin; the docent command belongs to packages/cli',
          'packages/docgen/src/x.ts: ../../../apps/server/src/app.ts (docgen → server)',
          'packages/docgen/package.json: depends on @docent/server (docgen → server)',
          'apps/server/src/app.ts: @docent/cli (server → cli)',
          'apps/web/src/App.tsx: @docent/analyzer (web → analyzer)',
        ].sort(),
      );
    });
  });
});
