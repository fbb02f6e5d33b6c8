import { afterEach, describe, expect, it, vi } from 'vitest';
import { startObservability } from './index.ts';

function mockFetch(config: { errorReporting: boolean; analytics: boolean }) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/v1/client-config') return new Response(JSON.stringify({ ...config, release: null }), { status: 200 });
      return new Response(null, { status: 204 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
});

/** A window error the test raises on purpose: marked handled so the runner does not count it. */
function raise(error: Error): void {
  window.dispatchEvent(new ErrorEvent('error', { error, message: error.message, cancelable: true }));
}
window.addEventListener('error', (e) => e.preventDefault());

describe('web observability', () => {
  it('sends nothing but the config request when the server has both off', async () => {
    const calls = mockFetch({ errorReporting: false, analytics: false });
    await startObservability();
    window.history.pushState({}, '', '/jobs/5');
    raise(new Error('boom'));
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/client-config']);
  });

  it('sends no page view when the browser asks not to be tracked', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    const calls = mockFetch({ errorReporting: false, analytics: true });
    await startObservability();
    window.history.pushState({}, '', '/jobs');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/client-config']);
  });

  it('reports window errors and page views with ids stripped when on', async () => {
    window.history.replaceState({}, '', '/repositories');
    const calls = mockFetch({ errorReporting: true, analytics: true });
    await startObservability();
    window.history.pushState({}, '', '/repositories/github/acme/private-repo?tab=1');
    raise(new TypeError('x is undefined'));
    expect(calls.slice(1)).toEqual([
      { url: '/api/v1/telemetry/pageview', body: { path: '/repositories' } },
      { url: '/api/v1/telemetry/pageview', body: { path: '/repositories/github/:org/:repo' } },
      {
        url: '/api/v1/telemetry/error',
        body: expect.objectContaining({ type: 'TypeError', message: 'x is undefined', path: '/repositories/github/:org/:repo' }),
      },
    ]);
  });
});
