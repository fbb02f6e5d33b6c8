// A failed job's reason is worded in the job's language (docs/i18n.md "Job-log lines"): a new
// English-only reason thrown where a job can fail, or a new git argument without a German name,
// fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GIT_SUBJECTS_DE, germanErrorDetail, jobFailureMessage } from '@docent/contracts';
import { branchName, GitArgumentError, objectId } from '../vendors/git/revisions.ts';
import { fromWire, toWire } from './off-thread-protocol.ts';

const SRC = fileURLToPath(new URL('..', import.meta.url));
/** where a job's work throws: its handlers and what they call */
const JOB_DIRS = ['jobs', 'analysis', 'docgen', 'delivery', 'docsets', 'repos', 'insights', 'webhooks', 'vendors/git'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `throw new Error(<argument>)` as written (one line). */
const THROW = /throw new Error\((.*)\);?\s*$/gm;

/** Reasons that are not a user's to read: a server misconfigured or a programming error. */
const INTERNAL = new Set([
  '`JOB_THREAD_NICE must be a whole number from 0 to 19, not "${raw}"`',
  '`JOB_THREAD_IDLE must be true or false, not "${raw}"`',
  '`Job type ${def.type} is defined twice`',
  "'job engine not started'",
]);

/** Another module's sentence passed on: German from the error-detail catalog, its module scanned in http/error-text-de.test.ts. */
const RELAYED = new Set([
  'err.message', // docgen's style error (RangeError), a code host's verdict on a token (VendorApiError)
  'err instanceof OutboundRefused ? err.message : text.hostUnresolved(`${repo.organization_name}/${repo.repo_name}`)',
]);

describe('a failed job\'s reason in the job\'s language (docs/i18n.md "Job-log lines")', () => {
  const throws = JOB_DIRS.flatMap((d) => sourceFiles(join(SRC, d))).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(THROW)].map((m) => ({ where: file.slice(SRC.length), arg: m[1]!.trim() })),
  );

  it('every reason thrown where a job works comes from the job-log catalog, passes on a catalogued sentence, or is internal', () => {
    expect(throws.length).toBeGreaterThan(8);
    const english = throws.filter((t) => !t.arg.startsWith('text.') && !INTERNAL.has(t.arg) && !RELAYED.has(t.arg));
    expect(english.map((t) => `${t.where}: ${t.arg}`)).toEqual([]);
  });

  it('every git argument named in a check has a German name', () => {
    const named = JOB_DIRS.concat(['vendors'])
      .flatMap((d) => sourceFiles(join(SRC, d)))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        // the name is the call's last argument, a literal starting "The …"
        return [...text.matchAll(/\b(?:objectId|abbreviatedId|branchName)\(/g)].flatMap((m) => {
          const name = /^[^;]*?(['"])(The [^'"]+)\1\s*,?\s*\)/.exec(text.slice(m.index, m.index + 300));
          return name ? [name[2]!] : [];
        });
      });
    expect(named.length).toBeGreaterThan(8);
    expect([...new Set(named)].filter((n) => !(n in GIT_SUBJECTS_DE))).toEqual([]);
  });

  it('a git argument check reads English as before and German for a German job', () => {
    let refused: unknown;
    try {
      branchName('-x', 'The branch to push to');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(GitArgumentError);
    expect((refused as Error).message).toBe('The branch to push to is not a valid git branch name; git was not run.');
    expect(jobFailureMessage('de', refused)).toBe(
      'Der Ziel-Branch des Pushs ist kein gültiger Git-Branch-Name; git wurde nicht ausgeführt.',
    );
    expect(() => objectId('abc', "The push's new commit")).toThrow(
      "The push's new commit is not a git commit id (40 or 64 lowercase hex digits); git was not run.",
    );
    // a style the language does not support, as docgen throws it (the job relays its sentence)
    expect(germanErrorDetail('Python supports google, numpy, sphinx (got "javadoc").')).toBe(
      'Python unterstützt google, numpy, sphinx (angegeben: "javadoc").',
    );
  });

  it('a failure thrown in a worker process crosses over with its catalog key: German for a German job there too', () => {
    let thrown: unknown;
    try {
      branchName('-x', "The repository's branch");
    } catch (err) {
      thrown = err;
    }
    const revived = fromWire(JSON.parse(JSON.stringify(toWire(thrown))) as ReturnType<typeof toWire>);
    expect(revived).toBeInstanceOf(GitArgumentError);
    expect(revived.message).toBe("The repository's branch is not a valid git branch name; git was not run.");
    expect(jobFailureMessage('de', revived)).toBe(
      'Der Branch des Repositorys ist kein gültiger Git-Branch-Name; git wurde nicht ausgeführt.',
    );
    // a wire error whose values no longer give its message is rebuilt as a plain error
    const forged = fromWire({
      name: 'JobFailure',
      message: 'something else',
      jobLog: { key: 'notBranchName', args: [{ english: 'The branch' }] },
    });
    expect(forged).not.toBeInstanceOf(GitArgumentError);
    expect(forged.message).toBe('something else');
  });
});
