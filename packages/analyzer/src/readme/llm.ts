/**
 * The LLM interpretation score through an OpenAI-compatible chat-completions endpoint:
 * POST {baseUrl}/chat/completions {model, messages, temperature} → choices[0].message.content,
 * which must hold {"score": 0–100}.
 */
export interface LlmConfig {
  baseUrl: string;
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
}

const DEFAULT_MODEL = 'gpt-4o-mini';
const DEFAULT_TIMEOUT_MS = 30_000;
/** The README excerpt sent to the model, in characters. */
const MAX_PROMPT_CHARS = 24_000;

const SYSTEM_PROMPT =
  'You review README files of software repositories. Rate how well a newcomer can understand, from this README ' +
  'alone, what the project does, how to install it and how to use it. Answer with JSON only: {"score": <integer 0-100>}.';

/** Reads the score from the model's answer: JSON {"score": n}, or failing that the first number. */
export function parseScore(content: string): number {
  const json = /\{[\s\S]*\}/.exec(content)?.[0];
  let value: unknown;
  if (json) {
    try {
      value = (JSON.parse(json) as { score?: unknown }).score;
    } catch {
      value = undefined;
    }
  }
  if (typeof value !== 'number') value = Number(/-?\d+(?:\.\d+)?/.exec(content)?.[0]);
  const n = value as number;
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new Error(`the model's answer holds no score from 0 to 100: ${content.slice(0, 80)}`);
  return Math.round(n);
}

export async function llmInterpretationScore(readme: string, config: LlmConfig, signal?: AbortSignal): Promise<number> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeout = AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const res = await fetch(url, {
    method: 'POST',
    headers,
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    body: JSON.stringify({
      model: config.model ?? DEFAULT_MODEL,
      temperature: 0,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: readme.slice(0, MAX_PROMPT_CHARS) },
      ],
    }),
  });
  if (!res.ok) throw new Error(`the LLM endpoint answered HTTP ${res.status}`);
  const body = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('the LLM answer has no choices[0].message.content');
  return parseScore(content);
}
