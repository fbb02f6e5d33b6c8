import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { MessageType } from '@docent/contracts';
import { Terminal } from './Terminal.tsx';
import { lineFromWire, type TerminalLine } from './lines.ts';
import { initialLiveState } from './liveJob.ts';
import { loadTerminal, saveTerminal, terminalStorageKey } from './storage.ts';
import { useLiveJob } from './useLiveJob.ts';

/**
 * The terminal's docs/spec-conformance.md §8 texts (copy, termination, 'Failed to fetch logs: {error}') and §4 "saved
 * locally per org/repo and terminal key, and restored" (docs/spec-conformance.md).
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const wrap = (ui: ReactElement) => (
  <QueryClientProvider client={new QueryClient()}>
    <AntApp>{ui}</AntApp>
  </QueryClientProvider>
);
const log = (): TerminalLine[] => [
  lineFromWire('INFO::2026-01-01T00:00:00Z::Cloning', 1),
  lineFromWire('SUCCESS::2026-01-01T00:00:01Z::Done', 2),
];
const toastShown = (text: string) =>
  waitFor(() => expect([...document.querySelectorAll('.ant-message-notice')].map((el) => el.textContent)).toContain(text));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('copy (docs/spec-conformance.md §8)', () => {
  // (fireEvent, not userEvent: userEvent.setup() puts its own clipboard in place)
  const clipboard = (writeText: (text: string) => Promise<void>) =>
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

  it("copies the content and says 'Terminal content copied to clipboard'", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    clipboard(writeText);
    render(wrap(<Terminal lines={log()} live={false} />));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await toastShown('Terminal content copied to clipboard');
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText.mock.calls[0]![0]).toContain('Cloning');
    expect(writeText.mock.calls[0]![0]).toContain('Done');
  });

  it("a refused clipboard says 'Failed to copy terminal content'", async () => {
    clipboard(async () => {
      throw new Error('denied');
    });
    render(wrap(<Terminal lines={log()} live={false} />));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await toastShown('Failed to copy terminal content');
  });
});

describe('termination (docs/spec-conformance.md §4, §8)', () => {
  const stopWith = async (answer: Response) => {
    const fetchMock = vi.fn(async () => answer);
    vi.stubGlobal('fetch', fetchMock);
    const written: Array<[string, MessageType]> = [];
    render(wrap(<Terminal lines={log()} stop={{ jobId: 7, active: true, onLine: (text, kind) => written.push([text, kind]) }} />));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminate Process' });
    expect(within(dialog).getByText('Are you sure you want to stop this process? This action cannot be undone.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(written).toHaveLength(2));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/v1/git/lro/7/terminate', 'POST']);
    return written;
  };

  it("confirmed: 'Attempting to terminate job...', then 'Job termination requested. It may take a moment to complete.'", async () => {
    const written = await stopWith(json({ success: true, message: 'Job termination requested. It may take a moment to complete.' }));
    expect(written).toEqual([
      ['Attempting to terminate job...', 'warning'],
      ['Job termination requested. It may take a moment to complete.', 'system'],
    ]);
    await toastShown('Job termination requested. It may take a moment to complete.');
  });

  it("a refusal: 'Failed to terminate job: {error}' with the server's detail", async () => {
    const written = await stopWith(json({ detail: 'Job 7 not found.', code: 'NOT_FOUND' }, 404));
    expect(written[1]).toEqual(['Failed to terminate job: Job 7 not found.', 'error']);
    await toastShown('Failed to terminate job: Job 7 not found.');
  });

  it("the server's 'LRO job is not in a cancellable state' reads as the spec's sentence", async () => {
    const written = await stopWith(json({ detail: 'LRO job is not in a cancellable state', code: 'NOT_CANCELLABLE' }, 409));
    expect(written[1]).toEqual(['This job cannot be cancelled because it is not in a cancellable state.', 'error']);
  });
});

describe("'Failed to fetch logs: {error}' (docs/spec-conformance.md §8)", () => {
  beforeEach(() => vi.useFakeTimers());

  it("a log that cannot be read shows 'Failed to fetch logs: {error}' in the terminal as an error", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ detail: 'Job 9 not found.', code: 'NOT_FOUND' }, 404)),
    );
    const { result } = renderHook(() => useLiveJob({ jobId: 9, flavour: 'analysis', loadFullLog: true }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(result.current.state.lines.map((l) => [l.type, l.text])).toEqual([['error', 'Failed to fetch logs: Job 9 not found.']]);
  });

  it('the live stream refused with a 4xx says the same and does not retry', async () => {
    const fetchMock = vi.fn(async () => json({ detail: 'Job 9 not found.', code: 'NOT_FOUND' }, 404));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useLiveJob({ jobId: 9, flavour: 'analysis' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(result.current.state.lines.map((l) => [l.type, l.text])).toEqual([['error', 'Failed to fetch logs: Job 9 not found.']]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('messages kept per org/repo and terminal key (docs/spec-conformance.md §3, §4)', () => {
  it('each org/repo/terminal key has its own entry; the last 2,000 lines are kept and restored', () => {
    const keyA = terminalStorageKey('acme', 'calc', 'analysis');
    const keyB = terminalStorageKey('acme', 'calc', 'docs-repo');
    const keyC = terminalStorageKey('acme', 'other', 'analysis');
    expect(new Set([keyA, keyB, keyC]).size).toBe(3);
    const lines = Array.from({ length: 2500 }, (_, i) => lineFromWire(`INFO::2026-01-01T00:00:00Z::line ${i + 1}`, i + 1));
    saveTerminal(keyA, { ...initialLiveState(4), lines, lastSeq: 2500, percentage: 60, state: 'RUNNING' });
    saveTerminal(keyB, { ...initialLiveState(5), lines: lines.slice(0, 1), lastSeq: 1 });
    const a = loadTerminal(keyA)!;
    expect(a.lines).toHaveLength(2000);
    expect(a.lines[0]!.text).toBe('line 501');
    expect(a.lines.at(-1)!.text).toBe('line 2500');
    expect([a.jobId, a.lastSeq, a.percentage, a.state]).toEqual([4, 2500, 60, 'RUNNING']);
    expect(loadTerminal(keyB)!.lines.map((l) => l.text)).toEqual(['line 1']);
    expect(loadTerminal(keyC)).toBeNull();
  });

  it('a terminal with a storage key restores its saved lines when it opens again', () => {
    const key = terminalStorageKey('acme', 'calc', 'analysis');
    saveTerminal(key, { ...initialLiveState(4), lines: log(), lastSeq: 2, percentage: 100, state: 'COMPLETE', finished: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({})),
    );
    const { result } = renderHook(() => useLiveJob({ jobId: 4, flavour: 'analysis', storageKey: key }));
    expect(result.current.state.lines.map((l) => l.text)).toEqual(['Cloning', 'Done']);
    expect(result.current.state.finished).toBe(true);
  });
});
