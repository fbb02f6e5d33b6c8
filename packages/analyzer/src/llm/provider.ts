import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';

/**
 * One LLM provider interface for the analyzer and docgen (docs/design.md §1; docs/architecture.md, LLM providers):
 * a JSON completion at temperature 0, validated by a zod schema, cached by (provider, model,
 * prompt hash) in memory and optionally in a directory. Nothing requires a model: `none` is the
 * default, and every caller falls back to its deterministic result when a call fails.
 *
 * Errors never carry the provider's answer body (it may echo the prompt, a key, or anything):
 * an LlmError says only what went wrong in a few words (HTTP status, timeout, not JSON…).
 */

export type LlmProviderName = 'none' | 'openai-compatible' | 'anthropic';
export const LLM_PROVIDERS: readonly LlmProviderName[] = ['none', 'openai-compatible', 'anthropic'];

export interface LlmConfig {
  /** default: openai-compatible when baseUrl is set (the README client's old configuration), else none */
  provider?: LlmProviderName;
  /** openai-compatible: the URL in front of /chat/completions (e.g. http://localhost:11434/v1); anthropic: default https://api.anthropic.com */
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** per request; default 30 s */
  timeoutMs?: number;
  /** a directory answers are kept in across processes (the server passes one under DATA_DIR) */
  cacheDir?: string;
  /** told a short reason when a call fails and the caller falls back (never the answer body) */
  onFailure?: (reason: string) => void;
}

