import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Job, JobState } from '@docent/contracts';
import { TerminalModal } from '../terminal/Terminal.tsx';
import { OPEN_JOB_POLL_MS, useLiveJob } from '../terminal/useLiveJob.ts';
import { isFinalState } from '../terminal/liveJob.ts';
import { STATE_COLOR } from './jobDisplay.ts';
import { jobTypeLabel } from './jobLabels.ts';

/**
 * A job's log in the terminal modal (800 × 500): the whole log, then the live stream; the job's
 * status every 5 s until final, then 'Job {state}: {message}'. Stop while it is active.
 */
export function JobLogModal({ job, jobId, onClose }: { job?: Job; jobId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { state, appendLocal } = useLiveJob({ jobId, flavour: 'job', loadFullLog: true, statusEveryMs: OPEN_JOB_POLL_MS });
  const jobState = (state.state ?? job?.state ?? null) as JobState | null;
  const active = jobState !== null && !isFinalState(jobState) && !state.finished;
  return (
    <TerminalModal
      open={jobId !== null}
      onClose={onClose}
      modalTitle={
        <span className="dc-job-modal-title">
          {t('jobs.logTitle', { id: jobId ?? '' })}
          {job && (
            <span className="dc-job-modal-title__sub">{`${jobTypeLabel(job.jobType, t)} · ${job.organizationName}/${job.repoName}`}</span>
          )}
        </span>
      }
      lines={state.lines}
      title={t('jobs.terminal')}
      status={
        jobState && (
          <Tag color={STATE_COLOR[jobState] ?? 'default'} data-testid="job-log-state">
            {t(`jobs.states.${jobState}`, { defaultValue: jobState })}
          </Tag>
        )
      }
      progress={active ? state.percentage : undefined}
      stop={jobId !== null ? { jobId, active, onLine: appendLocal } : undefined}
      live={active}
      downloadName={`job-${jobId ?? 'log'}.log`}
      testId="job-terminal"
      emptyText={t('terminal.loading')}
    />
  );
}
