import type { ReactElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp, Button as AntButton, Modal } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@docent/contracts';
import { testUser } from '../test/fixtures.ts';

// antd's Tour measures its target with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};
import { FEATURES, TUTORIAL_DONE_KEY } from './onboarding.ts';
import { resetTourForTests, WelcomeTour } from './WelcomeTour.tsx';

const newUser: User = { ...testUser, tutorialDone: false };

function renderTour(user: User = newUser, page: () => ReactElement | null = () => null): { rerender: () => void } {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const ui = (): ReactElement => (
    <QueryClientProvider client={client}>
      <AntApp>
        {page()}
        <WelcomeTour user={user} />
      </AntApp>
    </QueryClientProvider>
  );
  const r = render(ui());
  return { rerender: () => r.rerender(ui()) };
}

const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const tourTitle = () => document.querySelector('.dc-tour:not(.ant-tour-hidden) .ant-tour-title')?.textContent ?? null;
const feature = () => screen.getByTestId('tour-feature').getAttribute('data-feature');
const button = (name: string) => screen.getByRole('button', { name });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  resetTourForTests();
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ ...newUser, tutorialDone: true }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const doneCalls = () =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/v1/user/tutorial/done' && (init as RequestInit).method === 'POST');

describe('WelcomeTour', () => {
  it('starts 1 s after the page opens, not before', async () => {
    renderTour();
    await tick(999);
    expect(tourTitle()).toBeNull();
    await tick(1);
    expect(tourTitle()).toBe('Welcome to Docent');
    await tick(20); // one animation frame: the dialog role and the focus
    const dialog = document.querySelector('.dc-tour .ant-tour-section');
    expect(dialog?.getAttribute('role')).toBe('dialog');
    expect(dialog?.getAttribute('aria-labelledby')).toBe('dc-tour-title');
    expect(document.activeElement?.textContent).toBe('Next');
  });

  it('the carousel shows the five features, advancing every 5 s and wrapping round', async () => {
    renderTour();
    await tick(1000);
    expect(feature()).toBe('prInsights');
    await tick(4999);
    expect(feature()).toBe('prInsights');
    await tick(1);
    expect(feature()).toBe('autoUpdates');
    expect(screen.getByText('Docs that follow your code')).toBeTruthy();
    const seen = [feature()];
    for (let i = 0; i < 4; i++) {
      await tick(5000);
      seen.push(feature());
    }
    expect(seen).toEqual([...FEATURES.slice(1), FEATURES[0]]);
  });

  it('a dot shows its feature and restarts the 5 s; pause stops the rotation', async () => {
    renderTour();
    await tick(1000);
    await tick(3000);
    fireEvent.click(button('Show: Architecture diagrams'));
    expect(feature()).toBe('diagrams');
    await tick(4999);
    expect(feature()).toBe('diagrams');
    await tick(1);
    expect(feature()).toBe('apiDocs');
    fireEvent.click(button('Pause the feature carousel'));
    await tick(20_000);
    expect(feature()).toBe('apiDocs');
    fireEvent.click(button('Play the feature carousel'));
    await tick(5000);
    expect(feature()).toBe('prInsights');
  });

  it('Next and Previous walk the 4 steps; Finish on the last marks it done on the server and here', async () => {
    renderTour();
    await tick(1000);
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    fireEvent.click(button('Next'));
    await tick(0);
    expect(tourTitle()).toBe('Repositories');
    fireEvent.click(button('Previous'));
    await tick(0);
    expect(tourTitle()).toBe('Welcome to Docent');
    fireEvent.click(button('Next'));
    fireEvent.click(button('Next'));
    await tick(0);
    expect(tourTitle()).toBe('API Keys');
    fireEvent.click(button('Next'));
    await tick(0);
    expect(tourTitle()).toBe('Your first repository'); // no repository card on this page
    expect(screen.queryByRole('button', { name: 'Skip tour' })).toBeNull();
    expect(doneCalls()).toHaveLength(0);
    fireEvent.click(button('Finish'));
    await tick(0);
    expect(tourTitle()).toBeNull();
    expect(doneCalls()).toHaveLength(1);
    expect(localStorage.getItem(TUTORIAL_DONE_KEY)).toBe('true');
  });

  it('Skip tour marks it done too', async () => {
    renderTour();
    await tick(1000);
    fireEvent.click(button('Next'));
    await tick(0);
    fireEvent.click(button('Skip tour'));
    await tick(0);
    expect(tourTitle()).toBeNull();
    expect(doneCalls()).toHaveLength(1);
  });

  it('Close and Esc hide it without marking it done', async () => {
    const { rerender } = renderTour();
    await tick(1000);
    fireEvent.click(button('Close'));
    await tick(0);
    expect(tourTitle()).toBeNull();
    expect(doneCalls()).toHaveLength(0);
    expect(localStorage.getItem(TUTORIAL_DONE_KEY)).toBeNull();
    rerender();
    await tick(2000);
    expect(tourTitle()).toBeNull(); // not again in this page load

    resetTourForTests(); // a new page load
    renderTour();
    await tick(1000);
    expect(tourTitle()).toBe('Welcome to Docent');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await tick(0);
    expect(tourTitle()).toBeNull();
    expect(doneCalls()).toHaveLength(0);
  });

  it('is not shown to a user who has done it, nor in a browser that has', async () => {
    renderTour({ ...newUser, tutorialDone: true });
    await tick(2000);
    expect(tourTitle()).toBeNull();
    localStorage.setItem(TUTORIAL_DONE_KEY, 'true');
    renderTour();
    await tick(2000);
    expect(tourTitle()).toBeNull();
  });

  it('waits while another dialog is open (an analysis running on a first sign-in), and opens once it is closed', async () => {
    let analysisOpen = true;
    const { rerender } = renderTour(newUser, () => (
      <Modal open={analysisOpen} title="Analysis running" footer={null} closable={false}>
        Analysing…
      </Modal>
    ));
    await tick(1000);
    expect(screen.getByText('Analysis running')).toBeTruthy();
    expect(tourTitle()).toBeNull();
    await tick(5000);
    expect(tourTitle()).toBeNull();
    analysisOpen = false;
    rerender();
    await tick(1000); // the modal's close, then the next look
    expect(tourTitle()).toBe('Welcome to Docent');
  });

  it('step 4 without a repository: speaks of adding the first one and points at the Add button', async () => {
    renderTour(newUser, () => (
      <AntButton data-testid="add-repo-empty" type="primary">
        Add a repository by URL
      </AntButton>
    ));
    const add = screen.getByTestId('add-repo-empty');
    add.getBoundingClientRect = () => DOMRect.fromRect({ x: 300, y: 200, width: 180, height: 40 });
    await tick(1000);
    for (let i = 0; i < 3; i++) {
      fireEvent.click(button('Next'));
      await tick(0);
    }
    expect(tourTitle()).toBe('Your first repository');
    expect(document.querySelector('.dc-tour .ant-tour-description')?.textContent).toMatch(/^Add a repository by its URL or connect GitHub/);
    // the highlighted hole is the Add button's box (300, 200, 180 × 40) with the tour's 6 px gap
    const hole = document.querySelector<HTMLElement>('.dc-tour.ant-tour-target-placeholder');
    expect([hole?.style.left, hole?.style.top, hole?.style.width]).toEqual(['294px', '194px', '192px']);
  });

  it('one progress indicator per step: the carousel dots on the first, the tour step dots after', async () => {
    renderTour();
    await tick(1000);
    const stepDots = () => [...document.querySelectorAll('.dc-tour .ant-tour-indicator')];
    expect(screen.getAllByRole('button', { name: /^Show: / })).toHaveLength(5);
    expect(stepDots()).toHaveLength(0);
    fireEvent.click(button('Next'));
    await tick(0);
    expect(stepDots().map((d) => d.classList.contains('ant-tour-indicator-active'))).toEqual([false, true, false, false]);
    expect(screen.queryAllByRole('button', { name: /^Show: / })).toHaveLength(0);
  });
});
