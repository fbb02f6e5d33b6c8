import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace; each keeps its own config beside its code.
// With TEST_DATABASE_URL set (.ci/run starts a PostgreSQL server), the server's integration
// suite runs a second time against real PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/analyzer',
      'packages/docgen',
      'packages/cli',
      'apps/server',
      'apps/web',
      'tools/doc-checks',
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: './apps/server/vitest.config.ts',
              root: './apps/server',
              test: { name: 'server-postgres', env: { DOCENT_TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
