import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BUDGET, OTHER_REQUESTS, firstLoadBudget, loadedChunks, type BuiltChunk } from '../../scripts/first-load.mjs';

/** scripts/first-load.mjs: the build fails when the dashboard's or the sign-in page's first load exceeds its budget (docs/performance.md). */
const root = '/app';
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], code = 'export{}', isEntry = false): BuiltChunk => ({
  fileName,
  isEntry,
  imports,
  moduleIds: moduleIds.map((m) => `${root}/${m}`),
  code,
  css: [],
});

/** Random bytes in base64: gzip cannot shrink them below three quarters, so `kb` stays over 0.75 × `kb` gzipped. */
function incompressible(kb: number): string {
  return randomBytes(Math.ceil((kb * 1024 * 3) / 4)).toString('base64');
}

function bundleOf(chunks: BuiltChunk[]) {
  return Object.fromEntries(chunks.map((c) => [c.fileName, { type: 'chunk', ...c, viteMetadata: { importedCss: new Set(c.css) } }]));
}

/** Runs the plugin's check on a bundle; the message it fails the build with, or null. */
function check(chunks: BuiltChunk[]): string | null {
  const plugin = firstLoadBudget({ root }) as unknown as { writeBundle: (this: unknown, o: unknown, b: unknown) => void };
  let failed: string | null = null;
  try {
    plugin.writeBundle.call(
      {
        info: () => {},
        error: (msg: string) => {
          failed = msg;
          throw new Error(msg); // as rolldown's this.error does: the build stops
        },
      },
      {},
      bundleOf(chunks),
    );
  } catch (err) {
    if (failed === null) throw err;
  }
  return failed;
}

const dashboard = (pageKb: number, extraImports: string[] = [], signIn: { kb?: number; imports?: string[] } = {}) => [
  chunk('index.js', ['src/main.tsx'], ['boot.js'], 'x', true),
  chunk('boot.js', ['node_modules/antd/es/button/index.js']),
  chunk('AppLayout.js', ['src/shell/AppLayout.tsx'], ['boot.js']),
  chunk('RepositoriesPage.js', ['src/repositories/RepositoriesPage.tsx'], ['boot.js', ...extraImports], incompressible(pageKb)),
  chunk('LoginPage.js', ['src/auth/LoginPage.tsx'], ['boot.js', ...(signIn.imports ?? [])], incompressible(signIn.kb ?? 1)),
  chunk('en.js', ['src/i18n/en.first.texts.js']),
  chunk('observability.js', ['src/observability/index.ts']),
  chunk('table.js', ['node_modules/antd/es/table/index.js'], [], incompressible(1000)),
];

describe('the dashboard first-load budget', () => {
  it('counts the entry, the dashboard routes, the language, what they import, and nothing else', () => {
    const files = loadedChunks(
      dashboard(1),
      ['src/shell/AppLayout.tsx', 'src/repositories/RepositoriesPage.tsx'].map((m) => `${root}/${m}`),
    );
    expect(files.map((c) => c.fileName).sort()).toEqual(['AppLayout.js', 'RepositoriesPage.js', 'boot.js', 'index.js']);
  });

  it('passes a build within the budget', () => {
    expect(check(dashboard(100))).toBeNull();
  });

  it('fails a build whose dashboard JavaScript exceeds the budget', () => {
    expect(check(dashboard((BUDGET.jsGzipBytes / 1024) * 1.5))).toMatch(
      /JavaScript .* kB gzipped exceeds the dashboard's first-load budget/,
    );
  });

  it('fails a build whose dashboard statically imports a chunk it need not (a 1 MB table)', () => {
    expect(check(dashboard(1, ['table.js']))).toMatch(/exceeds the dashboard's first-load budget/);
  });

  it('fails a build whose sign-in page JavaScript exceeds the budget, at 250 kB', () => {
    expect(check(dashboard(1, [], { kb: 340 }))).toMatch(
      /JavaScript .* kB gzipped exceeds the sign-in page's first-load budget of 250.0 kB/,
    );
    expect(check(dashboard(1, [], { kb: 100 }))).toBeNull();
  });

  it("fails a build whose sign-in page statically imports a chunk it need not (the dashboard's 1 MB table)", () => {
    expect(check(dashboard(1, [], { imports: ['table.js'] }))).toMatch(/exceeds the sign-in page's first-load budget/);
  });

  it('fails a build whose dashboard needs more than 20 requests', () => {
    const many = Array.from({ length: BUDGET.requests - OTHER_REQUESTS }, (_, i) => chunk(`part${i}.js`, [`src/part${i}.ts`]));
    const chunks = dashboard(
      1,
      many.map((c) => c.fileName),
    );
    expect(check([...chunks, ...many])).toMatch(/requests exceed the dashboard's first-load budget of 20/);
  });
});
