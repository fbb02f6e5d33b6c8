// A prebuilt esbuild bundle kept under <outDir>/<inputs hash>/ (docs/performance.md, "Start-up"),
// shared by the `docent` command's bundle (packages/cli/build/bundle.mjs) and the server's
// (apps/server/build/bundle.mjs). The hash covers every input (sources, package.json files, the
// lockfile, the builder itself, Node's major version), so a bundle is rebuilt exactly when one of
// them changed and found again, by hashing alone, when nothing did. Plain JavaScript, so it runs
// before anything is compiled.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { listSourceFiles } from '@docent/analyzer/source-version';

/** A bundle older than this, of sources no longer current, is removed by the next build. */
const STALE_AFTER_MS = 10 * 60 * 1000;

/** The file a finished bundle folder holds: its absence means "not (yet) a bundle". */
const COMPLETE = 'complete';

/**
 * @typedef {object} HashedBundleOptions
 * @property {string} repoRoot input paths are hashed relative to it
 * @property {string} outDir the bundles' parent folder (each bundle is <outDir>/<hash>/)
 * @property {string[]} sourceDirs folders hashed recursively (tests left out)
 * @property {string[]} files further inputs (package.json files, lockfile, builders)
 * @property {(dir: string) => import('esbuild').BuildOptions} options esbuild's options for a build
 *   into `dir` (called at build time only; entry points, plugins, defines)
 */

/**
 * @param {HashedBundleOptions} spec
 */
export function hashedBundle(spec) {
  /** Everything the bundle is made of, as a short hash (this builder included). */
  const inputsHash = () => hashInputs({ ...spec, files: [...spec.files, fileURLToPath(import.meta.url)] });

  /** The folder of the bundle built from the current inputs, or null when there is none yet. */
  function freshDir() {
    const dir = path.join(spec.outDir, inputsHash());
    return fs.existsSync(path.join(dir, COMPLETE)) ? dir : null;
  }

  /**
   * Builds the bundle for the current inputs (a no-op when it exists). Writes to a private
   * temporary folder renamed into place, so concurrent builders and readers never see half a
   * bundle; older bundles are removed afterwards.
   * @returns {Promise<{ dir: string, built: boolean }>}
   */
  async function build() {
    const key = inputsHash();
    const dir = path.join(spec.outDir, key);
    if (fs.existsSync(path.join(dir, COMPLETE))) return { dir, built: false };
    const { build: esbuild } = await import('esbuild');
    fs.mkdirSync(spec.outDir, { recursive: true });
    const tmp = path.join(spec.outDir, `.tmp-${key}-${process.pid}-${Date.now()}`);
    try {
      await esbuild({ ...spec.options(tmp), outdir: tmp, logLevel: 'silent' });
      fs.writeFileSync(path.join(tmp, COMPLETE), `${key}\n`);
      try {
        fs.renameSync(tmp, dir);
      } catch (error) {
        // Another process finished the same bundle first: use theirs.
        if (!fs.existsSync(path.join(dir, COMPLETE))) throw error;
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    // Older bundles go once no run can still be starting workers from them.
    for (const name of fs.readdirSync(spec.outDir)) {
      const old = path.join(spec.outDir, name);
      if (name !== key && Date.now() - fs.statSync(old).mtimeMs > STALE_AFTER_MS) fs.rmSync(old, { recursive: true, force: true });
    }
    return { dir, built: true };
  }

  /**
   * The bundle's `entry` module, built first when an input changed since the last build. Null
   * when it cannot be built (no esbuild, read-only install): callers then fall back to the sources.
   * @param {string} entry
   */
  async function load(entry) {
    let dir = freshDir();
    if (!dir) {
      try {
        dir = (await build()).dir;
      } catch {
        return null;
      }
    }
    return import(pathToFileURL(path.join(dir, `${entry}.mjs`)).href);
  }

  return { inputsHash, freshDir, build, load };
}

/**
 * A short hash of input files: their paths relative to `repoRoot` and their bytes, every file
 * under `sourceDirs` (tests left out) and each of `files` (a missing one counts as missing), and
 * Node's major version. Hashing the ~500 files of the server and its libraries takes ~50 ms.
 * @param {{ repoRoot: string, sourceDirs: string[], files: string[], exclude?: RegExp }} inputs
 */
export function hashInputs(inputs) {
  const hash = createHash('sha1');
  const add = (file) => {
    hash.update(path.relative(inputs.repoRoot, file)).update('\0');
    try {
      hash.update(fs.readFileSync(file));
    } catch {
      hash.update('missing');
    }
    hash.update('\0');
  };
  for (const dir of inputs.sourceDirs) {
    for (const file of listSourceFiles(dir)) if (!inputs.exclude?.test(file)) add(file);
  }
  for (const file of inputs.files) add(file);
  hash.update(process.version.split('.')[0]);
  return hash.digest('hex').slice(0, 16);
}

/** The src folder of a workspace package whose main entry is src/index.ts. */
export function srcOf(name) {
  return path.dirname(fileURLToPath(import.meta.resolve(name)));
}
