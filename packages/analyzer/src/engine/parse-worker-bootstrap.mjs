// Worker entry for hosts that do not load TypeScript into new threads by themselves (vitest,
// plain node): register tsx's loader in this thread, then load the real worker. The CLI's and the
// server's bundles emit the worker itself under this file's name (no tsx in production).
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