export interface JsonRequest<T> {
  /** the instructions */
  system: string;
  /** the material: keep it small (Ollama's /v1 cuts prompts at its 4k-token default context) */
  user: string;
  schema: z.ZodType<T>;
  /** answer budget in tokens (Anthropic requires one); default 512 */
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface LlmProvider {
  readonly name: LlmProviderName;
  /** the model named in answers' provenance ("judged by …") */
  readonly model: string;
  /** false for `none`: callers skip the model entirely */
  readonly enabled: boolean;
  /** the answer as the schema parsed it; throws LlmError (never with the answer's text) */
  completeJson<T>(request: JsonRequest<T>): Promise<T>;
  /** reports a fallback's reason to the configured logger */
  reportFailure(what: string, error: unknown): void;
}

export type LlmErrorKind = 'disabled' | 'http' | 'timeout' | 'network' | 'invalid-json' | 'schema' | 'aborted';

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_ANTHROPIC_MODEL = 'claude-3-5-haiku-latest';
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
/** Answers are read up to this size; a longer body is no JSON verdict of ours. */
const MAX_ANSWER_BYTES = 256 * 1024;
const MEMORY_ENTRIES = 5000;

/** The configured provider from the environment: LLM_PROVIDER, LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS. */
export function llmConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LlmConfig {
  const raw = (env.LLM_PROVIDER ?? '').trim().toLowerCase();
  if (raw !== '' && !LLM_PROVIDERS.includes(raw as LlmProviderName)) {
    throw new Error(`LLM_PROVIDER must be one of ${LLM_PROVIDERS.join(', ')}, got "${env.LLM_PROVIDER}"`);
  }
  const timeout = env.LLM_TIMEOUT_MS;
  let timeoutMs: number | undefined;
  if (timeout !== undefined && timeout !== '') {
    timeoutMs = Number(timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new Error(`LLM_TIMEOUT_MS must be a positive integer, got "${timeout}"`);
  }
  const config: LlmConfig = {};
  if (raw !== '') config.provider = raw as LlmProviderName;
  if (env.LLM_BASE_URL) config.baseUrl = env.LLM_BASE_URL;
  if (env.LLM_API_KEY) config.apiKey = env.LLM_API_KEY;
  if (env.LLM_MODEL) config.model = env.LLM_MODEL;
  if (timeoutMs !== undefined) config.timeoutMs = timeoutMs;
  return config;
}

/** Which provider a configuration means: an explicit LLM_PROVIDER, else LLM_BASE_URL alone → openai-compatible. */
export function providerNameOf(config: LlmConfig): LlmProviderName {
  if (config.provider) return config.provider;
  return config.baseUrl ? 'openai-compatible' : 'none';
}

/** A provider, or the caller's provider as it is. A configuration that names none gives the disabled provider. */
export function resolveLlm(llm: LlmProvider | LlmConfig | undefined | null): LlmProvider {
  if (!llm) return NONE;
  if (isProvider(llm)) return llm;
  return createLlmProvider(llm);
}

function isProvider(x: LlmProvider | LlmConfig): x is LlmProvider {
  return typeof (x as LlmProvider).completeJson === 'function';
}

export function createLlmProvider(config: LlmConfig): LlmProvider {
  const name = providerNameOf(config);
  if (name === 'none') return NONE;
  if (name === 'openai-compatible' && !config.baseUrl)
    throw new Error('LLM_PROVIDER=openai-compatible needs LLM_BASE_URL (e.g. https://api.openai.com/v1 or http://localhost:11434/v1)');
  if (name === 'anthropic' && !config.apiKey) throw new Error('LLM_PROVIDER=anthropic needs LLM_API_KEY');
  const transport = name === 'anthropic' ? anthropicTransport(config) : openAiTransport(config);
  const model = config.model ?? (name === 'anthropic' ? DEFAULT_ANTHROPIC_MODEL : DEFAULT_OPENAI_MODEL);
  return new CachingProvider(name, model, config, transport);
}

export const NONE: LlmProvider = {
  name: 'none',
  model: '',
  enabled: false,
  completeJson() {
    return Promise.reject(new LlmError('disabled', 'no LLM provider is configured'));
  },
  reportFailure() {},
};

/** Sends one prompt, answers the model's text. */
type Transport = (system: string, user: string, maxTokens: number, signal: AbortSignal) => Promise<string>;

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/** POST {base}/chat/completions — OpenAI, Ollama /v1, vLLM, llama.cpp server, LM Studio. */
function openAiTransport(config: LlmConfig): Transport {
  const url = `${trimSlash(config.baseUrl!)}/chat/completions`;
  const model = config.model ?? DEFAULT_OPENAI_MODEL;
  return async (system, user, _maxTokens, signal) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
    const body = await post(
      url,
      headers,
      {
        model,
        temperature: 0,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      },
      signal,
    );
    const content = (body as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new LlmError('schema', 'the answer has no choices[0].message.content');
    return content;
  };
}

/** POST {base}/v1/messages with x-api-key and anthropic-version: 2023-06-01; the text is content[].text. */
function anthropicTransport(config: LlmConfig): Transport {
  const url = `${trimSlash(config.baseUrl ?? DEFAULT_ANTHROPIC_BASE_URL)}/v1/messages`;
  const model = config.model ?? DEFAULT_ANTHROPIC_MODEL;
  return async (system, user, maxTokens, signal) => {
    const headers = { 'content-type': 'application/json', 'x-api-key': config.apiKey!, 'anthropic-version': '2023-06-01' };
    const body = await post(
      url,
      headers,
      { model, max_tokens: maxTokens, temperature: 0, system, messages: [{ role: 'user', content: user }] },
      signal,
    );
    const blocks = (body as { content?: Array<{ type?: unknown; text?: unknown }> })?.content;
    if (!Array.isArray(blocks)) throw new LlmError('schema', 'the answer has no content blocks');
    const text = blocks
      .filter((b) => b && b.type === 'text' && typeof b.text === 'string')
      .map((b) => b.text as string)
      .join('');
    if (text === '') throw new LlmError('schema', 'the answer has no text block');
    return text;
  };
}

async function post(url: string, headers: Record<string, string>, payload: unknown, signal: AbortSignal): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(payload), signal, redirect: 'error' });
  } catch (err) {
    throw transportError(err, signal);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new LlmError('http', `the LLM endpoint answered HTTP ${res.status}`);
  }
  let text: string;
  try {
    text = await readCapped(res);
  } catch (err) {
    throw transportError(err, signal);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new LlmError('invalid-json', 'the LLM endpoint did not answer JSON');
  }
}

