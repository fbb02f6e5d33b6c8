import type { User } from '@docent/contracts';
import { apiRequest } from '../api/client.ts';

/** docs/spec-conformance.md §9 timing: the tour starts 1 s after the first signed-in page opens; its carousel advances every 5 s. */
export const TOUR_START_DELAY_MS = 1000;
export const CAROUSEL_ADVANCE_MS = 5000;
/** docs/spec-conformance.md §2/§9: the credits banner appears when countRepoGen exceeds 4. */
export const CREDITS_BANNER_ABOVE = 4;

/** The five features the welcome carousel presents (docs/spec-conformance.md §1), as i18n keys under tour.features. */
export const FEATURES = ['prInsights', 'autoUpdates', 'repoDocs', 'diagrams', 'apiDocs'] as const;

/**
 * docs/spec-conformance.md §3 client-stored items: "a tutorial-done flag" (this browser has finished or skipped the
 * tour) and "a per-user credits-banner flag". The server's user fields (tutorialDone,
 * creditsBannerDismissed) are the per-user record; these keep a browser from showing either
 * again before the server's answer arrives.
 */
export const TUTORIAL_DONE_KEY = 'tutorialDone';
export const creditsBannerKey = (userId: string) => `creditsBannerDismissed:${userId}`;

export function tutorialDoneHere(): boolean {
  return localStorage.getItem(TUTORIAL_DONE_KEY) === 'true';
}
export function creditsBannerDismissedHere(userId: string): boolean {
  return localStorage.getItem(creditsBannerKey(userId)) === 'true';
}

export function shouldShowTour(user: User): boolean {
  return !user.tutorialDone && !tutorialDoneHere();
}
export function shouldShowCreditsBanner(user: User): boolean {
  return user.countRepoGen > CREDITS_BANNER_ABOVE && !user.creditsBannerDismissed && !creditsBannerDismissedHere(user.id);
}

export const onboardingApi = {
  tutorialDone: () => apiRequest<User>('/v1/user/tutorial/done', { method: 'POST' }),
  dismissCreditsBanner: () => apiRequest<User>('/v1/user/credits-banner/dismiss', { method: 'POST' }),
};
