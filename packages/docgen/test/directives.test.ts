import { describe, expect, it } from 'vitest';
import { gated } from './gated-run.ts';

/**
 * docs/docgen.md, "Never harm the repository", placement: a new doc goes above every directive
 * that governs the declaration, never between a directive and its line. One fixture per language;
 * each function is a thin wrapper of a documented one, so a doc is written.
 */

const run = gated;

describe('a doc goes above every directive, never between a directive and its line', () => {
  it('TypeScript: @ts-ignore, eslint-disable-next-line, prettier-ignore and a decorator', async () => {
    const src =
      'class A {\n  /** Finds a user by id. */\n  find(id: number) {\n    return this.repo.get(id);\n  }\n\n  // @ts-ignore the base is untyped\n  // eslint-disable-next-line @typescript-eslint/no-explicit-any\n  // prettier-ignore\n  @Memo()\n  lookup(id: number) {\n    return this.find(id);\n  }\n}\n';
    const r = await run(src, 'TypeScript', 'a.ts', 'tsdoc');
    expect(r.output).toContain('  /** Same as `find()`. */\n  // @ts-ignore the base is untyped\n  // eslint-disable-next-line');
  });
  it("any tool's -disable-next-line / :ignore comment (oxlint, phpcs, cspell…) is a directive too", async () => {
    const src =
      '/** Finds a user by id. */\nexport function find(id: number) {\n  return repo.get(id);\n}\n\n// oxlint-disable-next-line no-unused-vars\n// cspell:disable-next-line\n// @ts-expect-error: untyped\nexport function lookup(id: number) {\n  return find(id);\n}\n';
    const r = await run(src, 'TypeScript', 'c.ts', 'tsdoc');
    expect(r.output).toContain('/** Same as `find()`. */\n// oxlint-disable-next-line no-unused-vars\n// cspell:disable-next-line\n');
  });
  it('JavaScript: /* istanbul ignore next */ and /* eslint-disable-next-line */', async () => {
    const src =
      '/** Finds a user by id. */\nfunction find(id) {\n  return repo.get(id);\n}\n\n/* istanbul ignore next */\n/* eslint-disable-next-line no-unused-vars */\nfunction lookup(id) {\n  return find(id);\n}\n';
    const r = await run(src, 'JavaScript', 'a.js', 'jsdoc');
    expect(r.output).toContain(
      '/** Same as `find()`. */\n/* istanbul ignore next */\n/* eslint-disable-next-line no-unused-vars */\nfunction lookup',
    );
  });
  it('Go: //go: and //nolint lines', async () => {
    const src =
      'package p\n\n// find returns the user stored under id.\nfunc find(id int) *User {\n\treturn repo[id]\n}\n\n//nolint:unused\n//go:noinline\nfunc Lookup(id int) *User {\n\treturn find(id)\n}\n';
    const r = await run(src, 'Go', 'p.go', 'godoc');
    // gofmt's own layout: an empty `//` line between the doc and the directives
    expect(r.output).toContain('// Lookup is the same as find.\n//\n//nolint:unused\n//go:noinline\nfunc Lookup(');
  });
  it('Rust: a multi-line #[cfg_attr(...)] and #[allow] attributes', async () => {
    const src =
      '/// Finds a user by id.\npub fn find(id: u32) -> u32 {\n    id\n}\n\n#[cfg_attr(\n    feature = "serde",\n    allow(dead_code)\n)]\n#[allow(clippy::all)]\npub fn lookup(id: u32) -> u32 {\n    find(id)\n}\n';
    const r = await run(src, 'Rust', 'l.rs', 'rustdoc');
    expect(r.output).toContain('/// Same as `find()`.\n#[cfg_attr(\n    feature = "serde",');
  });
  it('Java: a multi-line annotation and a //noinspection line', async () => {
    const src =
      'package p;\n\nclass A {\n    /** Finds a user by id. */\n    User find(long id) {\n        return repo.get(id);\n    }\n\n    //noinspection unchecked\n    @SuppressWarnings({\n        "unchecked",\n        "rawtypes"\n    })\n    User lookup(long id) {\n        return find(id);\n    }\n}\n';
    const r = await run(src, 'Java', 'A.java', 'javadoc');
    expect(r.output).toContain('    /** Same as {@code find()}. */\n    //noinspection unchecked\n    @SuppressWarnings({\n');
  });
  it("Java: Checkstyle's CHECKSTYLE IGNORE … FOR NEXT n LINES", async () => {
    const src =
      'package p;\n\nclass A {\n    /** Finds a user by id. */\n    User find(long id) {\n        return repo.get(id);\n    }\n\n    // CHECKSTYLE IGNORE MethodName FOR NEXT 1 LINES\n    User Lookup(long id) {\n        return find(id);\n    }\n}\n';
    const r = await run(src, 'Java', 'A.java', 'javadoc');
    expect(r.output).toContain(
      '    /** Same as {@code find()}. */\n    // CHECKSTYLE IGNORE MethodName FOR NEXT 1 LINES\n    User Lookup(',
    );
  });
  it('Python: the docstring goes above a # type: ignore-only line and a Sphinx #: comment that open the body', async () => {
    const src =
      'def find(uid):\n    """Finds a user by id."""\n    return REPO[uid]\n\n\ndef lookup(uid):\n    # type: ignore[misc]\n    return find(uid)\n\n\ndef setup(uid):\n    #: the user in use\n    CURRENT = uid\n    return find(uid)\n';
    const r = await run(src, 'Python', 'u.py', 'google');
    expect(r.output).toContain('def lookup(uid):\n    """Same as `find()`."""\n    # type: ignore[misc]\n    return find(uid)\n');
  });
  it('C#: [Attributes] and #pragma lines', async () => {
    const src =
      'class A\n{\n    /// <summary>Finds a user by id.</summary>\n    public User Find(long id)\n    {\n        return repo.Get(id);\n    }\n\n#pragma warning disable CS0618\n    [Obsolete("use Find")]\n    [MethodImpl(MethodImplOptions.NoInlining)]\n    public User Lookup(long id)\n    {\n        return Find(id);\n    }\n}\n';
    const r = await run(src, 'C#', 'A.cs', 'xmldoc');
    expect(r.output).toContain('/// </summary>\n#pragma warning disable CS0618\n    [Obsolete("use Find")]');
  });
});
