import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConnectMenu } from './ConnectMenu.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';

/** docs/spec-conformance.md §2: the connect-more control lists the vendors not yet connected; 'All connected' with all four. */
describe('ConnectMenu', () => {
  it('with all four vendors connected it is a disabled All connected', () => {
    renderRoutes(
      [{ path: '/', element: <ConnectMenu connected={['GITHUB', 'GITLAB', 'BITBUCKET', 'AZUREDEVOPS']} onPick={() => {}} /> }],
      '/',
    );
    const button = screen.getByTestId('all-connected');
    expect(button.textContent).toContain('All connected');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('connect-more')).toBeNull();
  });

  it('with fewer it offers the others; a connected one is marked and cannot be picked', async () => {
    const onPick = vi.fn();
    renderRoutes([{ path: '/', element: <ConnectMenu connected={['GITHUB']} onPick={onPick} /> }], '/');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('connect-more'));
    expect(await screen.findByText('GitHub · connected')).toBeTruthy();
    await user.click(screen.getByText('GitHub · connected'));
    expect(onPick).not.toHaveBeenCalled();
    await user.click(screen.getByText('GitLab'));
    expect(onPick).toHaveBeenCalledWith('GITLAB');
  });
});
