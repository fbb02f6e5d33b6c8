import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    // replay servers and git daemons listen on loopback, which the outbound policy refuses by
    // default; the SSRF tests build their app with an empty allow-list
    // job threads at the API's priority: at the default 10 a job waits behind the other test files
    // sharing the machine (jobs-off-thread.test.ts tests the default)
    env: { OUTBOUND_ALLOW: '127.0.0.1,localhost', JOB_THREAD_NICE: '0' },
    hookTimeout: 60_000,
  },
});
