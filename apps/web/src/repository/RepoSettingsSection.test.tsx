import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookStatus } from '@docent/contracts';
import { RepoSettingsSection } from './RepoSettingsSection.tsx';
import { fakeApi } from '../test/fakeApi.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import i18n from '../i18n/index.ts';

const status = (over: Partial<WebhookStatus> = {}): WebhookStatus => ({
  url: 'http://localhost/api/v1/webhooks/git/abcdefghijklmnop',
  registration: 'manual',
  registrationNote: null,
  lastDelivery: null,
  autoDocs: { repo: false, arch: true, api: false },
  autoDocSets: {
    repo: {
      ready: true,
      lastRun: {
        commit: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
        at: '2026-11-23T09:00:00.000Z',
        jobId: 11,
        result: 'unchanged',
        detail: 'No changed function needed a docstring.',
      },
    },
    arch: {
      ready: true,
      lastRun: {
        commit: 'e70d6628e1edb76cd4085f9fd548abe5f4969048',
        at: '2026-11-23T10:00:00.000Z',
        jobId: 12,
        result: 'regenerated',
        detail: 'Pages regenerated: 2, reused: 9; hosted at /docs/r/arch/.',
      },
    },
    api: { ready: false, lastRun: null },
  },
  ...over,
});

/** docs/webhooks.md: the architecture / API switches, whether they can run, and their last automatic run. */
describe('RepoSettingsSection automatic doc-set updates', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each doc set's switch, its last run, why it cannot run, and saves only the switch turned", async () => {
    let current = status();
    const api = fakeApi({
      '/v1/git/repos/webhook/settings': (_url, init) => {
        const sent = JSON.parse(String(init?.body)) as { autoDocs: Partial<WebhookStatus['autoDocs']> };
        current = status({ autoDocs: { ...current.autoDocs, ...sent.autoDocs } });
        return { body: current };
      },
      '/v1/git/repos/webhook': () => ({ body: current }),
      '/v1/pr-insights': { body: { failUnder: null } },
    });
    renderRoutes(
      [
        {
          path: '/',
          element: <RepoSettingsSection repoRef={{ vendor: 'GIT', org: 'local', repo: 'shop' }} repoId="r" defaultBranch="main" />,
        },
      ],
      '/',
    );

    await screen.findByText(/Pages regenerated: 2/);
    const arch = screen.getByTestId('auto-docs-arch-settings');
    expect(within(arch).getByRole('switch').getAttribute('aria-checked')).toBe('true');
    const last = within(arch).getByTestId('auto-docs-arch-last');
    expect(last.textContent).toContain('Regenerated');
    expect(last.textContent).toContain('e70d662');
    expect(last.textContent).toContain('Pages regenerated: 2');
    expect(within(arch).queryByTestId('auto-docs-arch-not-ready')).toBeNull();

    expect(screen.getByTestId('auto-docs-repo-last').textContent).toContain('Unchanged');
    expect(screen.getByTestId('auto-docs-repo-last').textContent).toContain('a1b2c3d');
    const apiSet = screen.getByTestId('auto-docs-api-settings');
    expect(within(apiSet).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(within(apiSet).getByTestId('auto-docs-api-not-ready').textContent).toContain('Generate these docs once');
    expect(within(apiSet).getByTestId('auto-docs-api-last').textContent).toContain('No automatic run yet.');

    fireEvent.click(within(apiSet).getByRole('switch'));
    await waitFor(() =>
      expect(within(screen.getByTestId('auto-docs-api-settings')).getByRole('switch').getAttribute('aria-checked')).toBe('true'),
    );
    const put = api.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body)).autoDocs).toEqual({ api: true });
    expect(await screen.findByText('Automatic API docs updates are on')).toBeTruthy();
  });
});

