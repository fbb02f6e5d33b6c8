import { describe, expect, it } from 'vitest';
import { gateFile, generateFile } from '../src/index.ts';

/** docs/docgen.md, wrapping: a new doc follows the width the file's own doc comments use. */

const param = 'the identifier of the user as stored in the users table, never reused after the user is deleted';

const javaFile = (docs: string[]): string =>
  [
    'package p;',
    '',
    'class Users {',
    ...docs.flatMap((d, i) => ['    /**', `     * ${d}`, '     */', `    int m${i}() {`, `        return ${i};`, '    }', '']),
    '    /**',
    '     * Finds a user.',
    `     * @param id ${param}`,
    '     */',
    '    User find(long id) {',
    '        return repo.get(id);',
    '    }',
    '',
    '    User lookup(long id) {',
    '        return find(id);',
    '    }',
    '}',
    '',
  ].join('\n');

const run = async (src: string) => {
  const cfg = { docstringStyle: 'javadoc', maxDocStringLength: 80 };
  const r = await generateFile(src, 'Java', 'p/Users.java', cfg);
  expect((await gateFile(r, 'Java', 'p/Users.java', cfg, src)).problems).toEqual([]);
  return r.output.slice(r.output.indexOf('    User lookup') - 400);
};

describe("the file's own doc width", () => {
  it('a file whose Javadoc runs to ~120 columns gets new Javadoc wrapped at that width', async () => {
    const wide = 'Returns the number of entries in this table, counted when the table was last loaded from the backing store on disk.';
    const out = await run(javaFile([wide, wide, `${wide} Again.`]));
    expect(out).toContain(`     * @param id ${param}\n     */\n    User lookup(`);
  });
  it('a file with narrow docs keeps the configured width (80)', async () => {
    const out = await run(javaFile(['Returns the size.', 'Returns the count.', 'Returns the total.']));
    expect(out).toContain('     * @param id the identifier of the user as stored in the users table, never\n');
  });
});
