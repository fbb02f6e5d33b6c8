import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Input, Popconfirm, Segmented, Skeleton, Switch, Tag } from 'antd';
import { DeleteOutlined, KeyOutlined, PlusOutlined, SafetyCertificateOutlined, SearchOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@docent/contracts';
import { errorMessage } from '../api/client.ts';
import { useToast } from '../shell/toast.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { apiKeyKeys, apiKeysApi, filterKeys, type StatusFilter } from './api.ts';
import { GenerateKeyModal } from './GenerateKeyModal.tsx';
import './apikeys.css';

const BEST_PRACTICES = ['oneKeyPerUse', 'secretStore', 'rotate', 'deactivate'] as const;

function KeyCard({ apiKey }: { apiKey: ApiKey }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
  const toggle = useMutation({
    mutationFn: () => apiKeysApi.toggle(apiKey.id),
    onSuccess: (k) => {
      toast.success(t(k.isActive ? 'apiKeys.activated' : 'apiKeys.deactivated'));
      void refresh();
    },
    onError: (err) => toast.error(t('apiKeys.toggleError'), errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: () => apiKeysApi.remove(apiKey.id),
    onSuccess: () => {
      toast.success(t('apiKeys.deleted'));
      void refresh();
    },
    onError: (err) => toast.error(t('apiKeys.deleteError'), errorMessage(err)),
  });
  const locale = i18n.language === 'de' ? 'de-DE' : 'en-US';
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : t('apiKeys.card.never');
  const label = apiKey.name || t('apiKeys.card.unnamed');

  return (
    <article className="dc-panel dc-apikey-card" data-testid="api-key-card" aria-label={label}>
      <header className="dc-apikey-card__head">
        <KeyOutlined />
        <strong>{label}</strong>
        <Tag color={apiKey.isActive ? 'success' : 'default'}>
          {t(apiKey.isActive ? 'apiKeys.status.active' : 'apiKeys.status.inactive')}
        </Tag>
      </header>
      <code className="dc-apikey-card__key" data-testid="masked-key">
        {apiKey.key}
      </code>
      <dl className="dc-apikey-card__times">
        <dt>{t('apiKeys.card.created')}</dt>
        <dd>{when(apiKey.createdAt)}</dd>
        <dt>{t('apiKeys.card.updated')}</dt>
        <dd>{when(apiKey.updatedAt)}</dd>
        <dt>{t('apiKeys.card.lastUsed')}</dt>
        <dd data-testid="last-used">{when(apiKey.lastUsed)}</dd>
      </dl>
      <footer className="dc-apikey-card__actions">
        <Popconfirm
          title={t(apiKey.isActive ? 'apiKeys.confirm.deactivateTitle' : 'apiKeys.confirm.activateTitle')}
          description={t(apiKey.isActive ? 'apiKeys.confirm.deactivateText' : 'apiKeys.confirm.activateText')}
          okText={t('apiKeys.confirm.yes')}
          cancelText={t('apiKeys.confirm.no')}
          onConfirm={() => toggle.mutate()}
        >
          <span className="dc-apikey-card__toggle">
            <Switch checked={apiKey.isActive} loading={toggle.isPending} aria-label={t('apiKeys.card.toggle')} />
            <span>{t(apiKey.isActive ? 'apiKeys.status.active' : 'apiKeys.status.inactive')}</span>
          </span>
        </Popconfirm>
        <Popconfirm
          title={t('apiKeys.confirm.deleteTitle')}
          description={t('apiKeys.confirm.deleteText')}
          okText={t('apiKeys.confirm.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('apiKeys.confirm.no')}
          onConfirm={() => remove.mutate()}
        >
          <Button danger type="text" icon={<DeleteOutlined />} loading={remove.isPending}>
            {t('apiKeys.card.delete')}
          </Button>
        </Popconfirm>
      </footer>
    </article>
  );
}

/** The API keys route (docs/spec-conformance.md §2 "API keys page"). */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [generating, setGenerating] = useState(false);
  const list = useQuery({ queryKey: apiKeyKeys.all, queryFn: apiKeysApi.list });
  const shown = useMemo(() => filterKeys(list.data?.keys ?? [], search, status), [list.data, search, status]);

  return (
    <div className="dc-page">
      <PageHeader
        title={t('apiKeys.title')}
        description={t('apiKeys.description')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setGenerating(true)}>
            {t('apiKeys.generate')}
          </Button>
        }
      />
      <div className="dc-apikeys">
        <section className="dc-apikeys__main">
          <div className="dc-toolbar">
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('apiKeys.search')}
              aria-label={t('apiKeys.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="dc-toolbar__search"
            />
            <Segmented<StatusFilter>
              value={status}
              onChange={setStatus}
              aria-label={t('apiKeys.filter.label')}
              options={[
                { value: 'all', label: t('apiKeys.filter.all') },
                { value: 'active', label: t('apiKeys.filter.active') },
                { value: 'inactive', label: t('apiKeys.filter.inactive') },
              ]}
            />
          </div>
          {list.isError && <Alert type="error" showIcon title={t('apiKeys.errorLoading')} description={errorMessage(list.error)} />}
          {list.isPending && <Skeleton active />}
          {list.isSuccess && shown.length === 0 && (
            <Empty description={list.data.keys.length === 0 ? t('apiKeys.empty') : t('apiKeys.emptyFiltered')}>
              {list.data.keys.length === 0 && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setGenerating(true)}>
                  {t('apiKeys.generate')}
                </Button>
              )}
            </Empty>
          )}
          <div className="dc-apikeys__grid">
            {shown.map((k) => (
              <KeyCard key={k.id} apiKey={k} />
            ))}
          </div>
        </section>
        <aside className="dc-panel dc-apikeys__tips" aria-labelledby="api-key-practices">
          <h2 id="api-key-practices">
            <SafetyCertificateOutlined /> {t('apiKeys.bestPractices.title')}
          </h2>
          <ul>
            {BEST_PRACTICES.map((p) => (
              <li key={p}>{t(`apiKeys.bestPractices.${p}`)}</li>
            ))}
          </ul>
          <p className="dc-apikeys__usage">{t('apiKeys.bestPractices.usage')}</p>
          <code>curl -H &quot;X-API-Key: dk_…&quot; {window.location.origin}/api/v1/user</code>
        </aside>
      </div>
      <GenerateKeyModal open={generating} onClose={() => setGenerating(false)} />
    </div>
  );
}
