import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, renderHook, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { encodeLogLine, MessageType } from '@docent/contracts';
import { Terminal } from '../terminal/Terminal.tsx';
import { lineFromWire, localLine } from '../terminal/lines.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { runSyncStream } from '../repositories/syncStream.ts';
import { reloadSession, setSession } from '../auth/session.ts';
import { testUser } from './fixtures.ts';
import { chooseCurrency, CURRENCY_LOCATED_KEY, useCurrency } from '../billing/useCurrency.ts';
import { getPreferences, reloadPreferences, setNightTime } from '../theme/preferences.ts';
import { fakeApi } from './fakeApi.ts';

/**
 * docs/spec-conformance.md "Audit (session 21)": §7 install and sync streams as the browser opens
 * them, and §3 client-stored items that no test read from storage.
 */

const stream = (text: string) => new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
  reloadPreferences();
});

describe('§7 install and sync streams', () => {
  it('the event stream is a GET with the bearer token', async () => {
    setSession('tok-sync', testUser);
    const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>().mockResolvedValue(stream('data: x~~COMPLETE\n\n'));
    vi.stubGlobal('fetch', fetchMock);
    await runSyncStream('/v2/github/reinstall', { onMessage: vi.fn(), onEnd: vi.fn(), onError: vi.fn() }, new AbortController().signal);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v2/github/reinstall');
    expect(init.method ?? 'GET').toBe('GET');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok-sync');
    expect(new Headers(init.headers).get('accept')).toBe('text/event-stream');
  });

  it.each(['ERROR', 'FAILED'])('%s ends the stream: no reconnect, the end reported', async (word) => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValue(stream(`data: x~~Connecting\n\ndata: {"message":"x~~${word}"}\n\n`));
    vi.stubGlobal('fetch', fetchMock);
    const onEnd = vi.fn();
    const onError = vi.fn();
    const messages: string[] = [];
    const done = runSyncStream('/v2/gitlab/install', { onMessage: (m) => messages.push(m), onEnd, onError }, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onEnd).toHaveBeenCalledWith(word);
    expect(onError).not.toHaveBeenCalled();
    expect(messages).toEqual(['Connecting']);
  });
});

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

describe('§3 client-stored items', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadPreferences();
  });

  it('nightTime is kept in local storage and read back on the next load', () => {
    setNightTime({ start: '21:30', end: '07:00' });
    expect(JSON.parse(localStorage.getItem('nightTime') ?? 'null')).toEqual({ start: '21:30', end: '07:00' });
    reloadPreferences();
    expect(getPreferences().nightTime).toEqual({ start: '21:30', end: '07:00' });
  });

  it("the user's currency is cached: looked up once (getLocation's currency_code), stored, then read from storage without asking again", async () => {
    const api = fakeApi({ '/v1/analytics/getLocation': { body: { currency_code: 'INR' } } });
    const first = renderHook(() => useCurrency(), { wrapper });
    await waitFor(() => expect(first.result.current).toBe('INR'));
    expect(localStorage.getItem('currency')).toBe('INR');
    expect(localStorage.getItem(CURRENCY_LOCATED_KEY)).toBe('INR');
    first.unmount();

    reloadPreferences();
    const second = renderHook(() => useCurrency(), { wrapper });
    expect(second.result.current).toBe('INR');
    await new Promise((r) => setTimeout(r, 20));
    expect(api.mock.calls.filter(([u]) => String(u).includes('getLocation'))).toHaveLength(1);
  });

  it('a currency chosen in the settings is cached and the lookup is not made', async () => {
    const api = fakeApi({ '/v1/analytics/getLocation': { body: { currency_code: 'INR' } } });
    chooseCurrency('USD');
    reloadPreferences();
    const { result } = renderHook(() => useCurrency(), { wrapper });
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current).toBe('USD');
    expect(localStorage.getItem('currency')).toBe('USD');
    expect(api).not.toHaveBeenCalled();
  });
});

describe('§3 log line wire format and terminal message types', () => {
  it.each(['ERROR', 'WARNING', 'INFO', 'SUCCESS', 'DEBUG', 'COMMAND', 'JSON', 'URL', 'SYSTEM'] as const)(
    'a %s::timestamp::text line keeps its kind as the message type, with its timestamp and text',
    (kind) => {
      const line = lineFromWire(`${kind}::2026-01-02T03:04:05.000Z::cloned a::b`, 1);
      expect(line).toMatchObject({ type: kind.toLowerCase(), timestamp: '2026-01-02T03:04:05.000Z', text: 'cloned a::b' });
      expect(encodeLogLine({ kind, timestamp: line.timestamp, text: line.text })).toBe(`${kind}::2026-01-02T03:04:05.000Z::cloned a::b`);
    },
  );

  it('the terminal shows each of the 15 message types as its own kind of row', () => {
    const types = MessageType.options;
    expect(types).toHaveLength(15);
    const lines = types.map((type, i) => localLine(`a ${type} line`, type, i + 1, new Date('2026-01-01T00:00:00Z')));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AntApp>
          <Terminal lines={lines} height={2000} />
        </AntApp>
      </QueryClientProvider>,
    );
    for (const type of types) {
      const row = [...document.querySelectorAll('.dc-term__row')].find((r) => r.textContent?.includes(`a ${type} line`));
      expect(row?.className, type).toContain(`dc-term__row--${type}`);
    }
  });
});
