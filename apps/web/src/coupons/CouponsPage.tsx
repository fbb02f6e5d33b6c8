import { useEffect, useState } from 'react';
import { CopyOutlined, DownOutlined, GiftOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Table, Tag } from 'antd';
import { useScrollRegion } from '../shell/useScrollRegion.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COUPON_PAGE_SIZE, couponSummary, isValidEmail, type Coupon, type RedeemType } from '@docent/contracts';
import { useSession } from '../auth/session.ts';
import { formatMoney } from '../billing/money.ts';
import { PaymentStatusTag } from '../billing/PaymentStatusTag.tsx';
import { formatDateTime } from '../i18n/format.ts';
import { EmailChangeModal } from '../profile/EmailChangeModal.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useToast } from '../shell/toast.tsx';
import { couponKeys, couponsApi } from './api.ts';
import { RedeemModal } from './RedeemModal.tsx';
import './coupons.css';

/** /redeem-coupon — docs/spec-conformance.md §2 Coupons page. */
export default function CouponsPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const tableRef = useScrollRegion<HTMLDivElement>(t('coupons.title'));
  const { user } = useSession();
  const emailMissing = !user || !isValidEmail(user.email.name);
  const [emailOpen, setEmailOpen] = useState(emailMissing);
  const [redeemType, setRedeemType] = useState<RedeemType | null>(null);
  const list = useQuery({ queryKey: couponKeys.all, queryFn: couponsApi.all });
  const referred = useQuery({ queryKey: couponKeys.referred, queryFn: () => couponsApi.referred(user?.id ?? ''), enabled: Boolean(user) });
  useEffect(() => {
    if (list.isError) toast.error(t('coupons.loadFailed'));
  }, [list.isError, toast, t]);

  const coupons = list.data ?? [];
  const sum = couponSummary(coupons);
  const money = (n: number, currency = sum.currency) => formatMoney(n, currency, i18n.language);
  const link = referred.data?.referralLink ?? '';
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toast.success(t('coupons.linkCopied')),
      () => toast.error(t('coupons.copyFailed')),
    );
  const columns = [
    { title: t('coupons.code'), dataIndex: 'coupon_code', key: 'code', render: (v: string) => <code>{v}</code> },
    {
      title: t('coupons.type'),
      dataIndex: 'coupon_type',
      key: 'type',
      render: (v: string) => t(`coupons.types.${v}`, { defaultValue: v }),
    },
    { title: t('coupons.amount'), key: 'amount', render: (_: unknown, c: Coupon) => money(c.amount, c.currency) },
    { title: t('coupons.state'), key: 'state', render: (_: unknown, c: Coupon) => <PaymentStatusTag status={c.coupon_state} /> },
    {
      title: t('coupons.usedAt'),
      key: 'used',
      render: (_: unknown, c: Coupon) => (c.used_at ? formatDateTime(c.used_at, i18n.language) : <Tag>{t('coupons.unused')}</Tag>),
    },
  ];
  return (
    <div className="dc-page">
      <PageHeader
        title={t('coupons.title')}
        description={t('coupons.description')}
        extra={
          <Dropdown
            disabled={sum.toRedeem <= 0}
            menu={{
              items: [
                { key: 'UPI', label: t('coupons.upi') },
                { key: 'AMAZON', label: t('coupons.amazon') },
              ],
              onClick: ({ key }) => setRedeemType(key === 'AMAZON' ? 'AMAZON' : 'UPI'),
            }}
          >
            <Button type="primary" icon={<GiftOutlined />} data-testid="redeem-menu">
              {t('coupons.redeem')} <DownOutlined />
            </Button>
          </Dropdown>
        }
      />
      {emailMissing && (
        <Alert
          type="warning"
          showIcon
          className="dc-coupons-block"
          title={t('coupons.emailWarning')}
          action={
            <Button size="small" onClick={() => setEmailOpen(true)}>
              {t('coupons.addEmail')}
            </Button>
          }
        />
      )}
      <p className="dc-coupons-summary" data-testid="coupon-summary">
        {t('coupons.summary', { toRedeem: money(sum.toRedeem), pending: money(sum.pending), earned: money(sum.earned) })}
      </p>
      <div className="dc-panel dc-coupons-block" ref={tableRef}>
        <Table<Coupon>
          rowKey="coupon_code"
          size="middle"
          loading={list.isPending}
          dataSource={coupons}
          columns={columns}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: COUPON_PAGE_SIZE, hideOnSinglePage: true }}
          locale={{ emptyText: t('coupons.empty') }}
        />
      </div>
      <div className="dc-panel dc-coupons-referral">
        <h3>{t('coupons.referralTitle')}</h3>
        <p>{t('coupons.referralText')}</p>
        <div className="dc-coupons-link">
          <code data-testid="referral-link">{link}</code>
          <Button icon={<CopyOutlined />} onClick={() => void copy()} disabled={!link}>
            {t('coupons.copy')}
          </Button>
        </div>
        <p className="dc-muted">{t('coupons.referredCount', { count: referred.data?.users.length ?? 0 })}</p>
      </div>
      <RedeemModal type={redeemType} onClose={() => setRedeemType(null)} />
      <EmailChangeModal open={emailOpen} onClose={() => setEmailOpen(false)} />
    </div>
  );
}
