import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One temporary folder per `vitest run`, removed when the run ends: every test that makes a
 * scratch checkout, cache or data folder under `os.tmpdir()` makes it in here, so a run leaves
 * nothing behind in the machine's /tmp (docs/contributing.md "Temporary files of a test run").
 * The test workers start after this and inherit TMPDIR.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-tests-'));
  process.env.TMPDIR = dir;
  return () => {
    if (process.env.DOCENT_TEST_KEEP_TMP) {
      process.stderr.write(`the test run's temporary files are kept in ${dir}\n`);
      return;
    }
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      process.stderr.write(`could not remove the test run's temporary folder ${dir}: ${String(error)}\n`);
    }
  };
}
