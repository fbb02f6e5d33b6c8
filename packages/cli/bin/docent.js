#!/usr/bin/env node
// The `docent` command. Runs the prebuilt bundle (build/bundle.mjs; rebuilt here when the sources
// changed), or the TypeScript sources through tsx when no bundle can be built.
import { loadBundle } from '../build/bundle.mjs';
import { tuneV8ForBatch } from './v8-batch.mjs';

tuneV8ForBatch();

const [command, ...rest] = process.argv.slice(2);
if (command === 'docs') {
  // Architecture and API documentation (@docent/docgen), through tsx like `docstrings`.
  const { register } = await import('tsx/esm/api');
  register();
  const docgen = await import('@docent/docgen/docs-cli');
  process.exitCode = await docgen.main(rest);
} else if (command === 'docstrings') {
  // Docstring generation lives in @docent/docgen (which depends on the analyzer, not the other
  // way round): loaded only for this command, through tsx.
  const { register } = await import('tsx/esm/api');
  register();
  const docgen = await import('@docent/docgen/cli');
  process.exitCode = await docgen.main(rest);
} else {
  await analyzer();
}

async function analyzer() {
let cli = await loadBundle('cli');
if (!cli) {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../src/cli.ts');
}
process.exitCode = await cli.main(process.argv.slice(2));
}
