import { couponsApi } from './api.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A sign-up through a referral link (`/auth/sign-up?ref={userId}`) names its referrer once the
 * new session exists. Best effort: a refused or failed claim never blocks the sign-up.
 */
export function claimReferral(ref: string | null): void {
  if (!ref || !UUID.test(ref)) return;
  couponsApi.addReferral(ref).catch(() => {
    /* an unknown or own code: no referral */
  });
}
