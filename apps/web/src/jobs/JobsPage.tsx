import { useEffect, useMemo, useState } from 'react';
import { Alert, DatePicker, Input, Select } from 'antd';
import type { GetProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JobState } from '@docent/contracts';
import { errorMessage } from '../api/client.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { jobKeys, jobsApi, type AllJobsFilter } from './api.ts';
import { JOB_TYPES } from './jobDisplay.ts';
import { jobTypeLabel } from './jobLabels.ts';
import { JobLogModal } from './JobLogModal.tsx';
import { JobsTable } from './JobsTable.tsx';
import { useRefreshedJobs } from './useRefreshedJobs.ts';
import './jobs.css';

type RangeValue = Parameters<NonNullable<GetProps<typeof DatePicker.RangePicker>['onChange']>>[0];

/**
 * /jobs and /jobs/:jobId (spec §2 Jobs dashboard): 'All Jobs' with search (id, type, org,
 * repo) and filters for status, type and date range. A row opens /jobs/{id} with its logs;
 * closing returns to /jobs. Active jobs refresh every 30 s in one batch call.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { jobId } = useParams();
  const openId = jobId && /^\d+$/.test(jobId) ? Number(jobId) : null;
  const [search, setSearch] = useState('');
  // The list is asked for once typing pauses, not on every keystroke.
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const [status, setStatus] = useState<string[]>([]);
  const [types, setTypes] = useState<string[]>([]);
  const [range, setRange] = useState<RangeValue>(null);

  const filter = useMemo<AllJobsFilter>(
    () => ({
      status,
      type: types,
      q: query,
      ...(range?.[0] ? { from: range[0].startOf('day').toISOString() } : {}),
      ...(range?.[1] ? { to: range[1].endOf('day').toISOString() } : {}),
    }),
    [status, types, query, range],
  );
  const list = useQuery({ queryKey: jobKeys.list(filter), queryFn: () => jobsApi.all(filter), placeholderData: (prev) => prev });
  const jobs = useRefreshedJobs(list.data?.jobs);
  const openJob = jobs.find((j) => j.id === openId);

  return (
    <div className="dc-page">
      <PageHeader title={t('jobs.title')} description={t('jobs.description')} />
      <div className="dc-toolbar dc-jobs-filters">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('jobs.search')}
          aria-label={t('jobs.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="dc-toolbar__search"
          data-testid="jobs-search"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder={t('jobs.filterStatus')}
          aria-label={t('jobs.filterStatus')}
          value={status}
          onChange={setStatus}
          options={JobState.options.map((s) => ({ value: s, label: t(`jobs.states.${s}`) }))}
          className="dc-jobs-filters__status"
          data-testid="jobs-status-filter"
          maxTagCount="responsive"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder={t('jobs.filterType')}
          aria-label={t('jobs.filterType')}
          value={types}
          onChange={setTypes}
          options={JOB_TYPES.map((v) => ({ value: v, label: jobTypeLabel(v, t) }))}
          className="dc-jobs-filters__type"
          data-testid="jobs-type-filter"
          maxTagCount="responsive"
        />
        <DatePicker.RangePicker value={range} onChange={setRange} className="dc-jobs-filters__dates" aria-label={t('jobs.filterDates')} data-testid="jobs-date-filter" />
      </div>
      {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} style={{ marginBottom: 16 }} />}
      <div className="dc-panel dc-jobs-panel">
        <div className="dc-jobs-panel__count" data-testid="jobs-total">
          {t('jobs.total', { count: list.data?.total ?? 0 })}
        </div>
        <JobsTable jobs={jobs} loading={list.isFetching && !list.data} onOpen={(j) => void navigate(`/jobs/${j.id}`)} showRepo rowClickOpens />
      </div>
      <JobLogModal jobId={openId} job={openJob} onClose={() => void navigate('/jobs')} />
    </div>
  );
}
