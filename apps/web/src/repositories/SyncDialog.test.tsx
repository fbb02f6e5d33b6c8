import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { SyncDialog } from './SyncDialog.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { fakeApi } from '../test/fakeApi.ts';

afterEach(() => vi.unstubAllGlobals());

const open = () =>
  renderRoutes([{ path: '/', element: <SyncDialog request={{ vendors: ['GITHUB'], reinstall: false }} onClose={() => {}} /> }], '/');

/** docs/spec-conformance.md §8 sync texts: a sync that cannot start, and one whose connection breaks. */
describe('SyncDialog errors', () => {
  it("a sync the server refuses: 'Failed to start sync: {reason}' and the vendor's error line", async () => {
    fakeApi({ '/v2/github/install': { status: 403, body: { detail: 'Connect GitHub first.', code: 'FORBIDDEN' } } });
    open();
    expect(await screen.findByText('Failed to start sync: Connect GitHub first.')).toBeTruthy();
    expect(await screen.findByText('❌ Error syncing GitHub: Connection failed or was interrupted')).toBeTruthy();
  });

  it("a stream that breaks after it started: 'Error: Connection to server failed or was interrupted…'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        let sent = false;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (!sent) {
              sent = true;
              controller.enqueue(new TextEncoder().encode('data: x~~Connecting to GitHub\n\n'));
            } else controller.error(new TypeError('network error'));
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    open();
    expect(await screen.findByText('Connecting to GitHub')).toBeTruthy();
    expect(
      await screen.findByText('Error: Connection to server failed or was interrupted. Please check your authentication.'),
    ).toBeTruthy();
    expect(await screen.findByText('❌ Error syncing GitHub: Connection failed or was interrupted')).toBeTruthy();
  });
});
