import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { DocGenResult } from '@docent/contracts';
import i18n from '../i18n/index.ts';
import { Delivery } from './DocToolsCard.tsx';

const base: DocGenResult = {
  commit: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
  branch: 'docent/docs-6dcb09b',
  pushed: true,
  deliveryNote: null,
  fileLimit: null,
  documented: 2,
  updated: 0,
  skipped: 0,
  files: [],
  diff: '',
};

describe('Documentation tools: where the docs were delivered', () => {
  it('links to the pull request when one was opened', () => {
    render(<Delivery result={{ ...base, pullRequest: { url: 'https://github.com/octocat/lib/pull/7', number: 7, vendor: 'GITHUB' } }} />);
    const link = screen.getByRole('link', { name: 'Open pull request #7' });
    expect(link.getAttribute('href')).toBe('https://github.com/octocat/lib/pull/7');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByText('Branch docent/docs-6dcb09b pushed')).toBeNull();
  });

  it('shows the branch, linked to its page when the vendor has one', () => {
    const { unmount } = render(
      <Delivery result={{ ...base, branchUrl: 'https://github.com/octocat/lib/tree/docent/docs-6dcb09b', pullRequest: null }} />,
    );
    expect(screen.getByRole('link', { name: 'Branch docent/docs-6dcb09b pushed' }).getAttribute('href')).toBe(
      'https://github.com/octocat/lib/tree/docent/docs-6dcb09b',
    );
    unmount();
    render(<Delivery result={base} />);
    expect(screen.getByText('Branch docent/docs-6dcb09b pushed')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says it in German too', async () => {
    await i18n.changeLanguage('de');
    try {
      render(
        <Delivery
          result={{ ...base, pullRequest: { url: 'https://gitlab.example.com/g/p/-/merge_requests/3', number: 3, vendor: 'GITLAB' } }}
        />,
      );
      expect(screen.getByRole('link', { name: 'Pull-Request #3 öffnen' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
