// Worker entry for hosts that do not load TypeScript into new threads by themselves (vitest,
// plain node): register tsx's loader in this thread, then load the real worker. The server bundle
// (apps/server/build/bundle.mjs) emits pglite-thread-worker.ts under this file's name, so
// pglite-thread.ts finds it next to itself either way; production never loads this file.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread-worker.ts');
