import { CrownOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Skeleton, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client.ts';
import { formatDateTime } from '../i18n/format.ts';
import { ProfileSection } from '../profile/ProfileSection.tsx';
import { useToast } from '../shell/toast.tsx';
import { billingApi, billingKeys } from './api.ts';
import { formatMoney } from './money.ts';
import { PaymentStatusTag } from './PaymentStatusTag.tsx';
import './billing.css';

/** Profile › Payments: the running subscription (with cancel) and the latest payment. */
export default function PaymentsPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const q = useQuery({ queryKey: billingKeys.transactions, queryFn: billingApi.transactions });
  const cancel = useMutation({
    mutationFn: billingApi.cancelSubscription,
    onSuccess: async () => {
      toast.success(t('billing.payments.cancelled'));
      await client.invalidateQueries({ queryKey: billingKeys.transactions });
    },
    onError: (err) => toast.error(t('billing.payments.cancelFailed'), errorMessage(err)),
  });
  const sub = q.data?.subscription ?? null;
  const latest = q.data?.payments[0];
  return (
    <ProfileSection title={t('billing.payments.title')} description={t('billing.payments.description')}>
      {q.isPending ? (
        <Skeleton active />
      ) : q.isError ? (
        <Alert type="error" showIcon title={errorMessage(q.error)} />
      ) : (
        <>
          <div className="dc-panel dc-subscription" data-testid="subscription">
            <h3>
              <CrownOutlined /> {t('billing.payments.subscription')}
            </h3>
            {sub ? (
              <>
                <p>
                  <Tag color={sub.status === 'ACTIVE' ? 'green' : 'orange'}>{t(`billing.subscription.${sub.status}`)}</Tag>
                  {t(sub.status === 'ACTIVE' ? 'billing.payments.renews' : 'billing.payments.endsOn', {
                    date: formatDateTime(sub.currentPeriodEnd, i18n.language),
                  })}
                </p>
                {sub.status === 'ACTIVE' && (
                  <div>
                    <Popconfirm
                      title={t('billing.payments.cancelTitle')}
                      description={t('billing.payments.cancelText')}
                      okText={t('billing.payments.cancel')}
                      // not "Cancel" beside "Cancel subscription" (docs/decisions.md "Keep subscription, not Cancel")
                      cancelText={t('billing.payments.keep')}
                      onConfirm={() => cancel.mutate()}
                    >
                      <Button danger loading={cancel.isPending}>
                        {t('billing.payments.cancel')}
                      </Button>
                    </Popconfirm>
                  </div>
                )}
              </>
            ) : (
              <p>
                {t('billing.payments.none')} <Link to="/profile/upgrade-plan">{t('billing.payments.upgrade')}</Link>
              </p>
            )}
          </div>
          <div className="dc-panel dc-subscription">
            <h3>{t('billing.payments.latest')}</h3>
            {latest ? (
              <p>
                {formatMoney(latest.amount, latest.currency, i18n.language)} · {t(`billing.providers.${latest.provider}`)} ·{' '}
                {formatDateTime(latest.createdAt, i18n.language)} <PaymentStatusTag status={latest.status} />{' '}
                <Link to="/profile/transactions">{t('billing.payments.allTransactions')}</Link>
              </p>
            ) : (
              <p>{t('billing.transactions.empty')}</p>
            )}
          </div>
        </>
      )}
    </ProfileSection>
  );
}
