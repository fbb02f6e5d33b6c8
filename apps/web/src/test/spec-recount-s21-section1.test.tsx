import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { TransactionsAnswer } from '@docent/contracts';
import PaymentsPage from '../billing/PaymentsPage.tsx';
import TransactionsPage from '../billing/TransactionsPage.tsx';
import UpgradePlanPage from '../billing/UpgradePlanPage.tsx';
import { CURRENCY_LOCATED_KEY } from '../billing/useCurrency.ts';
import i18n from '../i18n/index.ts';
import { FeatureCarousel } from '../onboarding/FeatureCarousel.tsx';
import { SettingsPanel } from '../shell/SettingsPanel.tsx';
import { reloadSession, setSession } from '../auth/session.ts';
import { ThemeProvider } from '../theme/ThemeProvider.tsx';
import { reloadPreferences } from '../theme/preferences.ts';
import { fakeApi } from './fakeApi.ts';
import { testUser } from './fixtures.ts';
import { renderRoutes } from './renderWithProviders.tsx';

/**
 * docs/spec-conformance.md §1 "other facts", as a user meets them: the settings switch the app
 * between the light and the dark theme and between the two interface languages (en, de); the
 * currency is US Dollar or Indian Rupee and the prices follow it; tax is shown as 0 %. The welcome
 * tour presents five features, each shown by its name. §1 "manage payments and transactions": the
 * payments page shows the subscription and cancels it; the transactions page lists every payment.
 */

const plans = {
  price_full_repo_8_march_2025: { id: 'price_full_repo_8_march_2025', interval: 'once', amount: { USD: 8, INR: 664 } },
  price_pro_monthly_8_march_2025: { id: 'price_pro_monthly_8_march_2025', interval: 'month', amount: { USD: 20, INR: 1660 } },
  taxPercent: 0,
};

/** The settings panel beside the upgrade page, inside the app's theme. */
function open() {
  setSession('tok', testUser);
  fakeApi({
    '/v1/analytics/pricePlan': { body: plans },
    '/v1/billing/providers': { body: { paypal: false, cashfree: false, test: true } },
  });
  renderRoutes(
    [
      {
        path: '/profile/upgrade-plan',
        element: (
          <ThemeProvider>
            <SettingsPanel />
            <UpgradePlanPage />
          </ThemeProvider>
        ),
      },
    ],
    '/profile/upgrade-plan',
  );
}

/** Relative luminance (0 black … 1 white) of a `#rrggbb` or `rgb(…)` colour. */
function luminance(colour: string): number {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour.trim());
  const parts = hex ? hex.slice(1).map((h) => parseInt(h, 16)) : rgb ? rgb.slice(1).map(Number) : null;
  if (!parts) throw new Error(`not a colour: ${colour}`);
  const [r, g, b] = parts.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const page = () => document.documentElement;
const background = () => page().style.getPropertyValue('--dc-bg-layout');

beforeEach(() => localStorage.setItem(CURRENCY_LOCATED_KEY, 'USD'));
afterEach(async () => {
  vi.unstubAllGlobals();
  reloadSession();
  localStorage.clear();
  reloadPreferences();
  await act(() => i18n.changeLanguage('en'));
});

