import { DownloadOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { Alert, Button, Table } from 'antd';
import { useScrollRegion } from '../shell/useScrollRegion.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRICE_PRO_MONTHLY, type Payment } from '@docent/contracts';
import { authKeys } from '../auth/api.ts';
import { errorMessage } from '../api/client.ts';
import { formatDateTime } from '../i18n/format.ts';
import { ProfileSection } from '../profile/ProfileSection.tsx';
import { useToast } from '../shell/toast.tsx';
import { billingApi, billingKeys, downloadReceipt } from './api.ts';
import { formatMoney } from './money.ts';
import { PaymentStatusTag } from './PaymentStatusTag.tsx';
import './billing.css';

/** Profile › Transactions (GET /transactions): every payment, its state, and its receipt. */
export default function TransactionsPage() {
  const { t, i18n } = useTranslation();
  const tableRef = useScrollRegion<HTMLDivElement>(t('billing.transactions.title'));
  const toast = useToast();
  const q = useQuery({ queryKey: billingKeys.transactions, queryFn: billingApi.transactions });
  useReturnFromProvider(q.data?.payments);
  const columns = [
    { title: t('billing.table.date'), key: 'date', render: (_: unknown, p: Payment) => formatDateTime(p.createdAt, i18n.language) },
    {
      title: t('billing.table.product'),
      key: 'product',
      render: (_: unknown, p: Payment) => (
        <span>
          {t(p.productId === PRICE_PRO_MONTHLY ? 'billing.products.pro' : 'billing.products.fullRepo')}
          {p.repository && <div className="dc-muted">{`${p.repository.organizationName}/${p.repository.repoName}`}</div>}
        </span>
      ),
    },
    {
      title: t('billing.table.amount'),
      key: 'amount',
      render: (_: unknown, p: Payment) => formatMoney(p.amount, p.currency, i18n.language),
    },
    { title: t('billing.table.provider'), key: 'provider', render: (_: unknown, p: Payment) => t(`billing.providers.${p.provider}`) },
    { title: t('billing.table.status'), key: 'status', render: (_: unknown, p: Payment) => <PaymentStatusTag status={p.status} /> },
    {
      title: t('billing.table.receipt'),
      key: 'receipt',
      render: (_: unknown, p: Payment) =>
        p.completedAt ? (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            aria-label={t('billing.table.download')}
            onClick={() => downloadReceipt(p.id).catch((err: unknown) => toast.error(t('billing.table.receiptFailed'), errorMessage(err)))}
          >
            {t('billing.table.download')}
          </Button>
        ) : null,
    },
  ];
  return (
    <ProfileSection title={t('billing.transactions.title')} description={t('billing.transactions.description')}>
      {q.isError && <Alert type="error" showIcon title={errorMessage(q.error)} style={{ marginBottom: 16 }} />}
      <div className="dc-panel" ref={tableRef}>
        <Table<Payment>
          rowKey="id"
          size="middle"
          loading={q.isPending}
          dataSource={q.data?.payments ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t('billing.transactions.empty') }}
        />
      </div>
    </ProfileSection>
  );
}

/**
 * Back from PayPal or Cashfree (`?payment_id=`): the server captures the PayPal order or reads
 * the Cashfree order's status, and fulfils the payment if it was paid. Once per visit.
 */
function useReturnFromProvider(payments: Payment[] | undefined) {
  const [search] = useSearchParams();
  const client = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  const done = useRef(false);
  const id = search.get('payment_id');
  useEffect(() => {
    if (!id || !payments || done.current) return;
    const p = payments.find((x) => x.id === id);
    if (!p || p.status !== 'PAYMENT_PENDING' || (p.provider !== 'PAYPAL' && p.provider !== 'CASHFREE')) return;
    done.current = true;
    (p.provider === 'PAYPAL' ? billingApi.capturePaypal(id) : billingApi.confirmCashfree(id))
      .then(() =>
        Promise.all([
          client.invalidateQueries({ queryKey: billingKeys.transactions }),
          client.invalidateQueries({ queryKey: authKeys.me }),
        ]),
      )
      .catch((err: unknown) => toast.error(t('billing.checkout.failed'), errorMessage(err)));
  }, [id, payments, client, toast, t]);
}
