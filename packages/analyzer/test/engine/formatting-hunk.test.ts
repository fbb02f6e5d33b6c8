import { describe, expect, it } from 'vitest';
import { formattingMap, isFormattingHunk, quotesAlike, sameLayoutFree } from '../../src/engine/formatting-hunk.ts';

/** A -U0 hunk body: removed lines, then added lines, each with its prefix. */
const hunk = (removed: string[], added: string[]): string =>
  [...removed.map((l) => `-${l}`), ...added.map((l) => `+${l}`)].join('\n') + '\n';

describe('a hunk that only reformats', () => {
  it('is one whose lines were split or joined (Black, gofmt, Prettier)', () => {
    expect(isFormattingHunk(hunk(['    return foo(a, b, c)'], ['    return foo(', '        a, b, c', '    )']), true)).toBe(true);
    expect(isFormattingHunk(hunk(['x = call(one,', '         two)'], ['x = call(one, two)']), true)).toBe(true);
  });

  it('sets aside the trailing comma a formatter adds when it explodes a call, but not a one-element tuple written on one line', () => {
    expect(isFormattingHunk(hunk(['f(a, b)'], ['f(', '    a,', '    b,', ')']), true)).toBe(true);
    expect(isFormattingHunk(hunk(['t = (x,)'], ['t = (x)']), true)).toBe(false);
    expect(isFormattingHunk(hunk(['f(a, b)'], ['f(a, b,)']), true)).toBe(false);
  });

  it('treats \' and " alike only where the language does', () => {
    expect(quotesAlike('pkg/m.py')).toBe(true);
    expect(quotesAlike('src/a.ts')).toBe(true);
    expect(quotesAlike('A.java')).toBe(false);
    expect(isFormattingHunk(hunk(["name = 'docent'"], ['name = "docent"']), true)).toBe(true);
    expect(isFormattingHunk(hunk(["char c = 'a';"], ['char c = "a";']), false)).toBe(false);
  });

  it('keeps one space between two words, so joined words are a change', () => {
    expect(isFormattingHunk(hunk(['return not  x'], ['return notx']), true)).toBe(false);
    expect(isFormattingHunk(hunk(['if a  and b:'], ['if a and b:']), true)).toBe(true);
  });

  it('counts comments and doc text: a reworded comment or doc line is a change, a re-spaced one is not', () => {
    expect(isFormattingHunk(hunk(['x = 1 #note'], ['x = 1  # note']), true)).toBe(true);
    expect(isFormattingHunk(hunk(['x = 1  # old note'], ['x = 1  # new note']), true)).toBe(false);
    expect(isFormattingHunk(hunk(['    @return the value'], ['    @return: the value']), true)).toBe(false);
  });

  it('is never a hunk that only adds or only removes, nor one that changes a token', () => {
    expect(isFormattingHunk(hunk([], ['x = 1']), true)).toBe(false);
    expect(isFormattingHunk(hunk(['x = 1'], []), true)).toBe(false);
    expect(isFormattingHunk(hunk(['def f(a):'], ['def f(a: int) -> None:']), true)).toBe(false);
    expect(isFormattingHunk(hunk(['x = 1'], ['x = 2']), true)).toBe(false);
  });

  it("skips git's note on a missing final line break", () => {
    const body = '-x = foo(a,\n-        b)\n\\ No newline at end of file\n+x = foo(a, b)\n';
    expect(isFormattingHunk(body, true)).toBe(true);
    expect(isFormattingHunk('-x = foo(a, b)\n\\ No newline at end of file\n+x = foo(a, c)\n', true)).toBe(false);
  });
});

describe('the removed lines an added line of a reformatting hunk came from', () => {
  const pairs = (map: Int32Array | null): Array<[number, number]> | null =>
    map ? Array.from({ length: map.length / 2 }, (_, j) => [map[j * 2]!, map[j * 2 + 1]!]) : null;

  it('keeps a doc line apart from the code a formatter exploded below it', () => {
    const body = hunk(
      ['    """', "    return wrap(a, 'key', [1, 2])"],
      ["    '''", '    return wrap(', '        a,', '        "key",', '        [1, 2],', '    )'],
    );
    expect(pairs(formattingMap(body, true))).toEqual([
      [0, 0],
      [1, 1],
      [1, 1],
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
  });

  it('traces a joined line to every line it joined', () => {
    expect(pairs(formattingMap(hunk(['x = call(one,', '         two)', 'y = 2'], ['x = call(one, two)', 'y = 2']), true))).toEqual([
      [0, 1],
      [2, 2],
    ]);
  });

  it('leaves no removed line behind: blank ones go with the line before them', () => {
    expect(pairs(formattingMap(hunk(['a = f(', '', '    1)', '', 'b = 2'], ['a = f(1)', 'b = 2']), true))).toEqual([
      [0, 3],
      [4, 4],
    ]);
    expect(pairs(formattingMap(hunk(['', 'a = f(1, 2)'], ['a = f(1,', '      2)']), true))).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it('is null for a hunk that changes code', () => {
    expect(formattingMap(hunk(['x = 1'], ['x = 2']), true)).toBeNull();
  });
});

describe('two docs that differ only by a formatter run over their examples', () => {
  it('are the same; a reworded one is not', () => {
    const before = "Construct a SET.\n\nE.g.::\n\n  Column('myset', SET('foo', 'bar'))";
    expect(sameLayoutFree(before, 'Construct a SET.\n\nE.g.::\n\n  Column("myset", SET("foo", "bar"))', true)).toBe(true);
    expect(sameLayoutFree(before, "Construct a SET.\n\nE.g.::\n\n    Column('myset',\n           SET('foo', 'bar'))", true)).toBe(true);
    expect(sameLayoutFree(before, "Construct a set.\n\nE.g.::\n\n  Column('myset', SET('foo', 'bar'))", true)).toBe(false);
    expect(sameLayoutFree("it's", 'it"s', false)).toBe(false);
  });
});