async function readCapped(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new LlmError('schema', 'the answer is too long');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function transportError(err: unknown, signal: AbortSignal): LlmError {
  if (err instanceof LlmError) return err;
  if (signal.aborted) {
    const reason = signal.reason as { name?: string } | undefined;
    return reason?.name === 'TimeoutError'
      ? new LlmError('timeout', 'the LLM endpoint did not answer in time')
      : new LlmError('aborted', 'the request was aborted');
  }
  return new LlmError('network', 'the LLM endpoint could not be reached');
}

/** The JSON object in a model's answer: the whole text, or one ```json fenced block around it. */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(trimmed);
  const candidate = fenced ? fenced[1]! : trimmed;
  try {
    return JSON.parse(candidate);
  } catch {
    // Some models add a sentence around the object: take the outermost braces.
    const start = candidate.indexOf('{');
    const end = candidate.lastIndexOf('}');
    if (start >= 0 && end > start) {
      try {
        return JSON.parse(candidate.slice(start, end + 1));
      } catch {
        // fall through
      }
    }
    throw new LlmError('invalid-json', "the model's answer is not JSON");
  }
}

class CachingProvider implements LlmProvider {
  readonly enabled = true;
  private readonly memory = new Map<string, unknown>();
  private readonly timeoutMs: number;

  constructor(
    readonly name: LlmProviderName,
    readonly model: string,
    private readonly config: LlmConfig,
    private readonly transport: Transport,
  ) {
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async completeJson<T>(request: JsonRequest<T>): Promise<T> {
    const key = createHash('sha256')
      .update(JSON.stringify([this.name, this.model, request.system, request.user]))
      .digest('hex');
    const cached = this.lookup(key);
    if (cached !== undefined) {
      const parsed = request.schema.safeParse(cached);
      if (parsed.success) return parsed.data;
    }
    request.signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const text = await this.transport(request.system, request.user, request.maxTokens ?? 512, signal);
    const json = extractJson(text);
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) throw new LlmError('schema', "the model's answer does not have the expected fields");
    this.store(key, json);
    return parsed.data;
  }

  reportFailure(what: string, error: unknown): void {
    const reason = error instanceof LlmError ? error.message : 'unexpected error';
    this.config.onFailure?.(`${what}: ${reason}; the deterministic result was kept`);
  }

  private file(key: string): string | null {
    return this.config.cacheDir ? path.join(this.config.cacheDir, key.slice(0, 2), `${key}.json`) : null;
  }

  private lookup(key: string): unknown {
    if (this.memory.has(key)) return this.memory.get(key);
    const file = this.file(key);
    if (!file) return undefined;
    try {
      const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      this.remember(key, value);
      return value;
    } catch {
      return undefined;
    }
  }

  private store(key: string, value: unknown): void {
    this.remember(key, value);
    const file = this.file(key);
    if (!file) return;
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(value));
      fs.renameSync(tmp, file);
    } catch {
      // a cache that cannot be written only costs a repeated question
    }
  }

  private remember(key: string, value: unknown): void {
    if (this.memory.size >= MEMORY_ENTRIES) this.memory.delete(this.memory.keys().next().value!);
    this.memory.set(key, value);
  }
}

/** Text the model wrote that may stand in a doc or a verdict: one paragraph, no code fences, not over `max`. */
export function cleanProse(text: unknown, max: number): string | null {
  if (typeof text !== 'string') return null;
  if (text.includes('```')) return null;
  const one = text.replace(/\s+/g, ' ').trim();
  if (one === '' || one.length > max) return null;
  // Control characters are no prose.
  if (/[\u0000-\u001f\u007f]/.test(one)) return null;
  return one;
}
