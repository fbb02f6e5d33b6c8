import { describe, expect, it } from 'vitest';
import { gated } from './gated-run.ts';

/** docs/docgen.md, "Deprecation": a grounded "Deprecated:" entry, only from the code's own note or message. */

const run = gated;

describe('deprecation notes from the code', () => {
  it('Python: warnings.warn(..., DeprecationWarning) at the body level and a @deprecated decorator', async () => {
    const src =
      'import warnings\n\n\ndef old_size(path):\n    warnings.warn("old_size() is replaced by size().", DeprecationWarning, stacklevel=2)\n    return size(path)\n\n\n@deprecated("Use Client.open() instead")\ndef connect(url):\n    return Client(url)\n';
    const r = await run(src, 'Python', 'd.py', 'google');
    expect(r.output).toContain('def old_size(path):\n    """Deprecated: old_size() is replaced by size()."""\n    warnings.warn(');
    expect(r.output).toContain('def connect(url):\n    """Deprecated: Use Client.open() instead."""\n');
    expect(r.outcomes.find((o) => o.name === 'connect')).toMatchObject({
      sources: expect.arrayContaining(['deprecated: code: the @deprecated decorator at line 9']),
    });
  });
  it('Python: a warning under a condition, a built message or another category gives nothing', async () => {
    const src =
      'import warnings\n\n\ndef resize(width, mode=None):\n    if mode is not None:\n        warnings.warn("mode is ignored", DeprecationWarning)\n    return width\n\n\ndef scale(k):\n    warnings.warn(f"scale({k}) is old", DeprecationWarning)\n    return k\n\n\ndef shout(k):\n    warnings.warn("loud", UserWarning)\n    return k\n';
    const r = await run(src, 'Python', 'e.py', 'google');
    expect(r.output).toBe(src);
  });
  it('Rust: #[deprecated(note = ...)] and #[deprecated = ...]; a bare #[deprecated] gives nothing', async () => {
    const src =
      '#[deprecated(since = "1.2.0", note = "use `parse_str` instead")]\npub fn parse(s: &str) -> u32 {\n    0\n}\n\n#[deprecated = "renamed to `size`"]\npub fn len(s: &str) -> usize {\n    0\n}\n\n#[deprecated]\npub fn old() {}\n';
    const r = await run(src, 'Rust', 'd.rs', 'rustdoc');
    expect(r.output).toContain('/// Deprecated: use `parse_str` instead.\n#[deprecated(since');
    expect(r.output).toContain('/// Deprecated: renamed to `size`.\n#[deprecated = ');
    expect(r.output).toContain('\n\n#[deprecated]\npub fn old() {}\n');
  });
  it('Java: @Deprecated(since, forRemoval) gives an escaped @deprecated tag; a bare @Deprecated gives nothing', async () => {
    const src =
      'package p;\n\nclass A {\n    @Deprecated(since = "2.0", forRemoval = true)\n    public int width() {\n        return w;\n    }\n\n    @Deprecated\n    public int height() {\n        return h;\n    }\n}\n';
    const r = await run(src, 'Java', 'A.java', 'javadoc');
    expect(r.output).toContain(
      '    /** @deprecated Since 2.0; to be removed in a future release. */\n    @Deprecated(since = "2.0", forRemoval = true)\n',
    );
    expect(r.output).toContain('\n\n    @Deprecated\n    public int height()');
  });
  it('JavaScript: process.emitWarning(msg, "DeprecationWarning") gives a @deprecated tag', async () => {
    const src =
      "function lstat(p, cb) {\n  process.emitWarning('lstat() is deprecated, use stat() with { follow: false }', 'DeprecationWarning');\n  return stat(p, cb);\n}\n";
    const r = await run(src, 'JavaScript', 'd.js', 'jsdoc');
    expect(r.output).toContain('/** @deprecated lstat() is deprecated, use stat() with { follow: false }. */\nfunction lstat(');
  });
});
