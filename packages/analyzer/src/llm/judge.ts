import { z } from 'zod';
import { cleanProse, LlmError, type LlmProvider } from './provider.ts';

/**
 * The outdated judge (docs/metrics/outdated.md): a review suggestion ("the body changed after the doc")
 * is shown to the model with the doc and the function before and after; it answers whether the
 * change makes the doc wrong, with a one-line reason. The answer is cached by the provider under
 * the prompt's hash, which covers the doc, the old body, the new body and the model.
 */

export const JUDGE_SCHEMA = z.object({ outdated: z.boolean(), reason: z.string() });
export type JudgeAnswer = z.infer<typeof JUDGE_SCHEMA>;

export interface JudgeInput {
  language: string;
  name: string;
  doc: string;
  /** the function when its doc was last changed; null when that version could not be read */
  before: string | null;
  after: string;
  /** what the rules saw changing ("parameter 'x' added; the body changed") */
  changes: string;
}

export interface JudgeVerdict {
  outdated: boolean;
  reason: string;
}

/** Prompt budget per part, in characters: the whole prompt stays near 2k tokens (Ollama's /v1 default context is 4k). */
const DOC_CHARS = 1500;
const CODE_CHARS = 2500;
const REASON_CHARS = 200;

const SYSTEM =
  "You check whether a code change made a function's documentation wrong. The documentation was written for the " +
  'function as it was BEFORE; the function is now as shown in AFTER. Answer with JSON only: ' +
  '{"outdated": true|false, "reason": "<one short sentence>"}. Say outdated true only when the documentation now ' +
  'states something false or misleading about the new code (a parameter, return value, raised error or behaviour ' +
  'it describes no longer holds). Refactoring, renamed locals, formatting, logging or extra checks that the ' +
  'documentation does not describe are not outdated.';

const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max)}\n… (cut)`);

function judgePrompt(input: JudgeInput): { system: string; user: string } {
  const user = [
    `Language: ${input.language}. Function: ${input.name}.`,
    `Changes seen: ${input.changes}`,
    'DOCUMENTATION:',
    cut(input.doc, DOC_CHARS),
    'BEFORE:',
    input.before === null ? '(not available)' : cut(input.before, CODE_CHARS),
    'AFTER:',
    cut(input.after, CODE_CHARS),
  ].join('\n');
  return { system: SYSTEM, user };
}

/** The model's verdict, or null when it gave none usable (the caller keeps the review suggestion). */
export async function judgeReview(provider: LlmProvider, input: JudgeInput, signal?: AbortSignal): Promise<JudgeVerdict | null> {
  if (!provider.enabled) return null;
  const { system, user } = judgePrompt(input);
  try {
    const answer = await provider.completeJson({ system, user, schema: JUDGE_SCHEMA, maxTokens: 200, ...(signal ? { signal } : {}) });
    const reason = cleanProse(answer.reason, REASON_CHARS);
    if (answer.outdated && reason === null) {
      provider.reportFailure(`Outdated judge (${input.name})`, new LlmError('schema', 'the reason is not one short line'));
      return null;
    }
    return { outdated: answer.outdated, reason: reason ?? '' };
  } catch (err) {
    signal?.throwIfAborted();
    provider.reportFailure(`Outdated judge (${input.name})`, err);
    return null;
  }
}
