#!/usr/bin/env node
// The `docent` command (packages/cli, docs/cli.md). Runs the prebuilt bundle (build/bundle.mjs:
// the CLI, the analyzer with its worker threads and docgen as plain JavaScript; rebuilt here when
// a source changed), or the TypeScript sources through tsx when no bundle can be built (a
// development checkout without esbuild).
import { loadBundle } from '../build/bundle.mjs';
import { tuneV8ForBatch } from './v8-batch.mjs';

tuneV8ForBatch();

let cli = await loadBundle('cli');
if (!cli) {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../src/cli.ts');
}
process.exitCode = await cli.main(process.argv.slice(2));
