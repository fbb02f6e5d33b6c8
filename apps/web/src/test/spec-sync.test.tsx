import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { SyncDialog } from '../repositories/SyncDialog.tsx';
import { renderRoutes } from './renderWithProviders.tsx';

/**
 * docs/spec-conformance.md §4 "All-vendor sync finishes when all selected vendors have completed" and §7 the
 * reinstall paths (GitLab and Azure DevOps under /v1) and stream lines ('x~~message' or JSON with a message).
 */

afterEach(() => vi.unstubAllGlobals());

describe('Sync All (docs/spec-conformance.md §4, §7)', () => {
  it('streams each vendor from its reinstall path; the sync ends only when every selected vendor said COMPLETE', async () => {
    const push: Record<string, (text: string) => void> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = String(input);
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              // the server closes the stream after its end word
              push[url] = (text) => {
                controller.enqueue(new TextEncoder().encode(text));
                if (text.includes('COMPLETE')) controller.close();
              };
            },
          }),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        );
      }),
    );
    renderRoutes(
      [
        {
          path: '/',
          element: <SyncDialog request={{ vendors: ['GITHUB', 'GITLAB', 'AZUREDEVOPS'], reinstall: true }} onClose={() => {}} />,
        },
      ],
      '/',
    );
    await waitFor(() =>
      expect(Object.keys(push).sort()).toEqual(['/api/v1/azure/reinstall', '/api/v1/gitlab/reinstall', '/api/v2/github/reinstall']),
    );
    await act(async () => {
      push['/api/v2/github/reinstall']!('data: x~~Found 2 repositories\n\ndata: x~~COMPLETE\n\n');
      push['/api/v1/gitlab/reinstall']!('data: {"message": "Found 1 repository"}\n\ndata: {"message": "COMPLETE"}\n\n');
    });
    // with several vendors each line names its vendor
    expect(await screen.findByText('[GitHub] Found 2 repositories')).toBeTruthy();
    expect(await screen.findByText('[GitLab] Found 1 repository')).toBeTruthy();
    expect(await screen.findByText('GitHub sync complete')).toBeTruthy();
    // two of three done: still running
    expect(screen.queryByText(/of 3 complete/)).toBeNull();
    await act(async () => push['/api/v1/azure/reinstall']!('data: x~~COMPLETE\n\n'));
    expect(await screen.findByText('3 of 3 complete')).toBeTruthy();
    expect(await screen.findByText('Azure DevOps sync complete')).toBeTruthy();
  });
});
