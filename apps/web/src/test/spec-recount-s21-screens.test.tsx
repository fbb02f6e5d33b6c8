import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalysisReport, FunctionAnalysisEntry } from '@docent/contracts';
import RepositoryRoute from '../repository/RepositoryPage.tsx';
import { ProfileSidePanel } from '../profile/ProfileSidePanel.tsx';
import AppLayout from '../shell/AppLayout.tsx';
import OrganizationPage from '../repositories/OrganizationPage.tsx';
import LoginPage from '../auth/LoginPage.tsx';
import SignUpPage from '../auth/SignUpPage.tsx';
import CouponsPage from '../coupons/CouponsPage.tsx';
import { reloadSession, setSession } from '../auth/session.ts';
import { fakeApi } from './fakeApi.ts';
import { testRepository, testUser } from './fixtures.ts';
import { renderRoutes } from './renderWithProviders.tsx';

/**
 * docs/spec-conformance.md "Audit (session 21)": §2 screen items that only Chromium (or nothing)
 * asserted — a click on the functions and issues cards opens their detail modals, and the profile
 * side panel's avatar, full name and user name.
 */

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const entry = (name: string, over: Partial<FunctionAnalysisEntry> = {}): FunctionAnalysisEntry => ({
  name,
  fileName: 'calc.py',
  gitLocation: 'calc.py#L1-L3',
  content: `def ${name}(a):\n    return a\n`,
  docstring: null,
  languageType: 'Python',
  complexityCategory: 'low',
  complexity: 1,
  scope: 'public',
  urgentDocumentation: false,
  outdatedStatus: { status: 'CURRENT', explanation: '', docstring: '', grammarError: 0 },
  startLine: 1,
  endLine: 3,
  isTest: false,
  ...over,
});

const report: AnalysisReport = {
  basicFuncDocAnalysis: { totalFunctions: 2, totalDocumented: 1 },
  advancedFuncDocAnalysis: { outdatedDocCount: 1, urgentDocCount: 0 },
  programmingLanguages: { Python: 100 },
};

function openPage() {
  setSession('tok', testUser);
  const repository = testRepository('calc', 'acme', { gitAppMetaData: { siteUrl: null, analysisReport: report } });
  const functions = [
    entry('add_numbers'),
    entry('scale_value', {
      docstring: 'Scale x.',
      outdatedStatus: {
        status: 'OUTDATED',
        explanation: 'The parameter factor is not documented.',
        docstring: 'Scale x.',
        grammarError: 0,
      },
    }),
  ];
  const api = fakeApi({
    '/app/github/get/repo': { body: { planType: 'FREE', gitAppMetaData: { siteUrl: null, analysisReport: report }, repository } },
    '/v1/user': { body: testUser },
    '/v1/git/repo/language': { body: { languages: { Python: 100 } } },
    '/v1/git/analyze/repo/basicDoc/details': { body: { functions, docMetrics: null } },
    '/v1/git/analyze/repo/advancedDoc/details': { body: { functions, docMetrics: null } },
    '/v1/lro': { body: [] },
  });
  renderRoutes([{ path: '/repositories/:vendor/:orgName/:repoName/*', element: <RepositoryRoute /> }], '/repositories/GIT/acme/calc/');
  return api;
}

describe('§2 repository page: a card click opens its detail modal', () => {
  it("the documented functions card opens 'Function coverage' with the functions", async () => {
    const api = openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open details: Documented functions' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Function coverage' });
    const modal = await within(dialog).findByTestId('coverage-modal');
    expect(modal.querySelector('.dc-modal-summary strong')?.textContent).toBe('1 / 2');
    expect(within(within(dialog).getByTestId('undocumented-table')).getByText('add_numbers')).toBeTruthy();
    expect(api.mock.calls.some(([u]) => String(u).endsWith('/v1/git/analyze/repo/basicDoc/details'))).toBe(true);
  });

  it("the documentation issues card opens 'Function documentation issues' with the outdated function and its explanation", async () => {
    const api = openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open details: Documentation issues' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Function documentation issues' });
    expect(await within(dialog).findByText('scale_value')).toBeTruthy();
    expect(within(dialog).queryByText('add_numbers')).toBeNull();
    expect(within(dialog).getByText(/factor is not documented/)).toBeTruthy();
    expect(api.mock.calls.some(([u]) => String(u).endsWith('/v1/git/analyze/repo/advancedDoc/details'))).toBe(true);
  });
});

