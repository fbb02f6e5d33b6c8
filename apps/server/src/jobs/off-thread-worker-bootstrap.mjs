// Worker entry for hosts that do not load TypeScript into new threads by themselves (vitest,
// plain node): register tsx's loader in this thread, then load the real worker. A bundle of the
// server emits off-thread-worker.ts under this file's name (as the analyzer's bundle does with
// its parse worker), so off-thread.ts finds it next to itself either way.
import { register } from 'tsx/esm/api';

register();
await import('./off-thread-worker.ts');
