import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRepository, runFailed, writeChanges, type FileChange } from '../src/index.ts';

function repo(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docgen-repo-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync('git', ['add', '.'], { cwd: dir });
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'init'], { cwd: dir });
  return dir;
}

const LOAD =
  'def load(path):\n    """Load a file.\n\n    Args:\n        path: Where the file lives, relative to the root.\n    """\n    return open(path).read()\n';
/** A documented function and `n` thin wrappers of it: each wrapper's doc is grounded. */
const wrappers = (n: number): string =>
  [LOAD, ...Array.from({ length: n }, (_, i) => `def f${i}(path):\n    return load(path)\n`)].join('\n\n');
const TS =
  '/**\n * Loads.\n * @param path - Where the file lives, relative to the root.\n */\nexport function load(path: string) {\n  return path;\n}\n\nexport function g(path: string) {\n  return load(path);\n}\n';

describe('generateRepository', () => {
  it('changes at most fileLimit files, the most undocumented first, and its diff applies with git', async () => {
    const dir = repo({
      'a.py': wrappers(1),
      'b.py': wrappers(3),
      'c.py': wrappers(2),
      'd.ts': TS,
      'node_modules/x.js': 'function h(y) { return y; }\n',
    });
    const limited = await generateRepository(dir, { fileLimit: 2 });
    expect(limited.changes.map((c) => c.path)).toEqual(['b.py', 'c.py']);
    const all = await generateRepository(dir);
    expect(all.changes.map((c) => c.path)).toEqual(['a.py', 'b.py', 'c.py', 'd.ts']);
    expect(all.summary.documented).toBe(7);
    expect(all.summary.gateFailures).toEqual([]);
    fs.writeFileSync(path.join(dir, 'p.diff'), all.diff);
    execFileSync('git', ['apply', 'p.diff'], { cwd: dir });
    for (const c of all.changes) expect(fs.readFileSync(path.join(dir, c.path), 'utf8')).toBe(c.after);
    // Idempotent over the whole tree.
    expect((await generateRepository(dir)).changes).toEqual([]);
  });

  it('keeps CRLF line endings and honours the per-language config', async () => {
    const dir = repo({
      'w.py': 'def load(path):\r\n    """Load."""\r\n    return path\r\n\r\n\r\ndef get_name(path):\r\n    return load(path)\r\n',
    });
    const result = await generateRepository(dir, { configs: { Python: { docstringStyle: 'rest', maxDocStringLength: 40 } } });
    expect(result.changes[0]!.after).toBe(
      'def load(path):\r\n    """Load."""\r\n    return path\r\n\r\n\r\ndef get_name(path):\r\n    """Same as `load()`."""\r\n    return load(path)\r\n',
    );
    fs.writeFileSync(path.join(dir, 'p.diff'), result.diff);
    execFileSync('git', ['apply', 'p.diff'], { cwd: dir });
    expect(fs.readFileSync(path.join(dir, 'w.py'), 'utf8')).toBe(result.changes[0]!.after);
  });

  it('refuses a style the language does not support', async () => {
    const dir = repo({ 'w.py': 'def f(x):\n    return x\n' });
    await expect(generateRepository(dir, { configs: { Python: { docstringStyle: 'jsdoc' } } })).rejects.toThrow(/supports google/);
  });
});

