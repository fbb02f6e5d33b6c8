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
