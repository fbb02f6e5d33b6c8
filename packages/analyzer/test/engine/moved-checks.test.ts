import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionAnalysisEntry } from '@docent/contracts';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { commitAll, initRepo, tempDir, write } from './helpers.ts';

/**
 * Review suggestions that round 10 judged not worth a look (docs/metrics/outdated.md §What is left
 * after round 10): a check moved into a method the function already called (pdfbox
 * `Overlay.overlay`, 9e36426), or out of the constructor it delegates to (`this(…)`: shiro
 * `Subject.Builder()`), and an exception class renamed with its package (ptyprocess's fork from
 * pexpect, c332eca).
 */
const root = tempDir('moved-checks');
let seen: FunctionAnalysisEntry[] = [];
const suggestionOf = (file: string, name: string): string | null => {
  const f = seen.find((e) => e.fileName === file && e.name === name);
  if (!f) throw new Error(`no ${name} in ${file}`);
  return f.reviewSuggestion?.findings?.map((x) => `${x.code} ${x.params.type ?? ''}`.trim()).join(', ') ?? null;
};

const overlay = (moved: boolean): string =>
  `class Overlay {\n  /**\n   * Overlays the pages.\n   *\n   * @param map the pages by number\n   * @return the document\n   * @throws IOException if reading fails\n   * @throws IllegalArgumentException if the map is empty\n   */\n  public Doc overlay(Map<Integer, String> map) throws IOException {\n${
    moved ? '' : '    if (map.isEmpty()) {\n      throw new IllegalArgumentException("empty");\n    }\n'
  }    loadPdfs(map);\n    return process();\n  }\n\n  /**\n   * Overlays the pages again.\n   *\n   * @param map the pages by number\n   * @return the document\n   * @throws IOException if reading fails\n   * @throws IllegalArgumentException if the map is empty\n   */\n  public Doc again(Map<Integer, String> map) throws IOException {\n${
    moved ? '' : '    if (map.isEmpty()) {\n      throw new IllegalArgumentException("empty");\n    }\n'
  }    return process();\n  }\n\n  private void loadPdfs(Map<Integer, String> map) throws IOException {\n${
    moved ? '    if (map.isEmpty()) {\n      throw new IllegalArgumentException("empty");\n    }\n' : ''
  }    read(map);\n  }\n}\n`;

const builder = (moved: boolean): string =>
  `public class Builder {\n  /**\n   * Builds with the default manager.\n   */\n  public Builder() {\n${
    moved
      ? '    Manager m = Utils.getManager();\n    if (m == null) {\n      throw new IllegalStateException("no manager");\n    }\n    this.manager = m;\n'
      : '    this(Utils.getManager());\n'
  }  }\n\n  /**\n   * Builds with a manager.\n   *\n   * @param manager the manager\n   */\n  public Builder(Manager manager) {\n${
    moved ? '' : '    if (manager == null) {\n      throw new IllegalStateException("no manager");\n    }\n'
  }    this.manager = manager;\n  }\n\n  /**\n   * Opens the builder.\n   */\n  public void open() {\n${
    moved ? '    if (closed) {\n      throw new IllegalStateException("closed");\n    }\n' : ''
  }    start();\n  }\n}\n`;

const pty = (renamed: boolean): string =>
  `${renamed ? 'from .util import PtyProcessError' : 'from pexpect import ExceptionPexpect'}\nfrom keys import InitError, KeyringLocked\n\n\nclass PtyProcess:\n    def wait(self):\n        """Wait for the child to exit and return its status."""\n        if self.closed:\n            raise ${
    renamed ? 'PtyProcessError' : 'ExceptionPexpect'
  }("closed")\n        return self.status\n\n    def collection(self):\n        """Return the preferred collection."""\n        if self.locked:\n            raise ${
    renamed ? 'KeyringLocked' : 'InitError'
  }("locked")\n        return self.found\n\n    def unlock(self):\n        """Unlock the keyring."""\n        if self.failed:\n            raise InitError("failed")\n        self.locked = False\n`;

