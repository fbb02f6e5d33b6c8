import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlanType } from '@docent/contracts';
import { DocToolsCard } from '../repository/DocToolsCard.tsx';
import { fakeApi } from './fakeApi.ts';
import { renderRoutes } from './renderWithProviders.tsx';

/**
 * The documentation tools card's Code Docs tab (docs/spec-conformance.md §2 Documentation tools card, §5 docstring
 * config, §6 the premium gate, §8 'Error: {error}'): asserted on screen, with the calls it makes.
 */

const python = {
  name: 'Python',
  displayName: 'Python',
  fileExtension: '.py',
  supportedStyles: ['google', 'numpy', 'rest', 'epytext'],
  docstringStyle: 'google',
  maxDocStringLength: 80,
};

function open({
  planType = 'FREE' as PlanType,
  countRepoGen = 0,
  isPrivate = undefined as boolean | undefined,
  generate = { body: { lroJobId: 5, message: 'started' } } as { status?: number; body: unknown },
} = {}) {
  const api = fakeApi({
    '/v1/git/generate/repo/config': { body: [python] },
    '/v1/git/generate/repo/delivery': { body: { delivery: 'patch', chosen: false, remote: 'origin', pullRequests: false } },
    '/v1/git/generate/repo/doc': generate,
  });
  const fake = api.getMockImplementation()!;
  // the started job's live log stays open: the job is running
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) =>
    String(input).includes('/v1/lro/logs/')
      ? new Response(new ReadableStream(), { status: 200, headers: { 'content-type': 'text/event-stream' } })
      : fake(input, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  const view = renderRoutes(
    [
      {
        path: '/repo',
        element: (
          <DocToolsCard
            repoRef={{ vendor: 'GIT', org: 'acme', repo: 'calc' }}
            repoLanguages={['Python']}
            planType={planType}
            countRepoGen={countRepoGen}
            isPrivate={isPrivate}
          />
        ),
      },
      { path: '/profile/upgrade-plan', element: <p>upgrade page</p> },
    ],
    '/repo',
  );
  const generateCalls = () =>
    fetchMock.mock.calls
      .filter(([u, i]) => String(u) === '/api/v1/git/generate/repo/doc' && i?.method === 'POST')
      .map(([, i]) => JSON.parse(String(i!.body)));
  return { ...view, generateCalls };
}

/** The 'Pro Feature Required' modal (antd names its dialog by an id the title does not carry in jsdom). */
const proDialog = async () => (await screen.findByText('Pro Feature Required')).closest('.ant-modal') as HTMLElement;

// the file's first render loads antd (10–20 s on a loaded 2-core machine): more than the web default of 20 s
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Code Docs (docs/spec-conformance.md §2, §5)', () => {
  it('tabs Code Docs with a PRO badge, Architecture Docs and API Docs; the style is chosen from the language’s styles, the first by default; max line length 80', async () => {
    const { generateCalls } = open({ planType: 'PRO' });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Code Docs PRO', 'Architecture Docs', 'API Docs']);
    expect(within(tabs[0]!).getByText('PRO').className).toContain('ant-tag');
    const row = await screen.findByTestId('docstyle-Python');
    expect(within(row).getByText('google')).toBeTruthy();
    expect((screen.getByRole('spinbutton', { name: 'Max line length for Python' }) as HTMLInputElement).value).toBe('80');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Docstring style for Python' }));
    await user.click(await screen.findByTitle('numpy'));
    await user.click(screen.getByTestId('generate-docs'));
    await waitFor(() => expect(generateCalls()).toHaveLength(1));
    expect(generateCalls()[0].style_guide.languages[0]).toMatchObject({ name: 'Python', docstringStyle: 'numpy', maxDocStringLength: 80 });
  });

  it('the max line length is a number from 40 to 120: 39, 121 and empty are refused and Generate is disabled; 40 and 120 are accepted and sent', async () => {
    const { generateCalls } = open({ planType: 'PRO' });
    const user = userEvent.setup();
    const field = await screen.findByRole('spinbutton', { name: 'Max line length for Python' });
    const generate = () => screen.getByTestId('generate-docs') as HTMLButtonElement;
    const set = async (v: string) => {
      await user.clear(field);
      if (v) await user.type(field, v);
    };
    await set('39');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Max line length must be a whole number from 40 to 120.');
    expect(generate().disabled).toBe(true);
    await set('121');
    expect(screen.getByRole('alert').textContent).toBe('Max line length must be a whole number from 40 to 120.');
    expect(generate().disabled).toBe(true);
    await set('');
    expect(screen.getByRole('alert').textContent).toBe('Enter a max line length.');
    await set('40');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await set('120');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(generate());
    await waitFor(() => expect(generateCalls()).toHaveLength(1));
    expect(generateCalls()[0].style_guide).toEqual({ languages: [{ name: 'Python', docstringStyle: 'google', maxDocStringLength: 120 }] });
    // while the job runs the button reads 'Generating...' and is disabled
    await waitFor(() => expect(generate().textContent).toBe('Generating...'));
    expect(generate().disabled).toBe(true);
  });
});

