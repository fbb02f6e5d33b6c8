import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GenerateKeyModal } from './GenerateKeyModal.tsx';
import { filterKeys } from './api.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';

const KEY = `dk_${'a'.repeat(39)}WXYZ`;

function mockCreate() {
  const fetchMock = vi.fn(async (url: string) => {
    expect(url).toContain('/api/v1/apiToken/create');
    return new Response(
      JSON.stringify({
        key: KEY,
        apiKey: { id: '1', name: '', key: 'dk_aaaaa...WXYZ', isActive: true, createdAt: '', updatedAt: '', lastUsed: null },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: writeText ? { writeText } : undefined });
}

const renderModal = () => renderRoutes([{ path: '/', element: <GenerateKeyModal open onClose={() => undefined} /> }], '/');
const nextButton = () => screen.getByRole('button', { name: 'Next' });

async function toSecureStep() {
  renderModal();
  fireEvent.click(await screen.findByRole('button', { name: /Generate key/ }));
  expect(await screen.findByTestId('new-api-key')).toHaveProperty('textContent', KEY);
}

describe('the API key modal', () => {
  beforeEach(() => {
    mockCreate();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setClipboard(undefined);
  });

  it('keeps Next disabled until the key was copied, then goes on to Complete', async () => {
    const writeText = vi.fn(async () => undefined);
    setClipboard(writeText);
    await toSecureStep();
    expect(nextButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: /Copy/ }));
    await waitFor(() => expect(nextButton()).toHaveProperty('disabled', false));
    expect(writeText).toHaveBeenCalledWith(KEY);
    fireEvent.click(nextButton());
    expect(await screen.findByText('Your API key is ready')).toBeTruthy();
    expect(screen.queryByTestId('new-api-key')).toBeNull();
  });

  it('a failed copy leaves Next disabled and says so', async () => {
    setClipboard(async () => {
      throw new Error('denied');
    });
    await toSecureStep();
    fireEvent.click(screen.getByRole('button', { name: /Copy/ }));
    expect(await screen.findByText('Failed to copy the API key')).toBeTruthy();
    expect(nextButton()).toHaveProperty('disabled', true);
  });

  it('a browser without the Clipboard API (plain HTTP) gets the key selected in a read-only field, and goes on after "I have copied the key"', async () => {
    setClipboard(undefined);
    await toSecureStep();
    const field = screen.getByLabelText<HTMLInputElement>('Your API key');
    expect(field.value).toBe(KEY);
    expect(field.readOnly).toBe(true);
    await waitFor(() => expect([field.selectionStart, field.selectionEnd]).toEqual([0, KEY.length]));
    expect(nextButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have copied the key' }));
    expect(nextButton()).toHaveProperty('disabled', false);
    fireEvent.click(nextButton());
    expect(await screen.findByText('Your API key is ready')).toBeTruthy();
  });

  it('a refused copy offers the same path by hand', async () => {
    setClipboard(async () => {
      throw new Error('denied');
    });
    await toSecureStep();
    expect(screen.queryByLabelText('Your API key')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Copy/ }));
    expect(await screen.findByText('Failed to copy the API key')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Your API key').value).toBe(KEY);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have copied the key' }));
    expect(nextButton()).toHaveProperty('disabled', false);
  });
});

describe('filterKeys', () => {
  const k = (id: string, name: string, isActive: boolean) => ({
    id,
    name,
    key: `dk_${id}xxxx...abcd`,
    isActive,
    createdAt: '',
    updatedAt: '',
    lastUsed: null,
  });
  const keys = [k('1', 'GitHub Actions', true), k('2', 'Nightly script', false), k('3', 'Laptop', true)];
  it('filters by status and by name or masked key, case-insensitively', () => {
    expect(filterKeys(keys, '', 'all').map((x) => x.id)).toEqual(['1', '2', '3']);
    expect(filterKeys(keys, '', 'active').map((x) => x.id)).toEqual(['1', '3']);
    expect(filterKeys(keys, '', 'inactive').map((x) => x.id)).toEqual(['2']);
    expect(filterKeys(keys, 'github', 'all').map((x) => x.id)).toEqual(['1']);
    expect(filterKeys(keys, 'dk_3', 'all').map((x) => x.id)).toEqual(['3']);
    expect(filterKeys(keys, 'laptop', 'inactive')).toEqual([]);
  });
});