const rss = (extracted: boolean): string =>
  extracted
    ? 'public interface RSSGenerator {\n  /**\n   * Generates the RSS resource.\n   *\n   * @return A RSS 1.0 feed.\n   */\n  String generate();\n}\n'
    : 'public class RSSGenerator {\n  /**\n   * Generates the RSS resource.\n   *\n   * @return A RSS 1.0 feed.\n   */\n  public String generate() {\n    return RSS.render(feed);\n  }\n}\n';

const tech = (bound: boolean): string =>
  `export class Tech {\n  constructor() {\n${
    bound ? '    this.trackProgress_ = (e) => this.trackProgress(e);\n' : ''
  }    this.ready = false;\n  }\n\n  /**\n   * Polyfill the progress event.\n   *\n   * @see {@link Tech#trackProgress}\n   */\n  manualProgressOn() {\n    this.one('ready', ${
    bound ? 'this.trackProgress_' : 'this.trackProgress'
  });\n  }\n\n  /**\n   * Stop polyfilling.\n   *\n   * @see {@link Tech#stopTracking}\n   */\n  manualProgressOff() {\n    this.off('ready', ${bound ? 'this.halt' : 'this.stopTracking'});\n  }\n}\n`;

beforeAll(async () => {
  initRepo(root);
  write(root, 'tech.js', tech(false));
  write(root, 'RSSGenerator.java', rss(false));
  write(root, 'Overlay.java', overlay(false));
  write(root, 'Builder.java', builder(false));
  write(root, 'pty.py', pty(false));
  commitAll(root, 'first', '2025-01-01T00:00:00Z');
  write(root, 'Overlay.java', overlay(true));
  write(root, 'Builder.java', builder(true));
  write(root, 'pty.py', pty(true));
  write(root, 'RSSGenerator.java', rss(true));
  write(root, 'tech.js', tech(true));
  commitAll(root, 'move the checks; fork the package', '2025-02-01T00:00:00Z');
  const result = await analyzeRepository(root, { cacheDir: tempDir('moved-checks-cache'), only: 'advancedDoc' });
  seen = result.functions as FunctionAnalysisEntry[];
}, 60_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('checks moved between a function and the methods it already calls', () => {
  it('into a method the function already called: still raised, no suggestion (pdfbox `Overlay.overlay`)', () => {
    expect(suggestionOf('Overlay.java', 'Overlay.overlay')).toBeNull();
    // Dropped where no called method took it: still worth a look.
    expect(suggestionOf('Overlay.java', 'Overlay.again')).toBe('RAISE_REMOVED IllegalArgumentException');
  });
  it('out of the constructor it delegated to (`this(…)`): nothing new to callers (shiro `Subject.Builder()`)', () => {
    expect(
      seen.filter((e) => e.fileName === 'Builder.java' && e.name === 'Builder.Builder').map((e) => e.reviewSuggestion ?? null),
    ).toEqual([null, null]);
    // A check written anew in a method that delegated to nothing is one.
    expect(suggestionOf('Builder.java', 'Builder.open')).toBe('RAISE_ADDED IllegalStateException');
  });
});

describe('an exception class renamed (with its package)', () => {
  it('raises what it raised under its old name: no suggestion (ptyprocess c332eca)', () => {
    expect(suggestionOf('pty.py', 'PtyProcess.wait')).toBeNull();
    // A type swapped for another while the old one is still raised in the file is a change.
    expect(suggestionOf('pty.py', 'PtyProcess.collection')).toBe('RAISE_ADDED KeyringLocked');
  });
});

describe('a declaration that lost its body', () => {
  it('an interface extracted: its doc describes the implementations, no suggestion (jspwiki `RSSGenerator.generate`, 078122f)', () => {
    expect(suggestionOf('RSSGenerator.java', 'RSSGenerator.generate')).toBeNull();
  });
});

describe('a method the body still passes through a bound copy', () => {
  it('a method passed through a bound copy of itself (`this.trackProgress_`) is still used (video.js 17a6147)', () => {
    expect(suggestionOf('tech.js', 'Tech.manualProgressOn')).toBeNull();
    expect(suggestionOf('tech.js', 'Tech.manualProgressOff')).toBe('BODY_CHANGED');
  });
});
