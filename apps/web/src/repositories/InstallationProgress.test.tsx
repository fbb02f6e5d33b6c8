import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { InstallationProgress } from './InstallationStatus.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';

/** docs/spec-conformance.md §2: the Installation in Progress screen, one line per connected vendor. */
describe('InstallationProgress', () => {
  it('shows the title and, per vendor, the server message while syncing or Up to date when done', () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <InstallationProgress
              vendors={['GITHUB', 'GITLAB']}
              statuses={[
                { status: 'in_progress', message: 'Syncing GitHub' },
                { status: 'no_status', message: 'Synced 3 repositories' },
              ]}
            />
          ),
        },
      ],
      '/',
    );
    const screenEl = screen.getByTestId('installation-progress');
    expect(within(screenEl).getByRole('heading', { name: 'Installation in Progress' })).toBeTruthy();
    const rows = within(screenEl)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual(['GitHubSyncing GitHub', 'GitLabUp to date']);
  });
});
