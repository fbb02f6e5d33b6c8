import type { HTMLAttributes } from 'react';
import { Button, Progress, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Job } from '@docent/contracts';
import { JOB_PAGE_SIZE } from './constants.ts';
import { jobTypeLabel } from './jobLabels.ts';
import { useViewport } from '../shell/useViewport.ts';
import { formatDuration, isActive, newestFirst, STATE_COLOR } from './jobDisplay.ts';
import { formatDateTime } from '../i18n/format.ts';

/**
 * The jobs table (docs/spec-conformance.md §2 All Jobs tab): ID, Job Type, Status, Created At, Total Time, Actions;
 * sortable, 10 a page, newest first. Actions opens the job's log modal. On a phone each job is one
 * stacked cell (id and type, repository, status, created at, total time, the logs button), so
 * Status, Created At and Actions stay on screen.
 */
export function JobsTable({
  jobs,
  loading,
  onOpen,
  showRepo = false,
  rowClickOpens = false,
  page,
  onPageChange,
}: {
  jobs: Job[];
  loading?: boolean;
  onOpen: (job: Job) => void;
  showRepo?: boolean;
  rowClickOpens?: boolean;
  /** the current page when the caller keeps it (the jobs page: in the URL) */
  page?: number;
  onPageChange?: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const stacked = useViewport() === 'mobile';
  const state = (j: Job) => (
    <span className="dc-job-state">
      <Tag color={STATE_COLOR[j.state]} data-testid="job-state">
        {t(`jobs.states.${j.state}`)}
      </Tag>
      {isActive(j.state) && (
        <Progress
          percent={j.progress}
          size="small"
          className="dc-job-state__bar"
          aria-label={t('jobs.progress', { percent: j.progress })}
        />
      )}
    </span>
  );
  const logs = (j: Job) => (
    <Button
      size="small"
      icon={<FileTextOutlined />}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(j);
      }}
      data-testid={`job-logs-${j.id}`}
    >
      {t('jobs.viewLogs')}
    </Button>
  );
  const stackedColumns: TableColumnsType<Job> = [
    {
      title: t('jobs.title'),
      key: 'created',
      defaultSortOrder: 'descend',
      sorter: (a, b) => -newestFirst(a, b),
      render: (_: unknown, j: Job) => (
        <div className="dc-job-stack">
          <div className="dc-job-stack__head">
            <strong>{`#${j.id}`}</strong>
            <span className="dc-job-type" title={j.jobType} data-testid="job-type">
              {jobTypeLabel(j.jobType, t)}
            </span>
          </div>
          {showRepo && <div className="dc-job-stack__repo">{`${j.organizationName}/${j.repoName}`}</div>}
          <dl className="dc-job-stack__fields">
            <dt>{t('jobs.columns.status')}</dt>
            <dd>{state(j)}</dd>
            <dt>{t('jobs.columns.created')}</dt>
            <dd data-testid="job-created">{formatDateTime(j.timeCreated, i18n.language)}</dd>
            <dt>{t('jobs.columns.totalTime')}</dt>
            <dd>{formatDuration(j.totalTime)}</dd>
          </dl>
          <div className="dc-job-stack__actions">{logs(j)}</div>
        </div>
      ),
    },
  ];
  const columns: TableColumnsType<Job> = [
    { title: t('jobs.columns.id'), dataIndex: 'id', key: 'id', sorter: (a, b) => a.id - b.id, width: 80 },
    {
      title: t('jobs.columns.type'),
      dataIndex: 'jobType',
      key: 'type',
      sorter: (a, b) => jobTypeLabel(a.jobType, t).localeCompare(jobTypeLabel(b.jobType, t)),
      render: (v: string) => (
        <span className="dc-job-type" title={v} data-testid="job-type">
          {jobTypeLabel(v, t)}
        </span>
      ),
    },
    ...(showRepo
      ? [
          {
            title: t('jobs.columns.repository'),
            key: 'repo',
            sorter: (a: Job, b: Job) => `${a.organizationName}/${a.repoName}`.localeCompare(`${b.organizationName}/${b.repoName}`),
            render: (_: unknown, j: Job) => `${j.organizationName}/${j.repoName}`,
          },
        ]
      : []),
    {
      title: t('jobs.columns.status'),
      dataIndex: 'state',
      key: 'state',
      sorter: (a, b) => a.state.localeCompare(b.state),
      render: (_: unknown, j: Job) => state(j),
    },
    {
      title: t('jobs.columns.created'),
      dataIndex: 'timeCreated',
      key: 'created',
      defaultSortOrder: 'descend',
      sorter: (a, b) => -newestFirst(a, b),
      render: (v: string) => (
        <span className="dc-nowrap" data-testid="job-created">
          {formatDateTime(v, i18n.language)}
        </span>
      ),
    },
    {
      title: t('jobs.columns.totalTime'),
      dataIndex: 'totalTime',
      key: 'total',
      sorter: (a, b) => a.totalTime - b.totalTime,
      render: (v: number) => formatDuration(v),
    },
    {
      title: t('jobs.columns.actions'),
      key: 'actions',
      render: (_: unknown, j: Job) => logs(j),
    },
  ];
  return (
    <Table<Job>
      rowKey="id"
      size="middle"
      columns={stacked ? stackedColumns : columns}
      dataSource={jobs}
      loading={loading}
      pagination={{
        pageSize: JOB_PAGE_SIZE,
        showSizeChanger: false,
        hideOnSinglePage: false,
        ...(page !== undefined ? { current: page } : {}),
        ...(onPageChange ? { onChange: onPageChange } : {}),
      }}
      scroll={stacked ? undefined : { x: 'max-content' }}
      showSorterTooltip={false}
      onRow={(j) =>
        rowClickOpens
          ? ({ onClick: () => onOpen(j), className: 'dc-clickable-row', 'data-testid': 'job-row' } as HTMLAttributes<HTMLElement>)
          : ({ 'data-testid': 'job-row' } as HTMLAttributes<HTMLElement>)
      }
      locale={{ emptyText: t('jobs.empty') }}
      className="dc-jobs-table"
    />
  );
}
