import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmProvider, type LlmProvider } from '@docent/analyzer';
import { gateFile, generateFile, generateRepository } from '../src/index.ts';
import { answer, startLlmLoopback, type Loopback } from '../../analyzer/test/helpers/llm-loopback.ts';

/** docs/design.md §7, Pipeline step 4: the model's prose where it passes the checks, the deterministic text elsewhere. */

const PY = `def get_user(user_id, retries=3):
    if user_id < 0:
        raise ValueError('negative id')
    return DB[user_id]
`;
const google = { docstringStyle: 'google', maxDocStringLength: 80 };
const GOOD = {
  summary: 'Look up a user record in the in-memory database',
  params: { user_id: 'Identifier of the user to look up.', retries: 'How many times to try again.' },
  returns: 'The stored user record.',
  raises: { ValueError: 'When the identifier is negative.' },
};

let server: Loopback;
let openai: LlmProvider;
const reasons: string[] = [];
beforeAll(async () => {
  server = await startLlmLoopback();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  reasons.length = 0;
  // A fresh provider per test: no answer cached from another test.
  // A generous timeout: a loaded CI machine must not turn a valid answer into a fallback. The
  // timeout case uses its own short-timeout provider.
  openai = createLlmProvider({ baseUrl: `${server.url}/v1`, model: 'docs-model', timeoutMs: 10_000, onFailure: (r) => reasons.push(r) });
});

const plain = () => generateFile(PY, 'Python', 'u.py', google);

