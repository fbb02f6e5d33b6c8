import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult, FunctionAnalysisEntry } from '@docent/contracts';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { createLlmProvider, type LlmConfig, type LlmProvider } from '../../src/llm/index.ts';
import { commitAll, initRepo, tempDir, write } from '../engine/helpers.ts';
import { answer, startLlmLoopback, type Loopback } from '../helpers/llm-loopback.ts';

/**
 * The outdated judge (docs/metrics/outdated.md): review suggestions — body changes no rule calls a
 * contradiction — are shown to the model; its "yes" promotes the function to OUTDATED, marked
 * as judged by the model with its reason; its "no" (or a failure) leaves the suggestion.
 */
const root = tempDir('llm-judge');
let server: Loopback;
let shaChange = '';

const FIRST = `def scale(a):
    """Multiply the value by 2.

    Args:
        a: the value.
    """
    return a * 2


def clamp(a):
    """Keep the value at or above zero (\`\`max\`\` of it and 0).

    Args:
        a: the value.
    """
    return max(a, 0)
`;

beforeAll(async () => {
  initRepo(root);
  write(root, 'mod.py', FIRST);
  commitAll(root, 'first', '2025-01-01T00:00:00Z');
  // Both bodies change where they use a word the doc names ('2', 'max'); no contract rule fires:
  // two review suggestions.
  write(root, 'mod.py', FIRST.replace('return a * 2', 'return a * 3').replace('return max(a, 0)', 'return a if a >= 0 else 0'));
  shaChange = commitAll(root, 'change', '2025-02-01T00:00:00Z');
  server = await startLlmLoopback((req) =>
    req.user.includes('Function: scale.')
      ? answer({ outdated: true, reason: 'The doc says it doubles the value, but it now triples it.' })
      : answer({ outdated: false, reason: 'Same behaviour, a local variable was added.' }),
  );
});
afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const byName = (r: AnalysisResult): Map<string, FunctionAnalysisEntry> => new Map(r.functions.map((f) => [f.name, f]));
const run = (llm?: LlmProvider | LlmConfig): Promise<AnalysisResult> =>
  analyzeRepository(root, { cacheDir: tempDir('llm-judge-cache'), ...(llm ? { llm } : {}) });

describe('outdated judge', () => {
  it('without a provider both changes stay review suggestions', async () => {
    const fns = byName(await run());
    expect(fns.get('scale')!.outdatedStatus.status).toBe('CURRENT');
    expect(fns.get('scale')!.reviewSuggestion).toMatchObject({ commit: shaChange, findings: [{ code: 'BODY_CHANGED' }] });
    expect(fns.get('clamp')!.reviewSuggestion).toMatchObject({ commit: shaChange });
    expect(server.requests).toHaveLength(0);
  });

  it("promotes the suggestion the model calls outdated, marked with the model's reason; keeps the one it does not", async () => {
    const provider = createLlmProvider({ baseUrl: `${server.url}/v1`, model: 'judge-model', cacheDir: tempDir('llm-answers') });
    const result = await run(provider);
    const fns = byName(result);
    const scale = fns.get('scale')!;
    expect(scale.outdatedStatus).toMatchObject({
      status: 'OUTDATED',
      source: 'llm',
      commit: shaChange,
      findings: [
        {
          code: 'LLM_JUDGED_OUTDATED',
          params: { reason: 'The doc says it doubles the value, but it now triples it.', model: 'judge-model', commit: shaChange },
        },
      ],
    });
    expect(scale.outdatedStatus.explanation).toBe('The doc says it doubles the value, but it now triples it. (judged by judge-model)');
    expect(scale.reviewSuggestion).toBeNull();
    const clamp = fns.get('clamp')!;
    expect(clamp.outdatedStatus.status).toBe('CURRENT');
    expect(clamp.reviewSuggestion).toMatchObject({ commit: shaChange });
    expect(result.report.advancedFuncDocAnalysis!.outdatedDocCount).toBe(1);
    // The model saw the doc, the function as documented and as it is now.
    const asked = server.requests.find((r) => r.user.includes('Function: scale.'))!;
    expect(asked.user).toContain('Multiply the value by 2.');
    expect(asked.user).toContain('return a * 2');
    expect(asked.user).toContain('return a * 3');
    expect(asked.body.temperature).toBe(0);
    // A second analysis asks nothing again: the answers are cached by content.
    const before = server.requests.length;
    const again = byName(await run(provider));
    expect(server.requests.length).toBe(before);
    expect(again.get('scale')!.outdatedStatus.source).toBe('llm');
  });

  it('a failing model changes nothing and reports a short reason', async () => {
    server.respond(() => ({ status: 500, body: 'internal details' }));
    const reasons: string[] = [];
    const fns = byName(await run({ baseUrl: `${server.url}/v1`, model: 'broken', onFailure: (r: string) => reasons.push(r) }));
    expect(fns.get('scale')!.outdatedStatus.status).toBe('CURRENT');
    expect(fns.get('scale')!.reviewSuggestion).not.toBeNull();
    expect(reasons.some((r) => r.includes('HTTP 500') && !r.includes('internal details'))).toBe(true);
  });

  it('an outdated verdict without a one-line reason is not taken', async () => {
    server.respond(() => answer({ outdated: true, reason: '```\ncode\n```' }));
    const fns = byName(await run({ baseUrl: `${server.url}/v1`, model: 'fenced' }));
    expect(fns.get('scale')!.outdatedStatus.status).toBe('CURRENT');
  });
});
