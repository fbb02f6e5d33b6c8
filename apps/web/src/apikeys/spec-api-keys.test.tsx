import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@docent/contracts';
import ApiKeysPage from './ApiKeysPage.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';

/**
 * The API keys page against docs/spec-conformance.md §2 (page parts, three-step 520 px modal), §8 (the apiKeys.*
 * success and error texts: 'Failed to create/delete/update API Key. Please try again later!') and
 * §9 (fetched with page size 100) — docs/spec-conformance.md.
 */
type Answer = { status?: number; body: unknown };
const json = ({ status = 200, body }: Answer) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const key = (id: string, name: string, isActive: boolean): ApiKey => ({
  id,
  name,
  key: `dk_${id.repeat(5)}...${id.repeat(4)}`,
  isActive,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  lastUsed: null,
});
const KEYS = [key('a', 'GitHub Actions', true), key('b', 'Old laptop', false)];

/** Serves the list and answers each other call with `answers[path]` (path after /api, without query). */
function serve(answers: Record<string, Answer> = {}, list: Answer = { body: { keys: KEYS, total: 2 } }) {
  const fetchMock = vi.fn(async (url: string) => {
    const path = url.replace(/^\/api/, '').split('?')[0]!;
    if (path === '/v1/apiToken/get/all') return json(list);
    return json(answers[path] ?? { status: 404, body: { detail: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderRoutes([{ path: '/docent-api-keys', element: <ApiKeysPage /> }], '/docent-api-keys');
  return fetchMock;
}
const toastShown = (text: string) =>
  waitFor(() => expect([...document.querySelectorAll('.ant-message-notice')].map((el) => el.textContent)).toContain(text));
const card = async (name: string) => screen.findByRole('article', { name });
/** Confirms the open popconfirm with its OK button. */
const confirm = async (title: string, ok: string) => {
  const pop = await waitFor(() => {
    const el = [...document.querySelectorAll('.ant-popconfirm')].find((p) => p.textContent?.includes(title));
    if (!el) throw new Error(`no confirmation ${title}`);
    return el as HTMLElement;
  });
  fireEvent.click(within(pop).getByRole('button', { name: ok }));
};

afterEach(() => vi.unstubAllGlobals());

describe('API keys page (docs/spec-conformance.md §2, §9)', () => {
  it('fetches the keys with page size 100 and shows title, description, search, Generate New, status filter, cards and best practices', async () => {
    const fetchMock = serve();
    await card('GitHub Actions');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/apiToken/get/all?limit=100');
    expect(screen.getByRole('heading', { name: 'API Keys' })).toBeTruthy();
    expect(screen.getByText('Keys let scripts and CI pipelines call Docent on your behalf.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Generate New/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Best practices/ })).toBeTruthy();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['GitHub Actions', 'Old laptop']);
    // status filter: all, active, inactive
    fireEvent.click(screen.getByText('Inactive', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Old laptop']));
    fireEvent.click(screen.getByText('Active', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['GitHub Actions']));
    fireEvent.click(screen.getByText('All', { selector: '.ant-segmented-item-label' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search API keys' }), { target: { value: 'laptop' } });
    await waitFor(() => expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Old laptop']));
  });

  it("a list that cannot be loaded shows apiKeys.errorLoading with the server's detail", async () => {
    serve({}, { status: 500, body: { detail: 'Database unavailable.' } });
    expect(await screen.findByText('Failed to load API keys')).toBeTruthy();
    expect(screen.getByText('Database unavailable.')).toBeTruthy();
  });

  it('the modal is 520 px wide with the steps Generate, Secure, Complete', async () => {
    serve();
    await card('GitHub Actions');
    fireEvent.click(screen.getByRole('button', { name: /Generate New/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate API Key' });
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('520px');
    expect([...dialog.querySelectorAll('.ant-steps-item-title')].map((s) => s.textContent)).toEqual(['Generate', 'Secure', 'Complete']);
  });
});

describe('API key messages (docs/spec-conformance.md §8)', () => {
  it("deactivating after a confirmation says 'API key deactivated'", async () => {
    const fetchMock = serve({ '/v1/apiToken/a/toggle': { body: { ...KEYS[0], isActive: false } } });
    fireEvent.click(within(await card('GitHub Actions')).getByRole('switch'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await confirm('Deactivate this API key?', 'Yes');
    await toastShown('API key deactivated');
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain('/api/v1/apiToken/a/toggle');
  });

  it("activating says 'API key activated'", async () => {
    serve({ '/v1/apiToken/b/toggle': { body: { ...KEYS[1], isActive: true } } });
    fireEvent.click(within(await card('Old laptop')).getByRole('switch'));
    await confirm('Activate this API key?', 'Yes');
    await toastShown('API key activated');
  });

  it("a failed toggle says 'Failed to update API Key. Please try again later!' with the cause", async () => {
    serve({ '/v1/apiToken/a/toggle': { status: 500, body: { detail: 'Storage is read-only.' } } });
    fireEvent.click(within(await card('GitHub Actions')).getByRole('switch'));
    await confirm('Deactivate this API key?', 'Yes');
    await toastShown('Failed to update API Key. Please try again later! Storage is read-only.');
  });

  it("deleting after a confirmation says 'API key deleted'", async () => {
    const fetchMock = serve({ '/v1/apiToken/a/delete': { body: { success: true } } });
    fireEvent.click(within(await card('GitHub Actions')).getByRole('button', { name: /Delete/ }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await confirm('Delete this API key?', 'Delete');
    await toastShown('API key deleted');
  });

  it("a failed delete says 'Failed to delete API Key. Please try again later!' with the cause", async () => {
    serve({ '/v1/apiToken/b/delete': { status: 404, body: { detail: 'API key not found.' } } });
    fireEvent.click(within(await card('Old laptop')).getByRole('button', { name: /Delete/ }));
    await confirm('Delete this API key?', 'Delete');
    await toastShown('Failed to delete API Key. Please try again later! API key not found.');
  });

  it("a failed generation says 'Failed to create API Key. Please try again later!' with the cause", async () => {
    serve({ '/v1/apiToken/create': { status: 429, body: { detail: 'Too many keys.' } } });
    await card('GitHub Actions');
    fireEvent.click(screen.getByRole('button', { name: /Generate New/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Generate key/ }));
    await toastShown('Failed to create API Key. Please try again later! Too many keys.');
  });

  it("a copied key says 'API key copied to clipboard'", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const full = `dk_${'k'.repeat(43)}`;
    serve({ '/v1/apiToken/create': { body: { key: full, apiKey: key('c', '', true) } } });
    await card('GitHub Actions');
    fireEvent.click(screen.getByRole('button', { name: /Generate New/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Generate key/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Copy/ }));
    await toastShown('API key copied to clipboard');
    expect(writeText).toHaveBeenCalledWith(full);
  });
});
