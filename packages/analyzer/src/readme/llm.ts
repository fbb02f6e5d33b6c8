import { z } from 'zod';
import { type LlmProvider } from '../llm/provider.ts';

/**
 * The LLM interpretation score through the one provider interface (src/llm): the model reads the
 * README and answers {"score": 0–100}.
 */

/** The README excerpt sent to the model, in characters: about 3k tokens, inside Ollama's 4k default context. */
const MAX_PROMPT_CHARS = 12_000;

const SYSTEM_PROMPT =
  'You review README files of software repositories. Rate how well a newcomer can understand, from this README ' +
  'alone, what the project does, how to install it and how to use it. Answer with JSON only: {"score": <integer 0-100>}.';

/** A score from 0 to 100; a number in a string ("87") is accepted, as some local models write it so. */
const SCORE_SCHEMA = z.object({
  score: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\s*-?\d+(?:\.\d+)?\s*$/)
        .transform(Number),
    ])
    .pipe(z.number().min(0).max(100)),
});

export async function llmInterpretationScore(readme: string, provider: LlmProvider, signal?: AbortSignal): Promise<number> {
  const answer = await provider.completeJson({
    system: SYSTEM_PROMPT,
    user: readme.slice(0, MAX_PROMPT_CHARS),
    schema: SCORE_SCHEMA,
    maxTokens: 50,
    ...(signal ? { signal } : {}),
  });
  return Math.round(answer.score);
}
