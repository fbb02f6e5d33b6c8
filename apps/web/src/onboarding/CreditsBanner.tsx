import { useState } from 'react';
import { LazyAlert as Alert } from '../shell/LazyAlert.tsx';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@docent/contracts';
import { setUser } from '../auth/session.ts';
import { creditsBannerKey, onboardingApi, shouldShowCreditsBanner } from './onboarding.ts';

/**
 * The success banner of docs/spec-conformance.md §2: shown while the user has more than 4 full-repository
 * generations (countRepoGen), until dismissed, once per user.
 */
export function CreditsBanner({ user }: { user: User }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  const dismiss = useMutation({
    mutationFn: onboardingApi.dismissCreditsBanner,
    onSuccess: (updated) => setUser(updated),
  });
  if (dismissed || !shouldShowCreditsBanner(user)) return null;
  return (
    <Alert
      banner
      type="success"
      showIcon
      className="dc-credits-banner"
      data-testid="credits-banner"
      title={t('shell.credits.title', { count: user.countRepoGen })}
      description={t('shell.credits.text')}
      closable={{
        'aria-label': t('shell.credits.dismiss'),
        onClose: () => {
          localStorage.setItem(creditsBannerKey(user.id), 'true');
          setDismissed(true);
          dismiss.mutate();
        },
      }}
    />
  );
}
