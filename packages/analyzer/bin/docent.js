#!/usr/bin/env node
// The `docent` command: load TypeScript through tsx (no build step), then run the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