describe('a folder that is no git repository', () => {
  it('is read even when its file list is longer than a pipe holds (git exits before reading it)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docgen-no-repo-'));
    // about 100 KB of names, more than the 64 KB a pipe buffers before `git check-ignore` exits
    for (let i = 0; i < 1500; i++) fs.writeFileSync(path.join(dir, `module_with_a_rather_long_name_for_the_pipe_${i}.py`), '');
    fs.writeFileSync(path.join(dir, 'util.py'), wrappers(1));
    const r = await generateRepository(dir);
    expect(r.changes.map((c) => c.path)).toEqual(['util.py']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('writes into a checkout never follow a symbolic link', () => {
  const outside = (): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docgen-outside-'));
    fs.writeFileSync(path.join(dir, 'm.py'), wrappers(1));
    return dir;
  };
  const change = (p: string): FileChange => ({
    path: p,
    language: 'Python',
    before: '',
    after: 'def f0(a):\n    """Written."""\n    return a\n',
    diff: '',
    outcomes: [],
    style: 'google',
  });

  it('a folder of the repository that is a symbolic link: its files are neither read nor written', async () => {
    const out = outside();
    const dir = repo({ 'a.py': wrappers(1) });
    fs.symlinkSync(out, path.join(dir, 'linked'));
    const result = await generateRepository(dir, { files: ['a.py', 'linked/m.py'] });
    expect(result.changes.map((c) => c.path)).toEqual(['a.py']);
    expect(result.summary.unsafePaths).toEqual(['linked/m.py']);
    await expect(writeChanges(dir, [change('linked/m.py')])).rejects.toThrow(
      'linked/m.py: the folder linked is a symbolic link in the repository; nothing was written there.',
    );
    expect(fs.readFileSync(path.join(out, 'm.py'), 'utf8')).toBe(wrappers(1));
  });

  it('a symbolic link to / (rootlink/<absolute path>) writes nothing at that path', async () => {
    const out = outside();
    const dir = repo({ 'a.py': wrappers(1) });
    fs.symlinkSync('/', path.join(dir, 'rootlink'));
    await expect(writeChanges(dir, [change(`rootlink${out}/made.py`), change(`rootlink${out}/new/deeper.py`)])).rejects.toThrow(
      /the folder rootlink is a symbolic link/,
    );
    expect(fs.readdirSync(out)).toEqual(['m.py']);
  });

  it('a file of the repository that is a symbolic link is not written through', async () => {
    const out = outside();
    const dir = repo({ 'a.py': wrappers(1) });
    fs.symlinkSync(path.join(out, 'm.py'), path.join(dir, 'f.py'));
    await expect(writeChanges(dir, [change('f.py')])).rejects.toThrow(
      'f.py: the file is a symbolic link in the repository; nothing was written there.',
    );
    expect(fs.readFileSync(path.join(out, 'm.py'), 'utf8')).toBe(wrappers(1));
  });

  it('writes ordinary files, creating missing folders one by one inside the checkout', async () => {
    const dir = repo({ 'a.py': wrappers(1) });
    await writeChanges(dir, [change('a.py'), change('new/deeper/b.py')]);
    expect(fs.readFileSync(path.join(dir, 'new/deeper/b.py'), 'utf8')).toContain('Written.');
    expect(fs.readFileSync(path.join(dir, 'a.py'), 'utf8')).toContain('Written.');
    await expect(writeChanges(dir, [change('../escape.py')])).rejects.toThrow(/not a plain relative path/);
  });
});

describe('never harm the repository', () => {
  it('leaves tests, fixtures, generated, vendored, git-ignored and non-UTF-8 files alone, and says why', async () => {
    const latin1 = Buffer.concat([
      Buffer.from(`${LOAD}\n\ndef f(path):\n    return load(path)\n\nNAME = '`),
      Buffer.from([0x63, 0x61, 0x66, 0xe9]),
      Buffer.from("'\n"),
    ]);
    const dir = repo({
      'tests/test_a.py': wrappers(1),
      'pkg/a_test.go': 'package pkg\n',
      'src/fixtures/sample.py': wrappers(1),
      'src/__snapshots__/x.py': wrappers(1),
      'gen/api_pb2.py': `# Generated by the protocol buffer compiler.  DO NOT EDIT!\n${wrappers(1)}`,
      'lib/out.py': wrappers(1),
      '.gitignore': 'lib/out.py\n',
      'src/latin.py': latin1,
      'src/ok.py': wrappers(1),
    });
    // a file git ignores but that is present (a build output)
    fs.mkdirSync(path.join(dir, 'lib'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'lib/out.py'), wrappers(1));
    const r = await generateRepository(dir);
    expect(r.changes.map((c) => c.path)).toEqual(['src/ok.py']);
    const why = Object.fromEntries(r.summary.leftAlone.map((l) => [l.path, l.reason]));
    expect(why).toMatchObject({
      'tests/test_a.py': 'a test file',
      'src/fixtures/sample.py': expect.stringContaining('test data'),
      'src/__snapshots__/x.py': expect.stringContaining('test data'),
      'gen/api_pb2.py': expect.stringContaining('generated'),
      'lib/out.py': 'ignored by git',
      'src/latin.py': expect.stringContaining('not valid UTF-8'),
    });
    await writeChanges(dir, r.changes);
    // the non-UTF-8 file is byte for byte what it was
    expect(fs.readFileSync(path.join(dir, 'src/latin.py')).equals(latin1)).toBe(true);
    expect(runFailed(r)).toBe(false);
  });

  // held out, set 6 (docs/metrics/docgen-quality.md): bleach keeps html5lib in `bleach/_vendor/`,
  // re-vendored from a pinned release with patches; Linguist's rules only know `vendor/`
  it('leaves vendored copies alone: _vendor/, _vendored/, vendored/ and third-party folders', async () => {
    const dir = repo({
      'pkg/_vendor/lib/a.py': wrappers(1),
      'pkg/_vendored/b.py': wrappers(1),
      'pkg/vendored/c.py': wrappers(1),
      'src/thirdparty/d.py': wrappers(1),
      'src/ok.py': wrappers(1),
    });
    const r = await generateRepository(dir);
    expect(r.changes.map((c) => c.path)).toEqual(['src/ok.py']);
    const why = Object.fromEntries(r.summary.leftAlone.map((l) => [l.path, l.reason]));
    expect(why).toMatchObject({
      'pkg/_vendor/lib/a.py': 'vendored code',
      'pkg/_vendored/b.py': 'vendored code',
      'pkg/vendored/c.py': 'vendored code',
      'src/thirdparty/d.py': 'vendored code',
    });
  });

  // held out, set 17 (docs/metrics/docgen-quality.md): clap's `clap_bench/benches/` got "Same as
  // app_long()." on a `#[divan::bench]` function, which measures it
  it("leaves a Rust package's benches/ alone, as test code", async () => {
    const rs = '/// Builds the app.\npub fn app_long() -> u32 {\n    1\n}\n\npub fn long_help() -> u32 {\n    app_long()\n}\n';
    const r = await generateRepository(repo({ 'clap_bench/benches/ripgrep.rs': rs, 'src/lib.rs': rs }));
    expect(r.changes.map((c) => c.path)).toEqual(['src/lib.rs']);
    const why = Object.fromEntries(r.summary.leftAlone.map((l) => [l.path, l.reason]));
    expect(why['clap_bench/benches/ripgrep.rs']).toMatch(/bench/);
  });

  // held out, set 17 (docs/metrics/docgen-quality.md): sanic's ruff enforces line-length 79; its
  // long docstrings carry `# noqa: E501`, and new entries widened to them were flagged (E501)
  it("wraps new doc lines within the line length the repository's Python linter enforces", async () => {
    const py = (noqa: string) =>
      'def load(path):\n    """Load a file from a path that is given relative to the repository root, and return its text.\n\n    The text is decoded as UTF-8; a file that is not valid UTF-8 raises the decoding error right here.\n\n    Args:\n        path: Where the file lives, relative to the root of the repository that holds the configuration.\n    """' +
      noqa +
      '\n    return open(path).read()\n\n\nclass Config:\n    def check(self, count):\n        """Check the proxies count of the configuration before the server starts."""\n        if self.config.PROXIES_COUNT and self.config.PROXIES_COUNT < count:\n            raise ValueError("bad")\n        return count\n';
    const added = async (files: Record<string, string>, noqa = '') => {
      const r = await generateRepository(repo({ 'app.py': py(noqa), ...files }));
      const out = r.changes.find((c) => c.path === 'app.py')!.after;
      return out.split('\n').filter((l) => /PROXIES_COUNT/.test(l) && !/^\s+if /.test(l));
    };
    for (const [config, noqa, limit] of [
      [{ 'pyproject.toml': '[tool.ruff]\nline-length = 79\n' }, '', 79],
      [{ 'setup.cfg': '[flake8]\nmax-line-length = 79\n' }, '', 79],
      [{ '.ruff.toml': 'line-length = 79  # Accessibility-friendly\n' }, '', 79],
      // no configuration: a docstring exempted with `# noqa: E501` sets no width (the default, 80)
      [{}, '  # noqa: E501', 80],
    ] as const) {
      const lines = await added(config, noqa);
      expect(lines.length).toBeGreaterThan(0);
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(limit);
    }
  });

  // held out, set 11 (docs/metrics/docgen-quality.md): commandline keeps a copy of the CSharpx
  // library in `src/CommandLine/Infrastructure/CSharpx/`, under its own namespace, in no vendor folder
  it("leaves alone a C# file in the project's own folder that declares another library's namespace", async () => {
    const cs = (ns: string, cls: string) =>
      `namespace ${ns}\n{\n    public static class ${cls}\n    {\n        /// <summary>Binds a function over the value.</summary>\n        public static int Bind(int x)\n        {\n            return x;\n        }\n\n        public static int SelectMany(int x)\n        {\n            return ${cls}.Bind(x);\n        }\n    }\n}\n`;
    const dir = repo({
      'src/CommandLine/Parser.cs': cs('CommandLine', 'Parser'),
      'src/CommandLine/Core/Tokenizer.cs': cs('CommandLine.Core', 'Tokenizer'),
      'src/CommandLine/Infrastructure/CSharpx/Either.cs': cs('CSharpx', 'Either'),
      'demo/ReadText.Demo/Program.cs': cs('ReadText', 'Program'),
    });
    const r = await generateRepository(dir);
    expect(r.changes.map((c) => c.path)).toEqual(['src/CommandLine/Core/Tokenizer.cs', 'src/CommandLine/Parser.cs']);
    const why = Object.fromEntries(r.summary.leftAlone.map((l) => [l.path, l.reason]));
    expect(why['src/CommandLine/Infrastructure/CSharpx/Either.cs']).toMatch(/^vendored code/);
    // a demo project of its own, outside the project's folder, is no copy (Linguist leaves it out as documentation)
    expect(why['demo/ReadText.Demo/Program.cs'] ?? '').not.toMatch(/^vendored/);
  });

  // held out, set 9 (docs/metrics/docgen-quality.md): kryo's Output constructors got Input's
  // "thrown if more bytes than this are read", readInts a test helper's `length`, and a second
  // run wrote more, from the first run's own entries
  it('reuses no parameter text across files by name alone, and a second run over its own output changes nothing', async () => {
    const read = (cls: string) =>
      `package p;\n\nclass ${cls} {\n    /**\n     * Creates a reader.\n     * @param buffer An exception is thrown if more bytes than this are read.\n     */\n    ${cls}(byte[] buffer) {\n        this.b = buffer;\n    }\n}\n`;
    const java = {
      'src/p/Input.java': read('Input'),
      'src/p/ByteBufferInput.java': read('ByteBufferInput'),
      'src/p/Output.java':
        'package p;\n\nclass Output {\n    /**\n     * Creates a writer.\n     */\n    Output(byte[] buffer) {\n        this.b = buffer;\n    }\n\n    /**\n     * Sets the size.\n     * @param size the size in bytes, at least one\n     */\n    void size(int size) {\n        this.s = size;\n    }\n}\n',
      'test/p/CaseTest.java': read('CaseTest'),
    };
    const r = await generateRepository(repo(java));
    expect(r.diff).not.toContain('@param buffer');
    const dir = repo(java);
    const first = await generateRepository(dir);
    await writeChanges(dir, first.changes);
    const second = await generateRepository(dir);
    expect(second.diff).toBe('');
  });

  it('keeps a byte order mark and a missing final newline byte for byte', async () => {
    const text = `\uFEFF${wrappers(1).replace(/\n$/, '')}`;
    const dir = repo({ 'bom.py': text });
    const r = await generateRepository(dir);
    expect(r.changes).toHaveLength(1);
    await writeChanges(dir, r.changes);
    const bytes = fs.readFileSync(path.join(dir, 'bom.py'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const after = bytes.toString('utf8');
    expect(after.endsWith('return load(path)')).toBe(true);
    // every original line is still there, in order
    const added = '    """Same as `load()`.\n\n    Args:\n        path: Where the file lives, relative to the root.\n    """\n';
    expect(after).toContain(added);
    expect(after.replace(added, '')).toBe(text);
    fs.writeFileSync(path.join(dir, 'p.diff'), r.diff);
    execFileSync('git', ['checkout', 'bom.py'], { cwd: dir });
    execFileSync('git', ['apply', 'p.diff'], { cwd: dir });
    expect(fs.readFileSync(path.join(dir, 'bom.py'), 'utf8')).toBe(after);
  });

  it('leaves a file with mixed line endings alone', async () => {
    const dir = repo({ 'mixed.py': wrappers(1).replace('\n', '\r\n') });
    const r = await generateRepository(dir);
    expect(r.changes).toEqual([]);
    expect(r.summary.leftAlone).toEqual([{ path: 'mixed.py', reason: 'mixed or bare-CR line endings' }]);
  });
});
