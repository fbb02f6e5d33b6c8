import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { TransactionsAnswer } from '@docent/contracts';
import PaymentsPage from './PaymentsPage.tsx';
import { fakeApi } from '../test/fakeApi.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';

const answer: TransactionsAnswer = {
  payments: [],
  subscription: { id: 's1', provider: 'TEST', status: 'ACTIVE', currentPeriodEnd: '2026-12-26T00:00:00.000Z', cancelledAt: null },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Payments: cancelling the subscription', () => {
  it('the confirmation pairs Cancel subscription with Keep subscription, never a bare Cancel', async () => {
    const api = fakeApi({ '/transactions': { body: answer } });
    renderRoutes([{ path: '/', element: <PaymentsPage /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const keep = await screen.findByRole('button', { name: 'Keep subscription' });
    expect(screen.getAllByRole('button', { name: 'Cancel subscription' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(keep);
    expect(api.mock.calls.some(([url]) => String(url).includes('/subscription/cancel'))).toBe(false);
  });
});
