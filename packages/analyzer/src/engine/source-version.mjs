// Plain JavaScript so that the bundle builder (build/bundle.mjs, run without tsx) computes the
// same version as the engine does at run time.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folders of src/ whose code shapes cached results (functions, docstyles, languages, engine). */
const CACHED_RESULT_FOLDERS = ['functions', 'docstyles', 'languages', 'engine'];

/**
 * Hash of the analyzer sources that shape cached results, so that a code change never serves
 * stale figures. Reading ~50 small files takes ~2 ms.
 * @param {string} srcDir the analyzer's src folder
 * @returns {string}
 */
export function hashAnalyzerSources(srcDir) {
  const hash = createHash('sha1');
  for (const folder of CACHED_RESULT_FOLDERS) {
    for (const file of listSourceFiles(path.join(srcDir, folder), /\.(ts|mjs|js|json)$/)) {
      hash.update(path.relative(srcDir, file)).update('\0');
      try {
        hash.update(fs.readFileSync(file));
      } catch {
        // a file vanishing mid-hash only changes the key
      }
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Files under `dir`, recursively, in a stable order, tests left out; only names matching
 * `accept` when given. Missing folders list nothing.
 * @param {string} dir
 * @param {RegExp} [accept]
 * @returns {string[]}
 */
export function listSourceFiles(dir, accept) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSourceFiles(full, accept));
    else if ((!accept || accept.test(entry.name)) && !/\.test\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}
