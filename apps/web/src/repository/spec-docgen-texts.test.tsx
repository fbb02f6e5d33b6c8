import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../test/fakeApi.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { DocSetTab } from './DocSetTab.tsx';

/**
 * docs/spec-conformance.md §8 "Documentation generation failure shows the error and logs 'Error: {error}'"
 * (docs/spec-conformance.md): a refused start writes the server's detail into the tab's terminal.
 */
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("documentation generation failure (docs/spec-conformance.md §8 'Error: {error}')", () => {
  it("a refused start logs 'Error: {detail}' as an error line and leaves Generate usable", async () => {
    fakeApi({
      '/v1/git/generate/docs/state': { body: { analysedCommit: null, sets: [], lastOptions: { arch: null, api: null } } },
      '/v1/docs/session': { body: {} },
      '/v1/git/generate/arch/doc': { status: 409, body: { detail: 'A generation is already running for this repository.' } },
    });
    renderRoutes([{ path: '/', element: <DocSetTab kind="arch" repoRef={{ vendor: 'GITHUB', org: 'octo', repo: 'shop' }} /> }], '/');
    fireEvent.click(screen.getByTestId('generate-arch'));
    const line = await waitFor(() => {
      const row = [...document.querySelectorAll('.dc-term__row')].find((r) => r.textContent?.includes('Error: '));
      if (!row) throw new Error('no error line yet');
      return row as HTMLElement;
    });
    expect(line.querySelector('.dc-term__text')!.textContent).toBe('Error: A generation is already running for this repository.');
    expect(line.className).toContain('dc-term__row--error');
    await waitFor(() => expect((screen.getByTestId('generate-arch') as HTMLButtonElement).disabled).toBe(false));
  });
});
