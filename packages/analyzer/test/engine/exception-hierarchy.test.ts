import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import type { FunctionAnalysisEntry } from '@docent/contracts';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { linesDeclaring, withNextLines } from '../../src/engine/doc-history.ts';
import type * as Git from '../../src/engine/git.ts';
import { commitAll, initRepo, tempDir, write } from './helpers.ts';

/**
 * A new thrown type that subclasses a documented one in ANOTHER file of the repository is
 * documented (docs/metrics/outdated.md §General causes): the hierarchy is looked up in the
 * repository, two levels deep here; an unrelated new type is still OUTDATED.
 */
const root = tempDir('hierarchy');

/** The `git grep` processes the analysis starts (each one reads every tracked file). */
const greps = vi.hoisted((): string[][] => []);
vi.mock('../../src/engine/git.ts', async (importOriginal) => {
  const git = await importOriginal<typeof Git>();
  return {
    ...git,
    runGit: (cwd: string, args: readonly string[], signal?: AbortSignal) => {
      if (args[0] === 'grep') greps.push([...args]);
      return git.runGit(cwd, args, signal);
    },
  };
});
let byName: Map<string, FunctionAnalysisEntry>;

const method = (name: string, body: string): string =>
  `  /**\n   * Reads.\n   * @param in the input\n   * @return the count\n   * @throws IOException if reading fails\n   */\n  public int ${name}(String in) throws IOException {\n${body}\n    return in.length();\n  }\n\n`;

beforeAll(async () => {
  initRepo(root);
  write(root, 'src/ArchiveException.java', 'import java.io.IOException;\n\npublic class ArchiveException extends IOException {\n}\n');
  write(root, 'src/CorruptArchiveException.java', 'public final class CorruptArchiveException extends ArchiveException {\n}\n');
  // `extends` on the next line (jspwiki's NoSuchPrincipalException, held-out round 11).
  write(root, 'src/TruncatedArchiveException.java', 'public final class TruncatedArchiveException\n    extends ArchiveException\n{\n}\n');
  write(
    root,
    'src/Reader.java',
    `import java.io.IOException;\n\npublic class Reader {\n${method('read', '    in.trim();')}${method('other', '    in.trim();')}${method('third', '    in.trim();')}}\n`,
  );
  commitAll(root, 'first', '2025-01-01T00:00:00Z');
  write(
    root,
    'src/Reader.java',
    `import java.io.IOException;\n\npublic class Reader {\n${method('read', '    if (in.isEmpty()) throw new CorruptArchiveException();')}${method('other', '    if (in.isEmpty()) throw new IllegalStateException("empty");')}${method('third', '    if (in.isEmpty()) throw new TruncatedArchiveException();')}}\n`,
  );
  commitAll(root, 'throw more', '2025-02-01T00:00:00Z');
  const result = await analyzeRepository(root, { cacheDir: tempDir('hierarchy-cache') });
  byName = new Map(result.functions.map((f) => [f.name, f]));
}, 60_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('exception hierarchy declared elsewhere in the repository', () => {
  it('a subclass of the documented IOException (through ArchiveException, in two other files) is neither OUTDATED nor a review suggestion', () => {
    const read = byName.get('Reader.read')!;
    expect(read.outdatedStatus.status).toBe('CURRENT');
    // The doc's `@throws IOException` still describes it (round 8, docs/metrics/outdated.md: commons-fileupload `findNextItem`).
    expect(read.reviewSuggestion ?? null).toBeNull();
  });
  it('a subclass declared with `extends` on the next line is one too (jspwiki `NoSuchPrincipalException`)', () => {
    const third = byName.get('Reader.third')!;
    expect(third.outdatedStatus.status).toBe('CURRENT');
    expect(third.reviewSuggestion ?? null).toBeNull();
    expect(
      withNextLines([
        '3:public final class A',
        '4-    extends B',
        '--',
        '9:class C extends D {',
        '10:class E',
        '11-    extends F',
        '20:class G:',
        '21-    Model = H',
      ]),
    ).toEqual(['public final class A     extends B', 'class C extends D {', 'class E     extends F', 'class G:']);
  });
  it('an unrelated new type is still OUTDATED', () => {
    expect(byName.get('Reader.other')!.outdatedStatus).toMatchObject({
      status: 'OUTDATED',
      findings: [{ code: 'RAISE_ADDED_UNDOCUMENTED', params: { type: 'IllegalStateException' } }],
    });
  });
});

describe('class declarations looked up in the repository (docs/performance.md, "SQLAlchemy against Linguist, paired")', () => {
  it('two types of one chain (CorruptArchiveException, then ArchiveException) cost one git grep of class declarations, not one each', () => {
    expect(greps.filter((args) => args.some((a) => a.includes('class')))).toHaveLength(1);
  });
  it('that grep has one pattern (its alternatives joined in one ERE): with several `-e`, git matches every line of every file one by one (Session 27, h83)', () => {
    const [grep] = greps.filter((args) => args.some((a) => a.includes('class')));
    expect(grep!.filter((a) => a === '-e')).toHaveLength(1);
  });
  it('finds the lines where the type itself is declared, as a grep for `class <type>` would', () => {
    const lines = [
      'public class ArchiveException extends IOException {',
      'public class ArchiveExceptions extends Other {',
      'the subclass\tArchiveException, in a comment',
      'class Archive(Base):',
      'interface ArchiveException$Inner {',
      'classArchiveException',
      '',
    ];
    expect(linesDeclaring(lines, 'ArchiveException')).toBe(
      'public class ArchiveException extends IOException {\nthe subclass\tArchiveException, in a comment\n',
    );
    expect(linesDeclaring(lines, 'Archive')).toBe('class Archive(Base):\n');
  });
  it('finds by one search of all the lines the same lines, in the same order, as testing each line (Session 27, h85)', () => {
    const words = ['class', 'interface', 'A', 'AB', 'B', 'T', '=', 'TypeVar("T", bound=A)', 'Tuple[A]', '(A)', 'extends', ' ', '\t', ''];
    let seed = 7;
    const pick = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const lines = Array.from({ length: 400 }, () =>
      Array.from({ length: pick(6) }, () => words[pick(words.length)]).join(pick(2) ? ' ' : ''),
    );
    lines.splice(200, 0, 'T = TypeVar("T", bound=A)', 'AB = Tuple[A, B]', 'class T(A): T');
    const oneByOne = (type: string): string =>
      lines
        .filter((line) => line.includes(type) && linesDeclaring([line], type) !== '')
        .map((line) => `${line}\n`)
        .join('');
    for (const type of ['A', 'AB', 'B', 'T', 'Tuple']) expect(linesDeclaring(lines, type)).toBe(oneByOne(type));
    expect(linesDeclaring(lines, 'A').split('\n').length).toBeGreaterThan(2);
    expect(linesDeclaring(lines, 'T')).not.toBe('');
    expect(linesDeclaring([], 'A')).toBe('');
  });
});