describe('§1 other facts (docs/spec-conformance.md §1)', () => {
  it('light and dark themes: Dark in the settings turns the page dark, Light turns it back', async () => {
    open();
    await screen.findByTestId('plan-pro');
    expect(page().dataset.theme).toBe('light');
    expect(luminance(background())).toBeGreaterThan(0.8);
    fireEvent.click(screen.getByText('Dark'));
    await vi.waitFor(() => expect(page().dataset.theme).toBe('dark'));
    expect(page().style.colorScheme).toBe('dark');
    expect(luminance(background())).toBeLessThan(0.05);
    fireEvent.click(screen.getByText('Light'));
    await vi.waitFor(() => expect(page().dataset.theme).toBe('light'));
    expect(luminance(background())).toBeGreaterThan(0.8);
  });

  it('two interface languages: the settings offer English and Deutsch, and Deutsch turns the interface German', async () => {
    open();
    await screen.findByTestId('plan-pro');
    const panel = screen.getByTestId('settings-panel');
    const languages = within(panel)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent);
    expect(languages.slice(-2)).toEqual(['English', 'Deutsch']);
    expect(within(panel).getByRole('heading', { name: 'Theme' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(panel).getByText('Deutsch'));
    });
    await vi.waitFor(() => expect(i18n.language).toBe('de'));
    const de = i18n.getFixedT('de');
    expect(de('shell.settings.theme')).not.toBe('Theme');
    expect(await within(panel).findByRole('heading', { name: de('shell.settings.theme') })).toBeTruthy();
    expect(screen.getByText(de('billing.upgrade.currencyNote', { currency: 'USD', tax: 0 }))).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('de');
    await act(async () => {
      fireEvent.click(within(panel).getByText('English'));
    });
    expect(await within(panel).findByRole('heading', { name: 'Theme' })).toBeTruthy();
  });

  it('the currency is US Dollar or Indian Rupee and the prices follow it; tax is shown as 0 % in either', async () => {
    open();
    const pro = await screen.findByTestId('plan-pro');
    const panel = screen.getByTestId('settings-panel');
    const currencies = within(panel)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent)
      .filter((t) => t?.includes('$') || t?.includes('₹'));
    expect(currencies).toEqual(['$ US Dollar', '₹ Indian Rupee']);
    expect(within(pro).getByText('$20.00')).toBeTruthy();
    expect(screen.getByText('Prices in USD. Tax 0 %. Change the currency in the settings.')).toBeTruthy();
    fireEvent.click(within(panel).getByText('₹ Indian Rupee'));
    expect(await within(pro).findByText('₹1,660.00')).toBeTruthy();
    expect(screen.getByText('Prices in INR. Tax 0 %. Change the currency in the settings.')).toBeTruthy();
    fireEvent.click(within(panel).getByText('$ US Dollar'));
    expect(await within(pro).findByText('$20.00')).toBeTruthy();
  });

  it('the welcome tour presents five features: pull request insights, docs updated on code change, full repository docs, architecture diagrams, API docs', async () => {
    vi.useFakeTimers();
    try {
      render(<FeatureCarousel />);
      const dots = screen.getAllByRole('button', { name: /^Show: / }).map((b) => b.getAttribute('aria-label'));
      expect(dots).toEqual([
        'Show: Instant pull request insights',
        'Show: Docs that follow your code',
        'Show: Full repository documentation',
        'Show: Architecture diagrams',
        'Show: API documentation',
      ]);
      const slides: string[] = [];
      for (let i = 0; i < 6; i++) {
        const slide = screen.getByTestId('tour-feature');
        slides.push(`${slide.querySelector('strong')?.textContent} — ${slide.querySelector('p')?.textContent}`);
        await act(async () => void (await vi.advanceTimersByTimeAsync(5000)));
      }
      expect(slides).toEqual([
        'Instant pull request insights — See what a pull request changes in your documentation as soon as it is opened.',
        'Docs that follow your code — Documentation is updated automatically when the code it describes changes.',
        'Full repository documentation — Document every function of a repository in one run.',
        'Architecture diagrams — Get diagrams of how the parts of your code fit together.',
        'API documentation — Generate reference documentation for your APIs.',
        'Instant pull request insights — See what a pull request changes in your documentation as soon as it is opened.',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('payments: the Pro subscription with its renewal, cancelled on request; transactions: every payment with product, amount, provider, state and a receipt once paid', async () => {
    const answer: TransactionsAnswer = {
      payments: [
        {
          id: 'p2',
          provider: 'PAYPAL',
          productId: 'price_pro_monthly_8_march_2025',
          status: 'PAYMENT_ACTIVE',
          amount: 20,
          currency: 'USD',
          repository: null,
          createdAt: '2026-11-20T10:00:00.000Z',
          completedAt: '2026-11-20T10:01:00.000Z',
        },
        {
          id: 'p1',
          provider: 'CASHFREE',
          productId: 'price_full_repo_8_march_2025',
          status: 'PAYMENT_FAILED',
          amount: 664,
          currency: 'INR',
          repository: { id: 'r1', organizationName: 'acme', repoName: 'calc', vendor: 'GITHUB' },
          createdAt: '2026-11-10T10:00:00.000Z',
          completedAt: null,
        },
      ],
      subscription: { id: 's1', provider: 'PAYPAL', status: 'ACTIVE', currentPeriodEnd: '2026-12-20T10:01:00.000Z', cancelledAt: null },
    };
    const api = fakeApi({
      '/transactions': { body: answer },
      '/v1/billing/subscription/cancel': { body: { ...answer.subscription, status: 'CANCELLED' } },
    });
    renderRoutes(
      [
        { path: '/profile/payments', element: <PaymentsPage /> },
        { path: '/profile/transactions', element: <TransactionsPage /> },
      ],
      '/profile/payments',
    );
    const subscription = await screen.findByTestId('subscription');
    expect(within(subscription).getByText('Active')).toBeTruthy();
    expect(within(subscription).getByText(/^Renews on /)).toBeTruthy();
    fireEvent.click(within(subscription).getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Cancel subscription' })).at(-1)!);
    await vi.waitFor(() =>
      expect(
        api.mock.calls.some(([u, init]) => String(u) === '/api/v1/billing/subscription/cancel' && (init as RequestInit).method === 'POST'),
      ).toBe(true),
    );
    expect(await screen.findByText('Subscription cancelled. Pro stays until the end of the paid period.')).toBeTruthy();
    cleanup();

    renderRoutes([{ path: '/profile/transactions', element: <TransactionsPage /> }], '/profile/transactions');
    await screen.findByText('Pro plan (monthly)');
    const rows = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) =>
      [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['Pro plan (monthly)', '$20.00', 'PayPal', 'Active', 'Download'],
      ['Full-repository documentation packageacme/calc', '₹664.00', 'Cashfree', 'Failed', ''],
    ]);
  });
});
