import { vi } from 'vitest';

type Answer = { status?: number; body: unknown };

/**
 * Stubs fetch with answers chosen by the request path (after /api), e.g.
 * `{ '/app/github/list': { body: [] } }`. The first route whose key starts the path answers;
 * any other call answers 404 `{detail}`. Returns the mock to inspect the calls.
 */
export function fakeApi(routes: Record<string, Answer | ((url: URL, init?: RequestInit) => Answer)>) {
  const mock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const key = Object.keys(routes).find((k) => path === k || path.startsWith(k));
    const route = key ? routes[key]! : { status: 404, body: { detail: 'Not found.', code: 'NOT_FOUND' } };
    const answer = typeof route === 'function' ? route(url, init) : route;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
