import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Job, JobState } from '@docent/contracts';
import JobsPage from '../jobs/JobsPage.tsx';
import CouponsPage from '../coupons/CouponsPage.tsx';
import { clearSession, setSession } from '../auth/session.ts';
import { fakeApi } from './fakeApi.ts';
import { testUser } from './fixtures.ts';
import { renderRoutes } from './renderWithProviders.tsx';

/**
 * docs/spec-conformance.md §2 Jobs dashboard and §4 job labels and display, §2 Coupons page (the Redeem dropdown,
 * the summary's currency): asserted on screen.
 */

const STATES: JobState[] = ['START', 'VALIDATING', 'QUEUED', 'RUNNING', 'COMPLETE', 'FAILED', 'CANCELLED', 'TIMEOUT'];

const job = (id: number, state: JobState, over: Partial<Job> = {}): Job => ({
  id,
  jobType: 'ANALYSIS',
  organizationName: 'acme',
  repoName: 'calc',
  vendor: 'GIT',
  state,
  message: 'm',
  progress: 50,
  timeCreated: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  totalTime: 5,
  ...over,
});

// the file's first render loads antd (10–20 s on a loaded 2-core machine): more than the web default of 20 s
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  localStorage.clear();
});

const jobRoutes = [
  { path: '/jobs', element: <JobsPage /> },
  { path: '/jobs/:jobId', element: <JobsPage /> },
];

describe("the jobs page 'All Jobs' (docs/spec-conformance.md §2, §4)", () => {
  it('each job state reads Start, Validating, Queued, Running, Complete, Failed, Cancelled, Timeout', async () => {
    const jobs = STATES.map((s, i) => job(i + 1, s));
    fakeApi({ '/v1/lro/all': { body: { jobs, total: jobs.length } }, '/v1/lro/status': { body: [] } });
    renderRoutes(jobRoutes, '/jobs');
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(8));
    const byId = new Map(
      screen
        .getAllByTestId('job-row')
        .map((r) => [within(r).getAllByRole('cell')[0]!.textContent, within(r).getByTestId('job-state').textContent]),
    );
    expect(STATES.map((_, i) => byId.get(String(i + 1)))).toEqual([
      'Start',
      'Validating',
      'Queued',
      'Running',
      'Complete',
      'Failed',
      'Cancelled',
      'Timeout',
    ]);
  });

  it('a running job of 24 hours or more shows as Timeout; a younger running job and a final one keep their state', async () => {
    const jobs = [
      job(1, 'RUNNING', { totalTime: 86_400 }),
      job(2, 'RUNNING', { totalTime: 86_399 }),
      job(3, 'COMPLETE', { totalTime: 90_000 }),
    ];
    fakeApi({ '/v1/lro/all': { body: { jobs, total: 3 } }, '/v1/lro/status': { body: [] } });
    renderRoutes(jobRoutes, '/jobs');
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(3));
    const state = (id: number) =>
      within(screen.getAllByTestId('job-row').find((r) => within(r).getAllByRole('cell')[0]!.textContent === String(id))!).getByTestId(
        'job-state',
      ).textContent;
    expect([state(1), state(2), state(3)]).toEqual(['Timeout', 'Running', 'Complete']);
  });

  it("titled 'All Jobs' with a search over id, type, org and repo sent to the server; a row opens /jobs/{id} with its log, closing returns to /jobs", async () => {
    const jobs = [job(7, 'COMPLETE'), job(8, 'FAILED', { repoName: 'web' })];
    const api = fakeApi({
      '/v1/lro/all': { body: { jobs, total: 2 } },
      '/v1/lro/logs/7': { body: ['INFO::2026-01-01T00:00:00Z::hello from job 7'] },
      '/v1/lro/7/status': { body: jobs[0] },
      '/v1/lro/status': { body: [] },
    });
    const { router } = renderRoutes(jobRoutes, '/jobs');
    expect(await screen.findByRole('heading', { name: 'All Jobs' })).toBeTruthy();
    const user = userEvent.setup();
    const search = screen.getByRole('textbox', { name: 'Search by id, job type, organisation or repository' });
    await user.type(search, 'web');
    await waitFor(() =>
      expect(api.mock.calls.map(([u]) => String(u)).some((u) => u.includes('/v1/lro/all') && u.includes('q=web'))).toBe(true),
    );
    await user.clear(search);
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(2));
    const row7 = screen.getAllByTestId('job-row').find((r) => within(r).getAllByRole('cell')[0]!.textContent === '7')!;
    await user.click(within(row7).getAllByRole('cell')[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs/7'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('hello from job 7')).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
  });
});

describe('the Coupons page (docs/spec-conformance.md §2, §4)', () => {
  const coupon = {
    coupon_code: 'DOC-1',
    coupon_type: 'REFERRAL',
    amount: 5,
    currency: 'INR',
    is_used: false,
    used_at: null,
    coupon_state: 'PAYMENT_ACTIVE',
  };
  const open = (coupons: unknown[]) => {
    setSession('t', { ...testUser, email: { name: 'ada@example.com' }, isVerified: true });
    fakeApi({
      '/v1/coupon/get/all': { body: coupons },
      '/v1/user/referred': { body: { referralLink: 'http://x/auth/sign-up?ref=1', users: [] } },
    });
    renderRoutes([{ path: '/redeem-coupon', element: <CouponsPage /> }], '/redeem-coupon');
  };

  it("the Redeem dropdown offers 'UPI payment' and 'Amazon Pay', each opening its redeem form", async () => {
    open([coupon]);
    // the menu fades in and out: its items are clicked while antd animates them
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const redeem = await screen.findByTestId('redeem-menu');
    await waitFor(() => expect(redeem.hasAttribute('disabled')).toBe(false));
    await user.hover(redeem);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['UPI payment', 'Amazon Pay']);
    await user.click(items[0]!);
    expect(await screen.findByRole('dialog', { name: 'Redeem by UPI' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.hover(redeem);
    await user.click((await screen.findAllByRole('menuitem')).find((i) => i.textContent === 'Amazon Pay')!);
    expect(await screen.findByRole('dialog', { name: 'Redeem by Amazon Pay' })).toBeTruthy();
  });

  it('without coupons the summary is in USD, the default currency', async () => {
    open([]);
    await waitFor(() => expect(screen.getByTestId('coupon-summary').textContent).toBe('To redeem: $0.00 · Pending: $0.00 · Earned: $0.00'));
  });
});
