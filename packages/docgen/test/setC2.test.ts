import { describe, expect, it } from 'vitest';
import { fixtureRepos, read, writeRun } from './support/fixture-repo.ts';

/** docs/metrics/docgen-quality.md, "Set C2" (held out, Java) and its causes fixed after (tuning). */

const repo = fixtureRepos('sC2');

describe('set C2: throws that are not what callers meet', () => {
  it('Java: a body its own comment says is replaced (injected at build time) documents no throw', async () => {
    const root = repo({
      'src/main/java/p/Proxies.java':
        'package p;\n\npublic final class Proxies {\n    /**\n     * Wraps a connection.\n     *\n     * @param c the raw connection\n     * @return a proxy that wraps the connection\n     */\n    static Object wrap(final Object c) {\n        // Body is replaced (injected) by the proxy factory\n        throw new IllegalStateException("You need to run the build to generate the proxies.");\n    }\n\n    /**\n     * Unwraps a connection.\n     *\n     * @param c the proxy\n     * @return the raw connection\n     */\n    static Object unwrap(final Object c) {\n        if (c == null) {\n            throw new IllegalStateException("No proxy to unwrap.");\n        }\n        return c;\n    }\n}\n',
    });
    await writeRun(root);
    const out = read(root, 'src/main/java/p/Proxies.java');
    expect(out).not.toContain('@throws IllegalStateException You need');
    // an ordinary guard in the same file is still documented
    expect(out).toContain('@throws IllegalStateException If {@code c == null}.');
  });

  it('Java: a default method that only says "Please implement me" is a stub, not a documented failure', async () => {
    const root = repo({
      'src/main/java/p/Mapper.java':
        'package p;\n\npublic interface Mapper {\n    /**\n     * Reads a value.\n     *\n     * @param value the text\n     * @return the object\n     */\n    default Object readValue(String value) {\n        throw new UnsupportedOperationException("Please implement me");\n    }\n\n    /**\n     * Writes a value.\n     *\n     * @param value the object\n     * @return the text\n     */\n    default String writeValue(Object value) {\n        throw new UnsupportedOperationException("Writing is switched off in this mapper");\n    }\n}\n',
    });
    await writeRun(root);
    const out = read(root, 'src/main/java/p/Mapper.java');
    expect(out).not.toContain('@throws UnsupportedOperationException Please');
    // an unconditional throw that states a fact about the default is still documented
    expect(out).toContain('@throws UnsupportedOperationException Writing is switched off in this\n     *     mapper.\n');
  });

  it('Java: the same message thrown by a guard and by an unreachable default is one condition, not "…, or <message>"', async () => {
    const root = repo({
      'src/main/java/p/Req.java':
        'package p;\n\npublic class Req {\n    public enum Kind { NPM, PODS, IVY }\n\n    /**\n     * Builds a tilde requirement.\n     *\n     * @param version the version\n     * @param kind the version system\n     * @return the requirement\n     */\n    static String tilde(String version, Kind kind) {\n        if (kind != Kind.NPM && kind != Kind.PODS) {\n            throw new IllegalArgumentException("Tilde requirements are only compatible with NPM and Pods.");\n        }\n        switch (kind) {\n            case NPM:\n                return "~" + version;\n            case PODS:\n                return "~>" + version;\n            default:\n                throw new IllegalArgumentException("Tilde requirements are only compatible with NPM and Pods.");\n        }\n    }\n}\n',
    });
    await writeRun(root);
    const out = read(root, 'src/main/java/p/Req.java');
    expect(out).toContain('     * @throws IllegalArgumentException If\n     *     {@code kind != Kind.NPM && kind != Kind.PODS}.\n     */');
    expect(out).not.toContain(', or tilde requirements');
  });
});

describe('set C3: a decorator line in a reST example is no field', () => {
  it('Python: `@hookable` inside the indented usage example does not receive the new `:raises` line', async () => {
    const root = repo({
      'pkg/hooks.py':
        'def hookable(function=None, name=None):\n    """Adds before and after hooks to any method.\n\n    :param function: function to be decorated\n    :param name: name of the method to be decorated\n    :return: decorated function\n\n    Usage:\n\n        class MyClass(Settings):\n            @hookable\n            def execute_loaders(self):\n                return 1\n\n    See the tests for more examples.\n    """\n    if function and not callable(function):\n        raise TypeError("hookable must be applied with named arguments only")\n    return function\n',
    });
    await writeRun(root);
    const out = read(root, 'pkg/hooks.py');
    expect(out).toContain('        class MyClass(Settings):\n            @hookable\n');
    expect(out).toContain(
      '    See the tests for more examples.\n\n    :raises TypeError: Hookable must be applied with named arguments only.\n    """\n',
    );
  });
});

describe('set C3: a doc that was stale before the run', () => {
  it('Python: a `:return:` the function no longer honours does not make the gate refuse the raise added beside it', async () => {
    const root = repo({
      'pkg/envs.py':
        'class Settings:\n    def setenv(self, env=None):\n        """Set the current env.\n\n        :param env: Upper case name of env\n        :return: context\n        """\n        if not isinstance(env, str):\n            raise ValueError("env should be a string without spaces")\n        self.env = env\n',
    });
    const summary = await writeRun(root);
    expect(summary.summary.refused).toEqual([]);
    expect(read(root, 'pkg/envs.py')).toContain(
      '        :return: context\n        :raises ValueError: env should be a string without spaces.\n        """\n',
    );
  });
});

