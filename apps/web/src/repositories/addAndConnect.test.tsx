import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddGitRepoDialog } from './AddGitRepoDialog.tsx';
import { ConnectVendorDialog } from './ConnectVendorDialog.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { fakeApi } from '../test/fakeApi.ts';

afterEach(() => vi.unstubAllGlobals());

type Call = [input: string | URL | Request, init?: RequestInit];
const posted = (calls: Call[], path: string): unknown[] =>
  calls.filter(([u, init]) => String(u) === `/api${path}` && init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)));

/** docs/spec-conformance.md §2: a repository added by its git URL (GIT vendor); a refused URL shows the server's reason. */
describe('AddGitRepoDialog', () => {
  it("a URL the server refuses shows the server's reason and adds nothing", async () => {
    fakeApi({ '/v1/git/repos': { status: 400, body: { detail: 'file:// URLs are not allowed on this server.', code: 'BAD_REQUEST' } } });
    const onAdded = vi.fn();
    renderRoutes([{ path: '/', element: <AddGitRepoDialog open onClose={() => {}} onAdded={onAdded} /> }], '/');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add a repository by git URL' });
    await user.type(within(dialog).getByLabelText('Git URL'), 'file:///srv/git/widgets');
    await user.click(within(dialog).getByRole('button', { name: 'Add repository' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('file:// URLs are not allowed on this server.');
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('sends the URL with the optional names, trimmed, and hands the added repository back', async () => {
    const repo = { id: 'r9', organizationName: 'acme', repoName: 'widgets', vendor: 'GIT' };
    const api = fakeApi({ '/v1/git/repos': { status: 201, body: repo } });
    const onAdded = vi.fn();
    const onClose = vi.fn();
    renderRoutes([{ path: '/', element: <AddGitRepoDialog open onClose={onClose} onAdded={onAdded} /> }], '/');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add a repository by git URL' });
    await user.type(within(dialog).getByLabelText('Git URL'), '  git://git.example.com/widgets.git ');
    await user.type(within(dialog).getByLabelText('Organisation'), ' acme ');
    await user.click(within(dialog).getByRole('button', { name: 'Add repository' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(repo));
    expect(posted(api.mock.calls, '/v1/git/repos')).toEqual([{ url: 'git://git.example.com/widgets.git', organizationName: 'acme' }]);
    expect(onClose).toHaveBeenCalled();
  });
});

/** docs/spec-conformance.md §2: the connect dialog per vendor (token, kind, server URL; Azure organisation; Bitbucket user name). */
describe('ConnectVendorDialog', () => {
  it("a token the vendor rejects shows the vendor's reason; nothing is connected", async () => {
    fakeApi({
      '/v1/vendors/gitlab/connection': { status: 400, body: { detail: 'GitLab refused the token: 401 Unauthorized', code: 'BAD_REQUEST' } },
    });
    const onConnected = vi.fn();
    renderRoutes([{ path: '/', element: <ConnectVendorDialog vendor="GITLAB" onClose={() => {}} onConnected={onConnected} /> }], '/');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Connect GitLab' });
    await user.type(within(dialog).getByLabelText('Access token'), 'glpat-wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('GitLab refused the token: 401 Unauthorized');
    expect(onConnected).not.toHaveBeenCalled();
  });

  it('Azure DevOps asks for the organisation and a personal access token (no token type: the server defaults to pat); both are required', async () => {
    const api = fakeApi({ '/v1/vendors/azure/connection': { status: 201, body: { vendor: 'AZUREDEVOPS' } } });
    const onConnected = vi.fn();
    renderRoutes([{ path: '/', element: <ConnectVendorDialog vendor="AZUREDEVOPS" onClose={() => {}} onConnected={onConnected} /> }], '/');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Connect Azure DevOps' });
    expect(within(dialog).queryByLabelText('Token type')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('This field is required!')).toBeTruthy();
    expect(await within(dialog).findByText('Please enter a valid Personal Access Token')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Organisation'), 'fabrikam');
    await user.type(within(dialog).getByLabelText('Personal access token'), 'azure-pat');
    await user.type(within(dialog).getByLabelText('Server URL'), 'https://ado.example.com/tfs ');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(onConnected).toHaveBeenCalledWith('AZUREDEVOPS'));
    expect(posted(api.mock.calls, '/v1/vendors/azure/connection')).toEqual([
      { token: 'azure-pat', baseUrl: 'https://ado.example.com/tfs', organization: 'fabrikam' },
    ]);
  });

  it('Bitbucket sends the user name of an app password; GitHub offers the token type and no user name', async () => {
    const api = fakeApi({ '/v1/vendors/bitbucket/connection': { status: 201, body: { vendor: 'BITBUCKET' } } });
    const onConnected = vi.fn();
    const { unmount } = renderRoutes(
      [{ path: '/', element: <ConnectVendorDialog vendor="BITBUCKET" onClose={() => {}} onConnected={onConnected} /> }],
      '/',
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Connect Bitbucket' });
    await user.type(within(dialog).getByLabelText('User name'), 'jdoe');
    await user.type(within(dialog).getByLabelText('Access token'), 'app-password');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(onConnected).toHaveBeenCalledWith('BITBUCKET'));
    expect(posted(api.mock.calls, '/v1/vendors/bitbucket/connection')).toEqual([{ token: 'app-password', kind: 'pat', username: 'jdoe' }]);
    unmount();
    renderRoutes([{ path: '/', element: <ConnectVendorDialog vendor="GITHUB" onClose={() => {}} onConnected={() => {}} /> }], '/');
    const github = await screen.findByRole('dialog', { name: 'Connect GitHub' });
    expect(within(github).getByLabelText('Token type')).toBeTruthy();
    expect(within(github).queryByLabelText('User name')).toBeNull();
  });
});
