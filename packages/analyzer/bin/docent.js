#!/usr/bin/env node
// The `docent` command. Runs the prebuilt bundle (build/bundle.mjs; rebuilt here when the sources
// changed), or the TypeScript sources through tsx when no bundle can be built.
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
