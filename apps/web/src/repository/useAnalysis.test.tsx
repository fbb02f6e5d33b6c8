import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useAnalysis } from './useAnalysis.ts';
import { fakeApi } from '../test/fakeApi.ts';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

afterEach(() => vi.unstubAllGlobals());

/** docs/spec-conformance.md §4: an analysis with no organisation or repository name does nothing. */
describe('useAnalysis.start', () => {
  it.each([
    ['no organisation', { vendor: 'GIT' as const, org: '', repo: 'calc' }],
    ['no repository', { vendor: 'GIT' as const, org: 'acme', repo: '' }],
  ])('with %s sends nothing and opens no terminal', async (_name, ref) => {
    const api = fakeApi({ '/v1/git/analyze/repo': { body: { lroJobId: 1, message: 'Analysis started' } } });
    const { result } = renderHook(() => useAnalysis(ref, { needsAzurePat: false }), { wrapper });
    await act(() => result.current.start('coverage'));
    expect(api).not.toHaveBeenCalled();
    expect(result.current.terminalOpen).toBe(false);
  });

  it('with both it starts the analysis (the same call the guard withholds)', async () => {
    const api = fakeApi({ '/v1/git/analyze/repo': { body: { lroJobId: 1, message: 'Analysis started' } }, '/v1/lro': { body: [] } });
    const { result } = renderHook(() => useAnalysis({ vendor: 'GIT', org: 'acme', repo: 'calc' }, { needsAzurePat: false }), { wrapper });
    await act(() => result.current.start('coverage'));
    expect(api.mock.calls.some(([u, init]) => String(u) === '/api/v1/git/analyze/repo' && init?.method === 'POST')).toBe(true);
  });
});

/** docs/spec-conformance.md §8: analysis trigger, detail fetch and credential check failures are logged to the progress terminal as errors. */
describe('useAnalysis: failures go to the progress terminal', () => {
  const ref = { vendor: 'GIT' as const, org: 'acme', repo: 'calc' };

  it('a refused analysis start opens the terminal with "Error: {error}" as an error line', async () => {
    fakeApi({
      '/v1/git/analyze/repo': { status: 503, body: { detail: 'The job queue is full.', code: 'UNAVAILABLE' } },
      '/v1/lro': { body: [] },
    });
    const { result } = renderHook(() => useAnalysis(ref, { needsAzurePat: false }), { wrapper });
    await act(() => result.current.start('coverage'));
    expect(result.current.terminalOpen).toBe(true);
    expect(result.current.live.state.lines.map((l) => [l.type, l.text])).toEqual([['error', 'Error: The job queue is full.']]);
  });

  it('a failed Azure DevOps credential check logs its error and starts nothing', async () => {
    const api = fakeApi({
      '/v1/azure/pat': { status: 500, body: { detail: 'Azure DevOps did not answer.', code: 'INTERNAL' } },
      '/v1/git/analyze/repo': { body: { lroJobId: 1, message: 'Analysis started' } },
      '/v1/lro': { body: [] },
    });
    const { result } = renderHook(() => useAnalysis({ vendor: 'AZUREDEVOPS', org: 'fabrikam', repo: 'web' }, { needsAzurePat: true }), {
      wrapper,
    });
    await act(() => result.current.start('coverage'));
    expect(result.current.terminalOpen).toBe(true);
    expect(result.current.live.state.lines.map((l) => [l.type, l.text])).toEqual([
      ['error', 'Error checking Azure DevOps credentials: Azure DevOps did not answer.'],
    ]);
    expect(api.mock.calls.some(([u]) => String(u).startsWith('/api/v1/git/analyze/repo'))).toBe(false);
  });

  it('a failed function-coverage or issues detail fetch is logged as an error line naming the details', () => {
    fakeApi({ '/v1/lro': { body: [] } });
    const { result } = renderHook(() => useAnalysis(ref, { needsAzurePat: false }), { wrapper });
    act(() => result.current.detailFailed('functions', new Error('store down')));
    act(() => result.current.detailFailed('issues', new Error('store down')));
    expect(result.current.live.state.lines.map((l) => [l.type, l.text])).toEqual([
      ['error', 'Failed to load the function coverage details: store down'],
      ['error', 'Failed to load the documentation issues details: store down'],
    ]);
  });
});
