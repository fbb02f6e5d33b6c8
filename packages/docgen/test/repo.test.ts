import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRepository, writeChanges, type FileChange } from '../src/index.ts';

function repo(files: Record<string, string>): string {
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

const undocumented = (n: number): string => Array.from({ length: n }, (_, i) => `def f${i}(a):\n    return a\n`).join('\n');

describe('generateRepository', () => {
  it('changes at most fileLimit files, the most undocumented first, and its diff applies with git', async () => {
    const dir = repo({ 'a.py': undocumented(1), 'b.py': undocumented(3), 'c.py': undocumented(2), 'd.ts': 'export function g(x: number) {\n  return x;\n}\n', 'node_modules/x.js': 'function h(y) { return y; }\n' });
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
    const dir = repo({ 'w.py': 'def get_name(x):\r\n    return x\r\n' });
    const result = await generateRepository(dir, { configs: { Python: { docstringStyle: 'rest', maxDocStringLength: 40 } } });
    expect(result.changes[0]!.after).toBe('def get_name(x):\r\n    """Get name.\r\n\r\n    :param x: The x.\r\n    :returns: The name.\r\n    """\r\n    return x\r\n');
    fs.writeFileSync(path.join(dir, 'p.diff'), result.diff);
    execFileSync('git', ['apply', 'p.diff'], { cwd: dir });
    expect(fs.readFileSync(path.join(dir, 'w.py'), 'utf8')).toBe(result.changes[0]!.after);
  });

  it('refuses a style the language does not support', async () => {
    const dir = repo({ 'w.py': 'def f(x):\n    return x\n' });
    await expect(generateRepository(dir, { configs: { Python: { docstringStyle: 'jsdoc' } } })).rejects.toThrow(/supports google/);
  });
});

describe('writes into a checkout never follow a symbolic link', () => {
  const outside = (): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docgen-outside-'));
    fs.writeFileSync(path.join(dir, 'm.py'), undocumented(1));
    return dir;
  };
  const change = (p: string): FileChange => ({ path: p, language: 'Python', before: '', after: 'def f0(a):\n    """Written."""\n    return a\n', diff: '', outcomes: [] });

  it('a folder of the repository that is a symbolic link: its files are neither read nor written', async () => {
    const out = outside();
    const dir = repo({ 'a.py': undocumented(1) });
    fs.symlinkSync(out, path.join(dir, 'linked'));
    const result = await generateRepository(dir, { files: ['a.py', 'linked/m.py'] });
    expect(result.changes.map((c) => c.path)).toEqual(['a.py']);
    expect(result.summary.unsafePaths).toEqual(['linked/m.py']);
    await expect(writeChanges(dir, [change('linked/m.py')])).rejects.toThrow('linked/m.py: the folder linked is a symbolic link in the repository; nothing was written there.');
    expect(fs.readFileSync(path.join(out, 'm.py'), 'utf8')).toBe(undocumented(1));
  });

  it('a symbolic link to / (rootlink/<absolute path>) writes nothing at that path', async () => {
    const out = outside();
    const dir = repo({ 'a.py': undocumented(1) });
    fs.symlinkSync('/', path.join(dir, 'rootlink'));
    await expect(writeChanges(dir, [change(`rootlink${out}/made.py`), change(`rootlink${out}/new/deeper.py`)])).rejects.toThrow(/the folder rootlink is a symbolic link/);
    expect(fs.readdirSync(out)).toEqual(['m.py']);
  });

  it('a file of the repository that is a symbolic link is not written through', async () => {
    const out = outside();
    const dir = repo({ 'a.py': undocumented(1) });
    fs.symlinkSync(path.join(out, 'm.py'), path.join(dir, 'f.py'));
    await expect(writeChanges(dir, [change('f.py')])).rejects.toThrow('f.py: the file is a symbolic link in the repository; nothing was written there.');
    expect(fs.readFileSync(path.join(out, 'm.py'), 'utf8')).toBe(undocumented(1));
  });

  it('writes ordinary files, creating missing folders one by one inside the checkout', async () => {
    const dir = repo({ 'a.py': undocumented(1) });
    await writeChanges(dir, [change('a.py'), change('new/deeper/b.py')]);
    expect(fs.readFileSync(path.join(dir, 'new/deeper/b.py'), 'utf8')).toContain('Written.');
    expect(fs.readFileSync(path.join(dir, 'a.py'), 'utf8')).toContain('Written.');
    await expect(writeChanges(dir, [change('../escape.py')])).rejects.toThrow(/not a plain relative path/);
  });
});

