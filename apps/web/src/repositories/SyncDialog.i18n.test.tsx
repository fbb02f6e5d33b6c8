import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../i18n/index.ts';
import { SyncDialog } from './SyncDialog.tsx';

/** A stream that sends one message and ends without COMPLETE / ERROR / FAILED. */
const endlessStream = () =>
  new Response(
    new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('data: x~~Syncing acme\n\n'));
        c.close();
      },
    }),
    {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
    },
  );

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

/** The sync terminal's own texts are translated, including a stream that never ends. */
describe('SyncDialog texts', () => {
  it('in German, a stream that ends without a result says so in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => endlessStream()),
    );
    vi.useFakeTimers({ toFake: ['setTimeout'], shouldAdvanceTime: true, advanceTimeDelta: 200 });
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <AntApp>
            <SyncDialog request={{ vendors: ['GITHUB'], reinstall: false }} onClose={() => {}} />
          </AntApp>
        </QueryClientProvider>,
      );
      await waitFor(() => expect(screen.getByText('Der Stream endete ohne Ergebnis.')).toBeTruthy(), { timeout: 8000 });
      expect(screen.queryByText(/ended without a result/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
