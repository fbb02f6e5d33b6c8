import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSyncData, runSyncStream } from './syncStream.ts';
import { syncPath } from './api.ts';

describe('sync stream messages', () => {
  it('reads x~~message lines and JSON messages', () => {
    expect(parseSyncData('x~~Found 12 repositories')).toEqual({ text: 'Found 12 repositories', end: null });
    expect(parseSyncData('{"message":"x~~Syncing acme"}')).toEqual({ text: 'Syncing acme', end: null });
    expect(parseSyncData('{"message":"plain"}')).toEqual({ text: 'plain', end: null });
  });
  it('recognises the end words', () => {
    expect(parseSyncData('x~~COMPLETE').end).toBe('COMPLETE');
    expect(parseSyncData('x~~ERROR').end).toBe('ERROR');
    expect(parseSyncData('x~~FAILED').end).toBe('FAILED');
    expect(parseSyncData('x~~COMPLETED 3 of 4').end).toBeNull();
  });
  it('uses /v1 reinstall for GitLab and Azure, /v2 otherwise', () => {
    expect(syncPath('GITHUB', false)).toBe('/v2/github/install');
    expect(syncPath('GITHUB', true)).toBe('/v2/github/reinstall');
    expect(syncPath('BITBUCKET', true)).toBe('/v2/bitbucket/reinstall');
    expect(syncPath('GITLAB', true)).toBe('/v1/gitlab/reinstall');
    expect(syncPath('AZUREDEVOPS', true)).toBe('/v1/azure/reinstall');
    expect(syncPath('AZUREDEVOPS', false)).toBe('/v2/azure/install');
  });
});

const stream = (text: string) => new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });

/** docs/spec-conformance.md §4: a sync stream that ends without an end word is reconnected after 1 s. */
describe('sync stream reconnect', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reconnects 1 s after a normal end without an end word, and finishes on COMPLETE', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(stream('data: x~~Connecting to GitHub\n\n'))
      .mockResolvedValueOnce(stream('data: x~~Found 2 repositories\n\ndata: x~~COMPLETE\n\n'));
    vi.stubGlobal('fetch', fetchMock);
    const messages: string[] = [];
    const onEnd = vi.fn();
    const done = runSyncStream(
      '/v2/github/install',
      { onMessage: (m) => messages.push(m), onEnd, onError: vi.fn() },
      new AbortController().signal,
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(messages).toEqual(['Connecting to GitHub']);
    await vi.advanceTimersByTimeAsync(980);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await done;
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v2/github/install', '/api/v2/github/install']);
    expect(messages).toEqual(['Connecting to GitHub', 'Found 2 repositories']);
    expect(onEnd).toHaveBeenCalledWith('COMPLETE');
  });
});
