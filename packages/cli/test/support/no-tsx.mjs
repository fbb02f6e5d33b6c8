// Preloaded (node --import) into a spawned `docent` by the tests of bundle-runtime.test.ts: from
// then on, in that process and in each of its worker threads, loading tsx or any TypeScript
// source fails the run, and every module loaded is appended to $DOCENT_TEST_MODULE_LOG.
import { register } from 'node:module';

register('./no-tsx-hooks.mjs', import.meta.url);
