// Module hooks of no-tsx.mjs: every module loaded (main thread and worker threads alike) is
// appended to $DOCENT_TEST_MODULE_LOG; loading tsx or a TypeScript file throws.
import fs from 'node:fs';

const log = process.env.DOCENT_TEST_MODULE_LOG;

export async function load(url, context, nextLoad) {
  if (log) fs.appendFileSync(log, `${url}\n`);
  if (/\/node_modules\/tsx\//.test(url) || (url.startsWith('file:') && /\.[cm]?tsx?$/.test(new URL(url).pathname))) {
    throw new Error(`no-tsx: refused to load ${url}`);
  }
  return nextLoad(url, context);
}
