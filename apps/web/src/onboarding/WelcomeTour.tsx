import { useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, ConfigProvider, Tour } from 'antd';
import type { TourProps } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@docent/contracts';
import { setUser } from '../auth/session.ts';
import { FeatureCarousel } from './FeatureCarousel.tsx';
import { onboardingApi, shouldShowTour, TOUR_START_DELAY_MS, TUTORIAL_DONE_KEY } from './onboarding.ts';

/** Closed (not finished or skipped) in this page load: not shown again until the next load. */
let closedThisLoad = false;
/** For tests: forget a Close. */
export function resetTourForTests(): void {
  closedThisLoad = false;
}

/**
 * The element when it is on screen, or null (the step is then shown in the middle of the
 * screen): on a phone the sidebar is off-screen until opened.
 */
function onScreen(selector: string): HTMLElement | null {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el) return null;
  // What is left of its box once every clipping ancestor (a collapsed sidebar: 0 wide) and the window cut it.
  const r = el.getBoundingClientRect();
  let [left, top, right, bottom] = [
    Math.max(r.left, 0),
    Math.max(r.top, 0),
    Math.min(r.right, window.innerWidth),
    Math.min(r.bottom, window.innerHeight),
  ];
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    const style = getComputedStyle(a);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const c = a.getBoundingClientRect();
    [left, top, right, bottom] = [Math.max(left, c.left), Math.max(top, c.top), Math.min(right, c.right), Math.min(bottom, c.bottom)];
  }
  return right - left >= 8 && bottom - top >= 8 ? el : null;
}

/** A step pointing at `selector` when it is on screen, else in the middle (no placement: centred). */
function pointAt(selector: string, placement: 'right' | 'bottom'): { target: HTMLElement | null; placement?: 'right' | 'bottom' } {
  const el = onScreen(selector);
  return el ? { target: el, placement } : { target: null };
}

const TITLE_ID = 'dc-tour-title';

/** How often a tour that is due looks again whether another dialog has closed. */
export const TOUR_WAIT_POLL_MS = 500;

/**
 * Whether another modal dialog is open (an analysis's progress, a confirmation, a drawer): the
 * tour waits until there is none, so that it never opens on top of one. A dialog counts while
 * neither it nor an ancestor is hidden (antd keeps closed modals in the page with display: none, after a leave animation).
 */
export function otherDialogOpen(): boolean {
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"], [aria-modal="true"], .ant-drawer-open');
  return [...dialogs].some((d) => {
    if (d.closest('.dc-tour')) return false;
    for (let a: HTMLElement | null = d; a && a !== document.body; a = a.parentElement) {
      if (a.hidden || a.getAttribute('aria-hidden') === 'true' || getComputedStyle(a).display === 'none') return false;
      // on its way out: antd's leave animation (ant-zoom-leave, …) before display: none
      if ([...a.classList].some((c) => c.endsWith('-leave'))) return false;
    }
    return true;
  });
}

/**
 * Step 4: a repository card when one is on screen; without one (a new user has no repository yet)
 * it speaks of adding the first one and points at the Add button when that is on screen, else it
 * is centred (never an arrow into empty space).
 */
function repoCardStep(title: (key: string) => ReactNode, t: (key: string) => string) {
  const card = pointAt('[data-testid="repo-card"]', 'bottom');
  if (card.target) return { title: title('tour.repoCard.title'), description: t('tour.repoCard.text'), ...card };
  const add = onScreen('[data-testid="add-repo-empty"]') ?? onScreen('[data-testid="add-repo"]');
  return {
    title: title('tour.firstRepo.title'),
    description: t('tour.firstRepo.text'),
    ...(add ? { target: add, placement: 'bottom' as const } : { target: null }),
  };
}

/**
 * The welcome tour of docs/spec-conformance.md §2/§4: four steps (the feature carousel, the Repositories link, the
 * API Keys link, a repository card), starting 1 s after the first signed-in page opens, or
 * later, once no other dialog is open. Finish
 * and Skip tour mark it done for the user (server) and this browser; Close (or Esc) only hides
 * it until the next page load.
 */
