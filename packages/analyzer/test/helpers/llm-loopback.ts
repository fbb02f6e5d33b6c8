import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback LLM server for tests (node:http on 127.0.0.1, a random port) that speaks the two wire
 * formats Docent's providers use, as their documentation gives them:
 *  - OpenAI chat completions: POST /v1/chat/completions {model, messages, temperature} →
 *    {id, object: 'chat.completion', choices: [{message: {role, content}}], usage}
 *  - Anthropic messages: POST /v1/messages with x-api-key and anthropic-version →
 *    {id, type: 'message', role: 'assistant', content: [{type: 'text', text}], stop_reason, usage}
 * What the "model" says is up to the test: a responder turns each request into a reply.
 */

export type Wire = 'openai' | 'anthropic';

export interface LoopbackRequest {
  wire: Wire;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  model: string;
  system: string;
  user: string;
}

export type LoopbackReply =
  /** the model's text, wrapped in the wire format */
  | { text: string }
  /** an HTTP error with this body */
  | { status: number; body: string }
  /** no answer at all (the client's timeout must fire) */
  | { hang: true }
  /** a 200 whose body is not JSON */
  | { raw: string };

export interface Loopback {
  /** http://127.0.0.1:port — Anthropic's base URL; OpenAI-compatible clients use `${url}/v1` */
  url: string;
  requests: LoopbackRequest[];
  respond: (fn: (req: LoopbackRequest) => LoopbackReply) => void;
  close: () => Promise<void>;
}

export const answer = (value: unknown): LoopbackReply => ({ text: JSON.stringify(value) });

export async function startLlmLoopback(responder: (req: LoopbackRequest) => LoopbackReply = () => answer({})): Promise<Loopback> {
  let fn = responder;
  const requests: LoopbackRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '';
      const wire: Wire | null =
        req.method === 'POST' && path.endsWith('/chat/completions')
          ? 'openai'
          : req.method === 'POST' && path.endsWith('/v1/messages')
            ? 'anthropic'
            : null;
      if (!wire) {
        res.statusCode = 404;
        res.end('{"error":"not found"}');
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(data) as Record<string, unknown>;
      } catch {
        res.statusCode = 400;
        res.end('{"error":"bad json"}');
        return;
      }
      const messages = (body.messages ?? []) as Array<{ role: string; content: string }>;
      const system = wire === 'anthropic' ? String(body.system ?? '') : (messages.find((m) => m.role === 'system')?.content ?? '');
      const user = messages
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n');
      const request: LoopbackRequest = { wire, path, headers: req.headers, body, model: String(body.model ?? ''), system, user };
      requests.push(request);
      const reply = fn(request);
      res.setHeader('content-type', 'application/json');
      if ('hang' in reply) {
        hanging.add(res);
        return;
      }
      if ('status' in reply) {
        res.statusCode = reply.status;
        res.end(reply.body);
        return;
      }
      if ('raw' in reply) {
        res.end(reply.raw);
        return;
      }
      res.end(JSON.stringify(wire === 'openai' ? openAiBody(request.model, reply.text) : anthropicBody(request.model, reply.text)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (next) => {
      fn = next;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** OpenAI's documented chat-completion object. */
function openAiBody(model: string, content: string): unknown {
  return {
    id: 'chatcmpl-loopback',
    object: 'chat.completion',
    created: 1700000000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** Anthropic's documented Messages API response. */
function anthropicBody(model: string, text: string): unknown {
  return {
    id: 'msg_loopback',
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  };
}