describe('docgen enrichment', () => {
  it("uses the model's summary, parameter and return texts (the raise stays as the code states it), marks the function as model prose, and passes the gate", async () => {
    server.respond(() => answer(GOOD));
    const r = await generateFile(PY, 'Python', 'u.py', google, { llm: openai });
    expect(r.output).toBe(`def get_user(user_id, retries=3):
    """Look up a user record in the in-memory database.

    Args:
        user_id: Identifier of the user to look up.
        retries: How many times to try again. Defaults to 3.

    Returns:
        The stored user record.

    Raises:
        ValueError: If user_id < 0.
    """
    if user_id < 0:
        raise ValueError('negative id')
    return DB[user_id]
`);
    expect(r.outcomes).toEqual([
      { name: 'get_user', line: 1, action: 'documented', prose: 'model', modelFields: ['summary', 'params', 'returns'] },
    ]);
    expect((await gateFile(r, 'Python', 'u.py', google)).problems).toEqual([]);
    // What was sent: the facts and the code span, at temperature 0.
    const req = server.requests[0]!;
    expect(req.body.temperature).toBe(0);
    expect(req.user).toContain('Parameters: user_id, retries = 3.');
    // The raise is grounded in the code: the model is not asked about it.
    expect(req.user).not.toContain('Raised types');
    expect(req.user).toContain("raise ValueError('negative id')");
  });

  it('a hallucinated parameter: no parameter entry is written (nothing grounded), the rest is taken', async () => {
    server.respond(() => answer({ ...GOOD, params: { ...GOOD.params, verbose: 'Print more.' } }));
    const r = await generateFile(PY, 'Python', 'u.py', google, { llm: openai });
    expect(r.output).not.toContain('Args:');
    expect(r.output).toContain('Look up a user record');
    expect(r.outcomes[0]).toMatchObject({
      prose: 'model',
      modelFields: ['summary', 'returns'],
      rejected: ["params: it names 'verbose', not in the signature"],
    });
  });

  it('vacuous fields (restating the name) are refused; the good ones are kept', async () => {
    server.respond(() =>
      answer({ summary: 'Get user.', params: { user_id: 'The user id.', retries: 'How many times to try again.' }, returns: 'The user.' }),
    );
    const r = await generateFile(PY, 'Python', 'u.py', google, { llm: openai });
    // no summary survives: no doc at all, and the refusals are logged
    expect(r.output).toBe(PY);
    expect(r.outcomes[0]).toMatchObject({ action: 'skipped', reason: expect.stringContaining('summary: it only restates the name') });
    server.respond(() =>
      answer({
        summary: 'Look up a user record in the in-memory database',
        params: { user_id: 'The user id.', retries: 'How many times to try again.' },
        returns: 'The user.',
      }),
    );
    const fresh = createLlmProvider({ baseUrl: `${server.url}/v1`, model: 'docs-model' });
    const kept = await generateFile(PY, 'Python', 'u.py', google, { llm: fresh });
    // with `user_id` refused, an `Args:` list with `retries` alone would be partial: none is written
    // (docs/decisions.md, "A parameter list added is complete or not added")
    expect(kept.output).toContain('    """Look up a user record in the in-memory database.\n\n    Raises:');
    expect(kept.output).not.toContain('Args:');
    expect(kept.output).not.toContain('user_id:');
    expect(kept.output).not.toContain('Returns:');
    expect((kept.outcomes[0] as { rejected: string[] }).rejected).toEqual([
      'params: user_id: it only restates the name',
      'returns: it only restates the name',
    ]);
  });

  it('a code fence, several lines or an over-long text: that field stays deterministic', async () => {
    server.respond(() =>
      answer({
        summary: '```python\nget_user(1)\n```',
        returns: 'x'.repeat(400),
        raises: { ValueError: 'When negative.\nAlso other times.' },
      }),
    );
    const r = await generateFile(PY, 'Python', 'u.py', google, { llm: openai });
    expect(r.output).toBe((await plain()).output);
    expect(r.output).toBe(PY); // nothing grounded gives a summary: no doc
    expect(r.outcomes[0]).toMatchObject({
      action: 'skipped',
      reason:
        "nothing grounded, and the model's text was refused (summary: it holds a code fence; returns: it is longer than 200 characters)",
    });
  });

  it('text a doc parser would read as a tag or section is refused', async () => {
    server.respond(() => answer({ summary: 'Get the user. Returns: a dict', params: { user_id: '@param x' } }));
    const r = await generateFile(PY, 'Python', 'u.py', google, { llm: openai });
    expect(r.output).toBe((await plain()).output);
  });

  it.each([
    ['invalid JSON', (): Parameters<Loopback['respond']>[0] => () => ({ text: 'Here are the docs you asked for!' })],
    ['an HTTP 500', (): Parameters<Loopback['respond']>[0] => () => ({ status: 500, body: '{"error":"overloaded"}' })],
    ['a timeout', (): Parameters<Loopback['respond']>[0] => () => ({ hang: true })],
    ['a wrong JSON shape', (): Parameters<Loopback['respond']>[0] => () => answer({ summary: 42 })],
  ])('%s: the deterministic text, byte for byte, and a short reason logged', async (_what, reply) => {
    server.respond(reply());
    const llm =
      _what === 'a timeout'
        ? createLlmProvider({ baseUrl: `${server.url}/v1`, model: 'docs-model', timeoutMs: 300, onFailure: (r) => reasons.push(r) })
        : openai;
    const r = await generateFile(PY, 'Python', 'u.py', google, { llm });
    const p = await plain();
    expect(r.output).toBe(p.output);
    expect(r.outcomes).toEqual([]);
    expect(r.needsSummary).toEqual(p.needsSummary);
    expect(p.needsSummary).toEqual([{ name: 'get_user', line: 1 }]);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(/^Docstring prose for get_user: .*; the deterministic result was kept$/);
    expect(reasons[0]).not.toContain('overloaded');
  });

  it('a Go summary must start with the identifier', async () => {
    const go = 'package p\n\nfunc GetUser(id int) string {\n\treturn ""\n}\n';
    const cfg = { docstringStyle: 'godoc', maxDocStringLength: 80 };
    server.respond(() => answer({ summary: 'Fetches the user.' }));
    const refused = await generateFile(go, 'Go', 'p.go', cfg, { llm: openai });
    expect(refused.output).toBe((await generateFile(go, 'Go', 'p.go', cfg)).output);
    server.respond(() => answer({ summary: 'GetUser fetches the user by id.' }));
    // A new provider: the same prompt would otherwise be answered from the first one's cache.
    const fresh = createLlmProvider({ baseUrl: `${server.url}/v1`, model: 'docs-model' });
    const taken = await generateFile(go, 'Go', 'p.go', cfg, { llm: fresh });
    expect(taken.output).toContain('// GetUser fetches the user by id.\nfunc GetUser');
    // Go docs are the summary alone: nothing else was asked.
    expect(server.requests.at(-1)!.user).toContain('Keys asked for: summary.');
  });

  it('an existing sectioned doc: only the missing parameter is asked for and replaced; human text stays', async () => {
    const src = 'def f(a, b):\n    """Human summary.\n\n    Args:\n        a: human text.\n    """\n    print(a, b)\n';
    server.respond(() => answer({ params: { b: 'The second operand.' } }));
    const r = await generateFile(src, 'Python', 'f.py', google, { llm: openai });
    expect(r.output).toBe(
      'def f(a, b):\n    """Human summary.\n\n    Args:\n        a: human text.\n        b: The second operand.\n    """\n    print(a, b)\n',
    );
    expect(server.requests[0]!.user).toContain('Keys asked for: params.');
    expect(server.requests[0]!.user).toContain('Parameters: b.');
    expect(r.outcomes[0]).toMatchObject({ action: 'updated', prose: 'model', modelFields: ['params'] });
  });

  it('through the Anthropic wire format too', async () => {
    server.respond(() => answer(GOOD));
    const claude = createLlmProvider({ provider: 'anthropic', baseUrl: server.url, apiKey: 'ak', model: 'claude-test' });
    const r = await generateFile(PY, 'Python', 'u.py', google, { llm: claude });
    expect(r.output).toContain('Look up a user record in the in-memory database.');
    expect(server.requests[0]).toMatchObject({ wire: 'anthropic', model: 'claude-test' });
  });

  it('generateRepository counts the functions with model prose and names the model; none without a provider', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docgen-llm-'));
    fs.writeFileSync(path.join(dir, 'u.py'), PY);
    fs.writeFileSync(path.join(dir, 'v.py'), 'def ping():\n    return 1\n');
    execFileSync('git', ['init', '-q'], { cwd: dir });
    server.respond((req) => (req.user.includes('Function: get_user.') ? answer(GOOD) : { text: 'not json' }));
    const r = await generateRepository(dir, { llm: openai });
    expect(r.summary).toMatchObject({ documented: 1, modelProse: 1, model: 'docs-model', gateFailures: [] });
    expect(r.summary.needsSummary).toEqual([{ path: 'v.py', name: 'ping', line: 1 }]);
    const off = await generateRepository(dir);
    // offline, nothing grounded gives either function a summary: both are listed, none written
    expect(off.summary).toMatchObject({ documented: 0, modelProse: 0, model: null });
    expect(off.changes).toEqual([]);
    expect(off.summary.needsSummary.map((n) => n.name)).toEqual(['get_user', 'ping']);
  });
});
