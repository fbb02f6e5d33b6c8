import type { PlanType } from '@docent/contracts';

/** docs/spec-conformance.md §2: the premium upgrade button is hidden for PREMIUM or PRO repositories, or with a premium query flag. */
export function showUpgradeButton(planType: PlanType | undefined, search: URLSearchParams): boolean {
  if (planType === 'PREMIUM' || planType === 'PRO') return false;
  return !search.has('premium');
}
