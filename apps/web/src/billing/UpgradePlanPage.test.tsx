import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import UpgradePlanPage from './UpgradePlanPage.tsx';
import { CURRENCY_LOCATED_KEY } from './useCurrency.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { fakeApi } from '../test/fakeApi.ts';
import { reloadSession, setSession } from '../auth/session.ts';
import { testRepository, testUser } from '../test/fixtures.ts';
import type { Repository } from '@docent/contracts';

const plans = {
  price_full_repo_8_march_2025: { id: 'price_full_repo_8_march_2025', interval: 'once', amount: { USD: 8, INR: 664 } },
  price_pro_monthly_8_march_2025: { id: 'price_pro_monthly_8_march_2025', interval: 'month', amount: { USD: 20, INR: 1660 } },
  taxPercent: 0,
};

function open(path: string, repos: Repository[]) {
  setSession('tok', testUser);
  const api = fakeApi({
    '/v1/analytics/pricePlan': { body: plans },
    '/v1/billing/providers': { body: { paypal: false, cashfree: false, test: true } },
    '/app/github/list': { body: repos },
  });
  renderRoutes([{ path: '/profile/upgrade-plan', element: <UpgradePlanPage /> }], path);
  return api;
}

beforeEach(() => localStorage.setItem(CURRENCY_LOCATED_KEY, 'USD'));
afterEach(() => {
  vi.unstubAllGlobals();
  reloadSession();
  localStorage.clear();
});

/** docs/spec-conformance.md §2 `/profile/upgrade-plan` with its optional `accept_payment={org}/{repo}`; §6/§9 free limits 3 private / 10 public. */
describe('UpgradePlanPage', () => {
  it('with accept_payment it offers the full-repository package for that repository, looked up in its organisation', async () => {
    const api = open('/profile/upgrade-plan?accept_payment=acme%2Fcalc', [testRepository('web', 'acme'), testRepository('calc', 'acme')]);
    const card = await screen.findByTestId('plan-package');
    expect(within(card).getByText('acme/calc')).toBeTruthy();
    expect(within(card).getByText('$8.00')).toBeTruthy();
    expect(await within(card).findByRole('button', { name: 'Buy for calc' })).toBeTruthy();
    expect(api.mock.calls.some(([u]) => String(u) === '/api/app/github/list?orgName=acme')).toBe(true);
  });

  it('a repository that is already Premium is marked instead of sold again', async () => {
    open('/profile/upgrade-plan?accept_payment=acme%2Fcalc', [testRepository('calc', 'acme', { planType: 'PREMIUM' })]);
    const card = await screen.findByTestId('plan-package');
    expect(await within(card).findByText('This repository is already Premium')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('without accept_payment there is no package; the free plan states 3 files of a private repository and 10 of a public one', async () => {
    const api = open('/profile/upgrade-plan', []);
    const free = await screen.findByTestId('plan-free');
    expect(within(free).getByText('Code documentation for 3 files of a private repository and 10 of a public one')).toBeTruthy();
    expect(within(screen.getByTestId('plan-pro')).getByText('$20.00')).toBeTruthy();
    expect(screen.queryByTestId('plan-package')).toBeNull();
    expect(api.mock.calls.some(([u]) => String(u).startsWith('/api/app/github/list'))).toBe(false);
  });
});
