import { useEffect, useMemo, useState } from 'react';
import dayjs from 'dayjs';
import { Alert, Button, DatePicker, Empty, Input, Select } from 'antd';
import type { GetProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JOB_TYPES, JobState } from '@docent/contracts';
import { errorMessage } from '../api/client.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { jobKeys, jobsApi, type AllJobsFilter } from './api.ts';
import { filtersFromQuery, filtersToQuery, hasFilters, type JobsQuery } from './jobsQuery.ts';
import { jobTypeLabel } from './jobLabels.ts';
import { JobLogModal } from './JobLogModal.tsx';
import { JobsTable } from './JobsTable.tsx';
import { useRefreshedJobs } from './useRefreshedJobs.ts';
import './jobs.css';

type RangeValue = Parameters<NonNullable<GetProps<typeof DatePicker.RangePicker>['onChange']>>[0];

/**
 * /jobs and /jobs/:jobId (docs/spec-conformance.md §2 Jobs dashboard): 'All Jobs' with search (id, type, org,
 * repo) and filters for status, type and date range. A row opens /jobs/{id} with its logs;
 * closing returns to /jobs. Active jobs refresh every 30 s in one batch call. The filters and
 * the page live in the URL query (?status=&type=&from=&to=&q=&page=), so reload and Back keep them.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { jobId } = useParams();
  const openId = jobId && /^\d+$/.test(jobId) ? Number(jobId) : null;
  const [params, setParams] = useSearchParams();
  const f = useMemo(() => filtersFromQuery(params), [params]);
  const update = (next: Partial<JobsQuery>, replace = false) => {
    // A new filter starts at page 1; a page change keeps the filters.
    const merged: JobsQuery = { ...f, page: 1, ...next };
    setParams(filtersToQuery(merged), { replace });
  };
  const [search, setSearch] = useState(f.q);
  // Back/forward (or Clear filters) changes q under the input: show it.
  useEffect(() => setSearch(f.q), [f.q]);
  // The list is asked for once typing pauses, not on every keystroke.
  useEffect(() => {
    if (search === f.q) return;
    const timer = setTimeout(() => update({ q: search }, true), 300);
    return () => clearTimeout(timer);
    // only typing starts the timer: the filters it merges into are read when it fires
  }, [search]);
  const range: RangeValue = f.from || f.to ? [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null] : null;

  const filter = useMemo<AllJobsFilter>(
    () => ({
      status: f.status,
      type: f.type,
      q: f.q,
      ...(f.from ? { from: dayjs(f.from).startOf('day').toISOString() } : {}),
      ...(f.to ? { to: dayjs(f.to).endOf('day').toISOString() } : {}),
    }),
    [f.status, f.type, f.q, f.from, f.to],
  );
  const list = useQuery({ queryKey: jobKeys.list(filter), queryFn: () => jobsApi.all(filter), placeholderData: (prev) => prev });
  const jobs = useRefreshedJobs(list.data?.jobs);
  const openJob = jobs.find((j) => j.id === openId);
  const query = params.toString() ? `?${params.toString()}` : '';
  const filtered = hasFilters(f);

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
          value={f.status}
          onChange={(status: string[]) => update({ status })}
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
          value={f.type}
          onChange={(type: string[]) => update({ type })}
          options={JOB_TYPES.map((v) => ({ value: v, label: jobTypeLabel(v, t) }))}
          className="dc-jobs-filters__type"
          data-testid="jobs-type-filter"
          maxTagCount="responsive"
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(r) => update({ from: r?.[0]?.format('YYYY-MM-DD') ?? '', to: r?.[1]?.format('YYYY-MM-DD') ?? '' })}
          className="dc-jobs-filters__dates"
          aria-label={t('jobs.filterDates')}
          data-testid="jobs-date-filter"
        />
      </div>
      {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} style={{ marginBottom: 16 }} />}
      <div className="dc-panel dc-jobs-panel">
        <div className="dc-jobs-panel__count" data-testid="jobs-total">
          {t('jobs.total', { count: list.data?.total ?? 0 })}
        </div>
        {filtered && list.data && jobs.length === 0 ? (
          <Empty className="dc-jobs-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('jobs.noMatch')} data-testid="jobs-no-match">
            <Button onClick={() => setParams(new URLSearchParams())} data-testid="jobs-clear-filters">
              {t('jobs.clearFilters')}
            </Button>
          </Empty>
        ) : (
          <JobsTable
            jobs={jobs}
            loading={list.isFetching && !list.data}
            onOpen={(j) => void navigate(`/jobs/${j.id}${query}`)}
            showRepo
            rowClickOpens
            page={f.page}
            onPageChange={(page) => update({ page })}
          />
        )}
      </div>
      <JobLogModal jobId={openId} job={openJob} onClose={() => void navigate(`/jobs${query}`)} />
    </div>
  );
}
