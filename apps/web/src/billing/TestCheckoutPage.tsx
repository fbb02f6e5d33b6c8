import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRICE_PRO_MONTHLY } from '@docent/contracts';
import { errorMessage } from '../api/client.ts';
import { authKeys } from '../auth/api.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useToast } from '../shell/toast.tsx';
import { billingApi, billingKeys } from './api.ts';
import { formatMoney } from './money.ts';
import './billing.css';

/**
 * /billing/test-checkout/:paymentId — the built-in test provider's checkout: completes or fails
 * the payment through the same fulfilment as a verified provider confirmation. No money moves,
 * and the page says so.
 */
export default function TestCheckoutPage() {
  const { paymentId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const payment = useQuery({
    queryKey: billingKeys.testPayment(paymentId),
    queryFn: () => billingApi.testPayment(paymentId),
    retry: false,
  });
  const settle = useMutation({
    mutationFn: (outcome: 'complete' | 'fail') => billingApi.settleTestPayment(paymentId, outcome),
    onSuccess: async (p) => {
      client.setQueryData(billingKeys.testPayment(paymentId), p);
      await Promise.all([
        client.invalidateQueries({ queryKey: authKeys.me }),
        client.invalidateQueries({ queryKey: billingKeys.transactions }),
        client.invalidateQueries({ queryKey: ['repos'] }),
      ]);
    },
    onError: (err) => toast.error(t('billing.checkout.failed'), errorMessage(err)),
  });
  const p = payment.data;
  const product = p ? t(p.productId === PRICE_PRO_MONTHLY ? 'billing.products.pro' : 'billing.products.fullRepo') : '';
  return (
    <div className="dc-page">
      <PageHeader title={t('billing.checkout.title')} description={t('billing.checkout.description')} />
      {payment.isPending ? (
        <Skeleton active />
      ) : payment.isError || !p ? (
        <Alert type="error" showIcon title={errorMessage(payment.error)} />
      ) : p.status === 'PAYMENT_PENDING' ? (
        <div className="dc-panel dc-checkout">
          <Alert
            type="warning"
            showIcon
            icon={<ExperimentOutlined />}
            title={t('billing.checkout.testLabel')}
            description={t('billing.checkout.testText')}
          />
          <dl>
            <dt>{t('billing.table.product')}</dt>
            <dd>{product}</dd>
            <dt>{t('billing.table.amount')}</dt>
            <dd data-testid="checkout-amount">{formatMoney(p.amount, p.currency, i18n.language)}</dd>
            <dt>{t('billing.table.tax')}</dt>
            <dd>{formatMoney(0, p.currency, i18n.language)} (0 %)</dd>
          </dl>
          <div className="dc-checkout__actions">
            <Button
              type="primary"
              loading={settle.isPending && settle.variables === 'complete'}
              disabled={settle.isPending}
              onClick={() => settle.mutate('complete')}
            >
              {t('billing.checkout.complete')}
            </Button>
            <Button
              danger
              loading={settle.isPending && settle.variables === 'fail'}
              disabled={settle.isPending}
              onClick={() => settle.mutate('fail')}
            >
              {t('billing.checkout.fail')}
            </Button>
          </div>
        </div>
      ) : p.status === 'PAYMENT_FAILED' ? (
        <Result
          status="error"
          title={t('billing.checkout.declined')}
          extra={<Link to="/profile/upgrade-plan">{t('billing.checkout.tryAgain')}</Link>}
        />
      ) : (
        <Result
          status="success"
          title={t('billing.checkout.success', { product })}
          extra={[
            <Link key="tx" to="/profile/transactions">
              {t('billing.checkout.toTransactions')}
            </Link>,
            <Link key="repos" to="/repositories" style={{ marginInlineStart: 16 }}>
              {t('billing.checkout.toRepositories')}
            </Link>,
          ]}
        />
      )}
    </div>
  );
}
