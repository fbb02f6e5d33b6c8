import { defineProject } from 'vitest/config';

/**
 * Server test files that replace a module with `vi.mock`: they run in a project of their own with
 * a module graph per file (`server-mocks`, the root vitest.config.ts); with modules shared between
 * files a mock may not take hold, or may leak into the next file. tools/doc-checks fails when a
 * file that mocks a module is missing here.
 */
export const MOCKING_SERVER_TESTS = ['test/jobs-off-thread.test.ts', 'test/clone-size-watch.test.ts'];

/** What every server test project shares (this one, `server-mocks` and the PostgreSQL pass). */
export const SERVER_TEST_OPTIONS = {
  environment: 'node' as const,
  globalSetup: ['test/helpers/global-setup.ts'],
  setupFiles: ['test/helpers/each-file.ts'],
  testTimeout: 30_000,
  // replay servers and git daemons listen on loopback, which the outbound policy refuses by
  // default; the SSRF tests build their app with an empty allow-list
  // job threads at the API's priority: at the default 10 a job waits behind the other test files
  // sharing the machine (jobs-off-thread.test.ts tests the default)
  env: { OUTBOUND_ALLOW: '127.0.0.1,localhost', JOB_THREAD_NICE: '0' },
  hookTimeout: 60_000,
};

export default defineProject({
  test: {
    ...SERVER_TEST_OPTIONS,
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...MOCKING_SERVER_TESTS],
    // Files share one module graph per worker: each isolated file loaded the server's ~630 modules
    // again, the largest part of the suite's import time (docs/decisions.md "Server test files
    // share their modules").
    isolate: false,
  },
});