describe('the premium gate (docs/spec-conformance.md §6) and the failure text (§8)', () => {
  it.each([
    [true, 'Try Free documents up to 3 files of this private repository.'],
    [false, 'Try Free documents up to 10 files of this public repository.'],
    [undefined, 'Try Free documents up to 3 files of a private repository, up to 10 of a public one.'],
  ])('the Pro modal says what Try Free gives (private: %s): %s', async (isPrivate, text) => {
    open({ planType: 'FREE', countRepoGen: 0, isPrivate });
    const user = userEvent.setup();
    await screen.findByTestId('docstyle-Python');
    await user.click(screen.getByTestId('generate-docs'));
    const dialog = await proDialog();
    expect(within(dialog).getByTestId('trial-limit').textContent).toBe(text);
  });

  it("a FREE repository without credits gets 'Pro Feature Required' with Buy Pro, Full Repo Doc and Try Free; nothing is sent before Try Free, which asks for the free trial", async () => {
    const { generateCalls } = open({ planType: 'FREE', countRepoGen: 0 });
    const user = userEvent.setup();
    await screen.findByTestId('docstyle-Python');
    await user.click(screen.getByTestId('generate-docs'));
    const dialog = await proDialog();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter((t) => t),
    ).toEqual(['Buy Pro', 'Full Repo Doc', 'Try Free']);
    expect(generateCalls()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Try Free' }));
    await waitFor(() => expect(generateCalls()).toHaveLength(1));
    expect(generateCalls()[0].free_trial).toBe(true);
  });

  it('Buy Pro goes to the upgrade plan for this repository', async () => {
    const { router } = open({ planType: 'FREE', countRepoGen: 0 });
    const user = userEvent.setup();
    await screen.findByTestId('docstyle-Python');
    await user.click(screen.getByTestId('generate-docs'));
    await user.click(within(await proDialog()).getByRole('button', { name: 'Buy Pro' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/profile/upgrade-plan?accept_payment=acme%2Fcalc'),
    );
  });

  it.each([
    ['a PREMIUM repository', 'PREMIUM', 0],
    ['a PRO repository', 'PRO', 0],
    ['a FREE repository with a credit (countRepoGen 1)', 'FREE', 1],
  ] as const)('%s starts at once, without the modal and without the free trial', async (_label, planType, countRepoGen) => {
    const { generateCalls } = open({ planType, countRepoGen });
    const user = userEvent.setup();
    await screen.findByTestId('docstyle-Python');
    await user.click(screen.getByTestId('generate-docs'));
    await waitFor(() => expect(generateCalls()).toHaveLength(1));
    expect(generateCalls()[0].free_trial).toBeUndefined();
    expect(screen.queryByText('Pro Feature Required')).toBeNull();
  });

  it("a refused start logs 'Error: {detail}' as an error line in the Code Docs terminal", async () => {
    open({ planType: 'PRO', generate: { status: 409, body: { detail: 'A generation is already running for this repository.' } } });
    const user = userEvent.setup();
    await screen.findByTestId('docstyle-Python');
    await user.click(screen.getByTestId('generate-docs'));
    const line = await waitFor(() => {
      const row = [...document.querySelectorAll('.dc-term__row')].find((r) => r.textContent?.includes('Error: '));
      if (!row) throw new Error('no error line yet');
      return row as HTMLElement;
    });
    expect(line.querySelector('.dc-term__text')!.textContent).toBe('Error: A generation is already running for this repository.');
    expect(line.className).toContain('dc-term__row--error');
    await waitFor(() => expect((screen.getByTestId('generate-docs') as HTMLButtonElement).disabled).toBe(false));
  });
});