describe('§2 profile side panel', () => {
  it("shows the user's picture, full name and user name", async () => {
    const user = { ...testUser, imgUrl: 'https://example.com/ada.png' };
    renderRoutes([{ path: '/p', element: <ProfileSidePanel user={user} /> }], '/p');
    const panel = await screen.findByTestId('profile-side-panel');
    expect(panel.querySelector('img')?.getAttribute('src')).toBe('https://example.com/ada.png');
    expect(within(panel).getByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(within(panel).getByText('@ada')).toBeTruthy();
  });

  it('without a picture: the generated initials avatar', async () => {
    renderRoutes([{ path: '/p', element: <ProfileSidePanel user={testUser} /> }], '/p');
    const panel = await screen.findByTestId('profile-side-panel');
    expect(panel.querySelector('img')).toBeNull();
    expect(within(panel).getByTestId('avatar-initials').textContent).toBe('AL');
  });
});

describe('§2 route table: / is also reached from the logo', () => {
  it("the sidebar's logo links to /", async () => {
    vi.stubGlobal('innerWidth', 1280);
    setSession('tok', testUser);
    fakeApi({ '/v1/user': { body: testUser }, '/v1/auth/providers': { body: { providers: [] } } });
    renderRoutes([{ element: <AppLayout />, children: [{ path: '*', element: <p>page</p> }] }], '/jobs');
    const sidebar = await screen.findByTestId('sidebar', {}, { timeout: 30_000 });
    expect(within(sidebar).getByRole('link', { name: 'Docent home' }).getAttribute('href')).toBe('/');
  });
});

describe('§2 the organisation page has the same search as the dashboard', () => {
  it("the search narrows the organisation's cards by name", async () => {
    setSession('tok', testUser);
    const repos = ['billing-api', 'billing-web', 'docs'].map((name) => testRepository(name, 'acme'));
    fakeApi({ '/app/github/list': { body: repos }, '/v1/vendors/connections': { body: [] } });
    renderRoutes([{ path: '/repositories/:vendor/:orgName', element: <OrganizationPage /> }], '/repositories/GIT/acme');
    await screen.findAllByTestId('repo-card', {}, { timeout: 30_000 });
    const cards = () => screen.queryAllByTestId('repo-card').map((c) => c.getAttribute('data-repo'));
    expect(cards()).toEqual(['billing-api', 'billing-web', 'docs']);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search repositories' }), 'BILLING');
    expect(cards()).toEqual(['billing-api', 'billing-web']);
    await user.clear(screen.getByRole('textbox', { name: 'Search repositories' }));
    await user.type(screen.getByRole('textbox', { name: 'Search repositories' }), 'nothing-like-it');
    expect(cards()).toEqual([]);
  });
});

describe('§2 provider buttons of the sign-in and sign-up pages (every provider configured)', () => {
  const everyProvider = () =>
    fakeApi({
      '/v1/auth/providers': {
        body: { providers: ['github', 'google', 'gitlab', 'bitbucket', 'azure'].map((id) => ({ id, label: id })) },
      },
    });
  const shown = async () => {
    await screen.findAllByTestId(/^provider-/, {}, { timeout: 30_000 });
    return screen.getAllByTestId(/^provider-/).map((b) => b.getAttribute('data-testid'));
  };

  it('sign-in offers GitHub, Bitbucket, GitLab and Azure DevOps', async () => {
    everyProvider();
    renderRoutes([{ path: '/auth/login', element: <LoginPage /> }], '/auth/login');
    expect(await shown()).toEqual(['provider-github', 'provider-bitbucket', 'provider-gitlab', 'provider-azure']);
  });

  it('sign-up offers Google, GitHub and Bitbucket', async () => {
    everyProvider();
    renderRoutes([{ path: '/auth/sign-up', element: <SignUpPage /> }], '/auth/sign-up');
    expect(await shown()).toEqual(['provider-google', 'provider-github', 'provider-bitbucket']);
  });
});

describe('§2 coupons page: the add-email warning and its modal', () => {
  const openCoupons = (email: string) => {
    setSession('tok', { ...testUser, email: { name: email } });
    fakeApi({ '/v1/coupon/get/all': { body: [] }, '/v1/user/referred': { body: { referralLink: '', users: [] } } });
    renderRoutes([{ path: '/redeem-coupon', element: <CouponsPage /> }], '/redeem-coupon');
  };

  it("a missing email: the modal opens by itself; once closed, the warning's link opens it again", async () => {
    openCoupons('');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 30_000 });
    expect(within(dialog).getByRole('button', { name: /Update/ })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: /Close/ }));
    // antd animates a closing dialog out and jsdom never ends the animation: closed = gone or leaving
    const closed = () => {
      const d = document.querySelector('.ant-modal');
      return d === null || d.classList.contains('ant-zoom-leave');
    };
    await waitFor(() => expect(closed()).toBe(true));
    expect(screen.getByText('Add a valid email address to redeem coupons.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add email' }));
    await waitFor(() => expect(closed()).toBe(false));
  });

  it('a valid email: no warning and no modal', async () => {
    openCoupons('ada@example.com');
    await screen.findByText('Coupons', {}, { timeout: 30_000 });
    expect(screen.queryByText('Add a valid email address to redeem coupons.')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