export function WelcomeTour({ user }: { user: User }) {
  const { t } = useTranslation();
  const tourCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('tour');
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState(0);
  const eligible = shouldShowTour(user) && !closedThisLoad;
  const returnFocus = useRef<HTMLElement | null>(null);

  const markDone = useMutation({
    mutationFn: onboardingApi.tutorialDone,
    onSuccess: (updated) => setUser(updated),
  });

  // 1 s after the page opens, or as soon after as no other dialog is open.
  useEffect(() => {
    if (!eligible) return;
    let id: ReturnType<typeof setTimeout>;
    const tryOpen = (): void => {
      if (otherDialogOpen()) {
        id = setTimeout(tryOpen, TOUR_WAIT_POLL_MS);
        return;
      }
      returnFocus.current = document.activeElement as HTMLElement | null;
      setOpen(true);
    };
    id = setTimeout(tryOpen, TOUR_START_DELAY_MS);
    return () => clearTimeout(id);
  }, [eligible]);

  // Done meanwhile (another tab or device, or the server's fresher answer): put it away.
  useEffect(() => {
    if (user.tutorialDone) setOpen(false);
  }, [user.tutorialDone]);

  // A dialog for assistive technology, and keyboard focus inside it on every step.
  useEffect(() => {
    if (!open) return;
    const id = requestAnimationFrame(() => {
      const panel = document.querySelector<HTMLElement>('.dc-tour .ant-tour-section');
      if (!panel) return;
      panel.setAttribute('role', 'dialog');
      panel.setAttribute('aria-modal', 'true');
      panel.setAttribute('aria-labelledby', TITLE_ID);
      panel.querySelector<HTMLElement>('.ant-tour-next-btn')?.focus();
    });
    return () => cancelAnimationFrame(id);
  }, [open, current]);

  const finish = (): void => {
    localStorage.setItem(TUTORIAL_DONE_KEY, 'true');
    setOpen(false);
    markDone.mutate();
    returnFocus.current?.focus?.();
  };
  const close = (): void => {
    closedThisLoad = true;
    setOpen(false);
    returnFocus.current?.focus?.();
  };

  if (!eligible && !open) return null;

  const last = 3;
  const nav = (i: number) => ({
    children: i === last ? t('tour.finish') : t('tour.next'),
  });
  const title = (key: string) => <span id={TITLE_ID}>{t(key)}</span>;
  const steps: TourProps['steps'] = (
    [
      { title: title('tour.welcome.title'), description: <FeatureCarousel />, target: null },
      {
        title: title('tour.repositories.title'),
        description: t('tour.repositories.text'),
        ...pointAt('.dc-sider [data-path="/repositories"]', 'right'),
      },
      {
        title: title('tour.apiKeys.title'),
        description: t('tour.apiKeys.text'),
        ...pointAt('.dc-sider [data-path="/docent-api-keys"]', 'right'),
      },
      repoCardStep(title, t),
    ] satisfies NonNullable<TourProps['steps']>
  ).map((step, i) => ({ ...step, nextButtonProps: nav(i), prevButtonProps: { children: t('tour.previous') } }));

  return (
    <Tour
      open={open}
      current={current}
      onChange={setCurrent}
      steps={steps}
      onClose={close}
      onFinish={finish}
      rootClassName="dc-tour"
      closable={{ 'aria-label': t('tour.close') }}
      // One progress indicator per step: on the first, the carousel's own dots (the features); the tour's step dots
      // from the second step on (antd's markup).
      indicatorsRender={(c, total) =>
        c === 0
          ? null
          : Array.from({ length: total }, (_, i) => (
              <span key={i} className={`${tourCls}-indicator${i === c ? ` ${tourCls}-indicator-active` : ''}`} />
            ))
      }
      actionsRender={(origin, { current: c, total }) => (
        <>
          {c < total - 1 && (
            <Button size="small" type="text" className="dc-tour__skip" onClick={finish}>
              {t('tour.skip')}
            </Button>
          )}
          {origin}
        </>
      )}
    />
  );
}
