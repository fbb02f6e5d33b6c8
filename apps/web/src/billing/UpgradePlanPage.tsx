import type { ReactNode } from 'react';
import { CheckOutlined, CrownOutlined, FileDoneOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRICE_FULL_REPO, PRICE_PRO_MONTHLY, TAX_PERCENT } from '@docent/contracts';
import { ProfileSection } from '../profile/ProfileSection.tsx';
import { useSession } from '../auth/session.ts';
import { reposApi, reposKeys } from '../repositories/api.ts';
import { billingApi, billingKeys } from './api.ts';
import { checkoutPath, useCheckout } from './checkout.ts';
import { formatMoney } from './money.ts';
import { useCurrency } from './useCurrency.ts';
import './billing.css';

/** docs/spec-conformance.md §6/§9 free plan limits, as the plan comparison states them. */
const FREE_FILES = { private: 3, public: 10 };

function Feature({ children }: { children: ReactNode }) {
  return (
    <li>
      <CheckOutlined aria-hidden /> <span>{children}</span>
    </li>
  );
}

/** /profile/upgrade-plan (?accept_payment={org}/{repo}): FREE vs PRO, Pro monthly, and the full-repository package. */
export default function UpgradePlanPage() {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const { user } = useSession();
  const [search] = useSearchParams();
  const accept = search.get('accept_payment') ?? '';
  const [org, repoName] = accept.includes('/') ? [accept.slice(0, accept.indexOf('/')), accept.slice(accept.indexOf('/') + 1)] : ['', ''];
  const plans = useQuery({ queryKey: billingKeys.pricePlan, queryFn: billingApi.pricePlan, staleTime: 5 * 60_000 });
  const providers = useQuery({ queryKey: billingKeys.providers, queryFn: billingApi.providers, staleTime: 5 * 60_000 });
  const repos = useQuery({ queryKey: reposKeys.list(org), queryFn: () => reposApi.list(org), enabled: Boolean(org && repoName) });
  const repo = repos.data?.find(
    (r) => r.organizationName.toLowerCase() === org.toLowerCase() && r.repoName.toLowerCase() === repoName.toLowerCase(),
  );
  const checkout = useCheckout(providers.data);
  const isPro = user?.planType === 'PRO';
  const money = (n: number) => formatMoney(n, currency, i18n.language);

  return (
    <ProfileSection title={t('billing.upgrade.title')} description={t('billing.upgrade.description')}>
      {providers.data && checkoutPath(providers.data, currency) === null && (
        <Alert type="info" showIcon title={t('billing.upgrade.noProvider')} className="dc-billing-alert" />
      )}
      <p className="dc-billing-note">{t('billing.upgrade.currencyNote', { currency, tax: TAX_PERCENT })}</p>
      {plans.isPending ? (
        <Skeleton active />
      ) : plans.isError ? (
        <Alert type="error" showIcon title={t('billing.upgrade.pricesFailed')} />
      ) : (
        <>
          {accept && (
            <div className="dc-panel dc-plan dc-plan--package" data-testid="plan-package">
              <div className="dc-plan__head">
                <FileDoneOutlined aria-hidden />
                <h3>{t('billing.upgrade.packageTitle')}</h3>
              </div>
              <p className="dc-plan__repo">{accept}</p>
              <div className="dc-plan__price">
                <strong>{money(plans.data[PRICE_FULL_REPO].amount[currency])}</strong> <span>{t('billing.upgrade.once')}</span>
              </div>
              <ul className="dc-plan__features">
                <Feature>{t('billing.upgrade.packageFeature1')}</Feature>
                <Feature>{t('billing.upgrade.packageFeature2')}</Feature>
              </ul>
              {repos.isPending ? (
                <Skeleton.Button active block />
              ) : !repo ? (
                <Alert type="warning" showIcon title={t('billing.upgrade.repoNotFound')} />
              ) : repo.planType === 'PREMIUM' || repo.planType === 'PRO' ? (
                <Tag color="gold">{t('billing.upgrade.alreadyPremium')}</Tag>
              ) : (
                <Button
                  type="primary"
                  block
                  loading={checkout.isPending}
                  disabled={checkoutPath(providers.data, currency) === null}
                  onClick={() => checkout.mutate({ product: PRICE_FULL_REPO, currency, repoId: repo.id })}
                >
                  {t('billing.upgrade.buyPackage', { repo: repo.repoName })}
                </Button>
              )}
            </div>
          )}
          <div className="dc-plans">
            <div className="dc-panel dc-plan" data-testid="plan-free">
              <div className="dc-plan__head">
                <h3>{t('shell.planNames.FREE')}</h3>
                {!isPro && <Tag>{t('billing.upgrade.current')}</Tag>}
              </div>
              <div className="dc-plan__price">
                <strong>{money(0)}</strong>
              </div>
              <ul className="dc-plan__features">
                <Feature>{t('billing.upgrade.freeCodeDocs', FREE_FILES)}</Feature>
                <Feature>{t('billing.upgrade.archApi')}</Feature>
                <Feature>{t('billing.upgrade.analysis')}</Feature>
              </ul>
            </div>
            <div className="dc-panel dc-plan dc-plan--pro" data-testid="plan-pro">
              <div className="dc-plan__head">
                <CrownOutlined aria-hidden />
                <h3>{t('shell.planNames.PRO')}</h3>
                {isPro && <Tag color="gold">{t('billing.upgrade.current')}</Tag>}
              </div>
              <div className="dc-plan__price">
                <strong>{money(plans.data[PRICE_PRO_MONTHLY].amount[currency])}</strong> <span>{t('billing.upgrade.perMonth')}</span>
              </div>
              <ul className="dc-plan__features">
                <Feature>{t('billing.upgrade.proCodeDocs')}</Feature>
                <Feature>{t('billing.upgrade.archApi')}</Feature>
                <Feature>{t('billing.upgrade.analysis')}</Feature>
              </ul>
              <Button
                type="primary"
                block
                disabled={isPro || checkoutPath(providers.data, currency) === null}
                loading={checkout.isPending}
                onClick={() => checkout.mutate({ product: PRICE_PRO_MONTHLY, currency })}
              >
                {isPro ? t('billing.upgrade.youArePro') : t('billing.upgrade.upgradePro')}
              </Button>
            </div>
          </div>
        </>
      )}
    </ProfileSection>
  );
}
