import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useLiveJob } from './useLiveJob.ts';
import { POLL_FAILED_TEXT } from './liveJob.ts';

function sse(text: string): Response {
  return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const job = (state: string, progress: number) =>
  JSON.stringify({
    id: 9,
    jobType: 'ANALYSIS',
    organizationName: 'acme',
    repoName: 'calc',
    vendor: 'GIT',
    state,
    message: state === 'COMPLETE' ? 'Analysis complete' : 'Running',
    progress,
    timeCreated: '2026-01-01T00:00:00Z',
    totalTime: 3,
  });

describe('useLiveJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('follows the stream, resumes after a drop with Last-Event-ID 1 s later, and prints the result text', async () => {
    const fetchMock = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(
        sse(
          `retry: 1000\n\nid: 1\nevent: line\ndata: SYSTEM::2026-01-01T00:00:00Z::Queued\n\nid: 2\nevent: line\ndata: COMMAND::2026-01-01T00:00:01Z::git clone x\n\nevent: status\ndata: ${job('RUNNING', 40)}\n\n`,
        ),
      )
      .mockResolvedValueOnce(
        sse(
          `id: 3\nevent: line\ndata: INFO::2026-01-01T00:00:02Z::Functions: 3 of 5 documented\n\nevent: end\ndata: ${job('COMPLETE', 100)}\n\n`,
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useLiveJob({ jobId: 9, flavour: 'analysis' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(result.current.state.lines.map((l) => l.text)).toEqual(['Queued', 'git clone x']);
    expect(result.current.state.percentage).toBe(40);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/v1/lro/logs/9/stream');
    expect((init.headers as Record<string, string>)['Last-Event-ID']).toBe('2');
    expect(result.current.state.lines.map((l) => [l.type, l.text])).toEqual([
      ['system', 'Queued'],
      ['command', 'git clone x'],
      ['info', 'Functions: 3 of 5 documented'],
      ['complete', 'Complete!'],
    ]);
    expect(result.current.state.finished).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('falls back to polling every 3 s after 3 failed connections and stops after 5 failed polls', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const poll = vi.fn(async () => {
      throw new Error('Network down');
    });
    const { result } = renderHook(() => useLiveJob({ jobId: 9, flavour: 'analysis', poll }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result.current.transport).toBe('poll');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2900);
    });
    expect(poll).toHaveBeenCalledTimes(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000 * 5);
    });
    expect(poll).toHaveBeenCalledTimes(5);
    expect(poll).toHaveBeenLastCalledWith(9, 0);
    expect(result.current.state.lines.at(-2)).toMatchObject({ type: 'error', text: 'Error checking status: Network down' });
    expect(result.current.state.lines.at(-1)).toMatchObject({ type: 'failed', text: POLL_FAILED_TEXT });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(poll).toHaveBeenCalledTimes(5);
  });
});
