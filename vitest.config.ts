import { defineConfig } from 'vitest/config';
import { MOCKING_SERVER_TESTS, SERVER_TEST_OPTIONS } from './apps/server/vitest.config.ts';

// One `vitest run` covers every workspace; each keeps its own config beside its code.
// With TEST_DATABASE_URL set (.ci/run starts a PostgreSQL server), the server's integration
// suite runs a second time against real PostgreSQL.

/**
 * Server test files that open no database (no createTestDatabase, no built app): checked by
 * tools/doc-checks/postgres-pass.test.ts, which fails when one of them starts using one.
 */
export const DATABASE_FREE_SERVER_TESTS = [
  'data-dir.test.ts',
  'delivery.test.ts',
  'docgen-delivery.test.ts',
  'git-client.test.ts',
  'mail-language.test.ts',
  'pr-insights-unit.test.ts',
  'start-web-app.test.ts',
  'startup-modules.test.ts',
  'vendors/*.test.ts',
];

/**
 * Server test files whose subject is not what the database does — the HTTP surface, generated
 * content, files on disk, threads — though they open one: their queries are the ones the other
 * files run, so the PostgreSQL pass leaves them out (docs/decisions.md "The PostgreSQL pass").
 */
export const DATABASE_INCIDENTAL_SERVER_TESTS = [
  'app-shell.test.ts',
  'arch-api-docs.test.ts',
  'auto-docsets.test.ts',
  'azure-devops-signin.test.ts',
  'bad-input.test.ts',
  'checkout-writes.test.ts',
  'cli-login.test.ts',
  'cli-remote.test.ts',
  'clone-size-watch.test.ts',
  'docgen-pr.test.ts',
  'docgen.test.ts',
  'fuzz-openapi.test.ts',
  'git-arguments.test.ts',
  'hostile-input.test.ts',
  'jobs-off-thread.test.ts',
  'llm.test.ts',
  'log-secrets.test.ts',
  'oauth.test.ts',
  'observability.test.ts',
  'pr-insights.test.ts',
  'security-headers.test.ts',
  'security-limits.test.ts',
  'smtp.test.ts',
  'spec-auth-texts.test.ts',
  'spec-rows.test.ts',
  'ssrf.test.ts',
  'trivial-docs.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1): every file in a row. Most
    // integration files wait on git, servers and sockets, so two share 2 cores well
    // (docs/decisions.md "Unit test workers").
    maxWorkers: 2,
    // Every project's scratch files go to one folder that the run removes (tools/test-temp-dir.ts).
    globalSetup: ['./tools/test-temp-dir.ts'],
    projects: [
      'packages/contracts',
      'packages/analyzer',
      'packages/docgen',
      'packages/cli',
      'apps/server',
      {
        root: './apps/server',
        test: {
          ...SERVER_TEST_OPTIONS,
          globalSetup: [...SERVER_TEST_OPTIONS.globalSetup],
          setupFiles: [...SERVER_TEST_OPTIONS.setupFiles],
          name: 'server-mocks',
          include: MOCKING_SERVER_TESTS,
        },
      },
      'apps/web',
      'tools/doc-checks',
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: './apps/server/vitest.config.ts',
              root: './apps/server',
              test: {
                name: 'server-postgres',
                env: { DOCENT_TEST_DB: 'postgres' },
                // Files that open no database run once, in the PGlite pass: a second run against
                // PostgreSQL would test nothing new (docs/decisions.md "The PostgreSQL pass").
                exclude: [
                  '**/node_modules/**',
                  'src/**',
                  ...[...DATABASE_FREE_SERVER_TESTS, ...DATABASE_INCIDENTAL_SERVER_TESTS].map((f) => `test/${f}`),
                ],
              },
            },
          ]
        : []),
    ],
  },
});