/** docs/spec-conformance.md: the repository settings section shows the webhook's last delivery with its result, and turns automatic updates on and off. */
describe('RepoSettingsSection webhook status and automatic updates', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the post-receive hook for download once the secret is shown, with the URL and secret written in', async () => {
    fakeApi({
      '/v1/git/repos/webhook/secret': { body: { secret: "0123'abc" } },
      '/v1/git/repos/webhook': { body: status() },
      '/v1/pr-insights': { body: { failUnder: null } },
    });
    renderRoutes(
      [
        {
          path: '/',
          element: <RepoSettingsSection repoRef={{ vendor: 'GIT', org: 'local', repo: 'shop' }} repoId="r" defaultBranch="main" />,
        },
      ],
      '/',
    );
    fireEvent.click(await screen.findByTestId('reveal-secret'));
    const link = await screen.findByRole('link', { name: /Download the hook/ });
    expect(link.getAttribute('download')).toBe('post-receive');
    const href = link.getAttribute('href')!;
    expect(href.startsWith('data:text/x-shellscript;charset=utf-8,')).toBe(true);
    const script = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    expect(script.startsWith('#!/bin/sh\n')).toBe(true);
    expect(script).toContain("url='http://localhost/api/v1/webhooks/git/abcdefghijklmnop'\n");
    expect(script).toContain("secret='0123'\\''abc'\n");
    expect(script).not.toContain('git config --get');
  });

  it('shows a refused delivery as Rejected, in red, with the reason', async () => {
    fakeApi({
      '/v1/git/repos/webhook': {
        body: status({
          lastDelivery: {
            deliveryId: 'rejected:1',
            event: 'push',
            receivedAt: '2026-11-24T08:30:00.000Z',
            result: 'rejected',
            detail: "The signature does not match this webhook's secret.",
            detailParts: null,
          },
        }),
      },
      '/v1/pr-insights': { body: { failUnder: null } },
    });
    renderRoutes(
      [
        {
          path: '/',
          element: <RepoSettingsSection repoRef={{ vendor: 'GIT', org: 'local', repo: 'shop' }} repoId="r" defaultBranch="main" />,
        },
      ],
      '/',
    );
    const last = await screen.findByTestId('webhook-last-delivery');
    await waitFor(() => expect(last.textContent).toContain('Rejected'));
    expect(last.textContent).toContain("The signature does not match this webhook's secret.");
    expect(last.querySelector('.ant-tag-error')).toBeTruthy();
  });

  it('shows the last delivery (result, detail) or none yet, and the code-docs switch saves on and off', async () => {
    let current = status();
    const api = fakeApi({
      '/v1/git/repos/webhook/settings': (_url, init) => {
        const sent = JSON.parse(String(init?.body)) as { autoDocs: Partial<WebhookStatus['autoDocs']> };
        current = { ...current, autoDocs: { ...current.autoDocs, ...sent.autoDocs } };
        return { body: current };
      },
      '/v1/git/repos/webhook': () => ({ body: current }),
      '/v1/pr-insights': { body: { failUnder: null } },
    });
    const view = () => <RepoSettingsSection repoRef={{ vendor: 'GIT', org: 'local', repo: 'shop' }} repoId="r" defaultBranch="main" />;
    const first = renderRoutes([{ path: '/', element: view() }], '/');
    expect((await screen.findByTestId('webhook-last-delivery')).textContent).toContain('No delivery yet.');
    first.unmount();

    current = status({
      lastDelivery: {
        deliveryId: 'd1',
        event: 'push',
        receivedAt: '2026-11-24T08:30:00.000Z',
        result: 'analysis-queued',
        detail: 'Push to main (abc1234): analysis job 31 queued, documentation update job 32 queued.',
        detailParts: [
          { code: 'ANALYSIS_QUEUED', params: { branch: 'main', commit: 'abc1234', job: '31' } },
          { code: 'DOCS_UPDATE_QUEUED', params: { job: '32' } },
        ],
      },
    });
    renderRoutes([{ path: '/', element: view() }], '/');
    const last = await screen.findByTestId('webhook-last-delivery');
    await waitFor(() => expect(last.textContent).toContain('Analysis queued'));
    expect(last.textContent).toContain('Push to main (abc1234): analysis job 31 queued, documentation update job 32 queued.');

    const repoSwitch = screen.getByTestId('auto-docs-repo');
    expect(repoSwitch.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(repoSwitch);
    expect(await screen.findByText('Automatic code doc updates are on')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('auto-docs-repo').getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(screen.getByTestId('auto-docs-repo'));
    expect(await screen.findByText('Automatic code doc updates are off')).toBeTruthy();
    const puts = api.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => (JSON.parse(String(init!.body)) as { autoDocs: unknown }).autoDocs);
    expect(puts).toEqual([{ repo: true }, { repo: false }]);
  });

  it('words a handled delivery in the interface language from its codes (German), a refused one keeps its reason', async () => {
    fakeApi({
      '/v1/git/repos/webhook': {
        body: status({
          lastDelivery: {
            deliveryId: 'd2',
            event: 'push',
            receivedAt: '2026-11-24T08:30:00.000Z',
            result: 'ignored',
            detail: 'Ignored: no push to the default branch master.',
            detailParts: [{ code: 'NOT_DEFAULT_BRANCH', params: { branch: 'master' } }],
          },
        }),
      },
      '/v1/git/pull-request': { body: { failUnder: null, checks: [] } },
    });
    await i18n.changeLanguage('de');
    try {
      renderRoutes(
        [
          {
            path: '/',
            element: <RepoSettingsSection repoRef={{ vendor: 'GIT', org: 'local', repo: 'shop' }} repoId="r" defaultBranch="master" />,
          },
        ],
        '/',
      );
      const last = await screen.findByTestId('webhook-last-delivery');
      await waitFor(() => expect(last.textContent).toContain('Ignoriert: kein Push auf den Standard-Branch master.'));
      expect(last.textContent).not.toContain('Ignored');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