describe('set C6: a doc that only inherits', () => {
  it("Java: `/** {@inheritDoc} */` gets no @param borrowed from a callee (the parent's entries are inherited)", async () => {
    const root = repo({
      'src/main/java/p/Buffer.java':
        'package p;\n\npublic interface Buffer {\n    /**\n     * Parses a natural number in ASCII.\n     *\n     * @param index  at which the number begins.\n     * @param length of the encoded number in bytes.\n     * @return the value.\n     */\n    long parseNatural(int index, int length);\n}\n',
      'src/main/java/p/ArrayBuffer.java':
        'package p;\n\npublic class ArrayBuffer implements Buffer {\n    /**\n     * {@inheritDoc}\n     */\n    public long parseNatural(final int index, final int length) {\n        boundsCheck(index, length);\n        if (length <= 0) {\n            throw new IllegalArgumentException("empty string: index=" + index);\n        }\n        return index + length;\n    }\n\n    /**\n     * Performs bound checks.\n     *\n     * @param index  to verify.\n     * @param length to verify.\n     */\n    protected final void boundsCheck(final int index, final int length) {\n        if (index < 0) {\n            throw new IndexOutOfBoundsException("index=" + index);\n        }\n    }\n}\n',
    });
    await writeRun(root);
    const out = read(root, 'src/main/java/p/ArrayBuffer.java');
    expect(out).not.toContain('@param index to verify.');
    expect(out).not.toMatch(/\{@inheritDoc\}[^/]*@param/);
    // what the method's own code throws is still its own
    expect(out).toContain('     * {@inheritDoc}\n     *\n     * @throws IllegalArgumentException If {@code length <= 0}.\n     */');
  });
});

describe('set C6: a throw the Java platform guarantees is never reached', () => {
  it('Java: `catch (UnsupportedEncodingException e)` around "UTF-8" documents no throw; around a caller-given charset it does', async () => {
    const root = repo({
      'src/main/java/p/Text.java':
        'package p;\n\nimport java.io.UnsupportedEncodingException;\n\npublic class Text {\n    /**\n     * Decodes UTF-8 bytes.\n     *\n     * @param input the bytes\n     * @return the text\n     */\n    public static String utf8(byte[] input) {\n        try {\n            return new String(input, "UTF-8");\n        }\n        catch (UnsupportedEncodingException e) {\n            throw new IllegalStateException("UTF-8 decoder is not found");\n        }\n    }\n\n    /**\n     * Decodes bytes in a charset.\n     *\n     * @param input the bytes\n     * @param charset the charset name\n     * @return the text\n     */\n    public static String decode(byte[] input, String charset) {\n        try {\n            return new String(input, charset);\n        }\n        catch (UnsupportedEncodingException e) {\n            throw new IllegalArgumentException("Unknown charset");\n        }\n    }\n}\n',
    });
    await writeRun(root);
    const out = read(root, 'src/main/java/p/Text.java');
    expect(out).not.toContain('@throws IllegalStateException');
    expect(out).toContain('@throws IllegalArgumentException Unknown charset.');
  });
});

describe('set C7: a raise the code says is never reached', () => {
  it('Python: `raise AssertionError("can\'t reach here")` after a for-else, and one a comment says is for the type checker, are not documented', async () => {
    const root = repo({
      'pkg/tok.py':
        'def param(cls):\n    """Get the type parameter.\n\n    Args:\n        cls: The type.\n    """\n    if not cls.concrete:\n        raise RuntimeError("Cannot get the type parameter of a non-instantiated type.")\n    return cls.p\n\n\n' +
        'def pick(names, values):\n    """Pick the first name with a value.\n\n    Args:\n        names: The names.\n        values: The values.\n\n    Raises:\n        KeyError: If names is empty.\n\n    Returns:\n        The name.\n    """\n    if not names:\n        raise KeyError("no names")\n    for name, value in zip(names, values):\n        if value is not None:\n            break\n    else:\n        raise AssertionError("can\'t reach here")\n    return name\n\n\ndef first(names):\n    """Return the first name.\n\n    Args:\n        names: The names.\n\n    Raises:\n        KeyError: If names is empty.\n\n    Returns:\n        The name.\n    """\n    if not names:\n        raise KeyError("no names")\n    for name in names:\n        return name\n    # For MyPy\'s benefit\n    raise RuntimeError("no name found")\n\n\ndef check(x):\n    """Check x.\n\n    Args:\n        x: The value.\n    """\n    if x < 0:\n        raise ValueError("x must not be negative")\n    return x\n',
    });
    await writeRun(root);
    const out = read(root, 'pkg/tok.py');
    expect(out).not.toContain("AssertionError: Can't reach here");
    expect(out).not.toContain('RuntimeError: No name found');
    // "Cannot get …" is an ordinary failure, not "can't get here"
    expect(out).toContain('RuntimeError: Cannot get the type parameter of a');
    // an ordinary guard of the same file is still documented
    expect(out).toContain('        ValueError: If x < 0.\n');
  });
});
