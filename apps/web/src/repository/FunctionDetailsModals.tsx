import { useEffect, useRef } from 'react';
import { Empty, Modal, Progress, Skeleton, Alert, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DocMetrics } from '@docent/contracts';
import { errorMessage } from '../api/client.ts';
import { repositoryApi, repositoryKeys, type RepoRef } from './api.ts';
import { FunctionTable } from './FunctionTable.tsx';
import { judgedMarker, outdatedReason, reviewLists, reviewReason } from './findings.ts';
import { oneDecimal, percentOf } from './languages.ts';

const MODAL_WIDTH = 900;

function useFunctionDetails(ref: RepoRef, type: 'basicDoc' | 'advancedDoc', open: boolean, onError?: (err: unknown) => void) {
  const q = useQuery({
    queryKey: repositoryKeys.details(ref, type),
    queryFn: () => repositoryApi.functionDetails(ref, type),
    enabled: open,
  });
  useDetailError(q, onError);
  return q;
}

/** Reports each failed detail fetch once (the page logs it to the progress terminal, docs/spec-conformance.md §8). */
export function useDetailError(q: { isError: boolean; error: unknown; errorUpdatedAt: number }, onError?: (err: unknown) => void) {
  const reported = useRef(0);
  useEffect(() => {
    if (!q.isError || !onError || reported.current === q.errorUpdatedAt) return;
    reported.current = q.errorUpdatedAt;
    onError(q.error);
  }, [q.isError, q.error, q.errorUpdatedAt, onError]);
}

interface DetailModalProps {
  repoRef: RepoRef;
  open: boolean;
  onClose: () => void;
  /** a failed detail fetch */
  onError?: (err: unknown) => void;
}

function NoData() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('repository.modals.noDocData')} data-testid="no-doc-data" />;
}

function Buckets({ metrics }: { metrics: DocMetrics }) {
  const { t } = useTranslation();
  const column = (title: string, rows: Array<{ key: string; label: string; documented: number; total: number }>) => (
    <div className="dc-buckets__col">
      <h4>{title}</h4>
      {rows.map((r) => (
        <div key={r.key} className="dc-bucket">
          <span>{r.label}</span>
          <Progress
            percent={percentOf(r.documented, r.total)}
            size="small"
            format={() => `${r.documented}/${r.total}`}
            aria-label={`${title}: ${r.label}`}
          />
        </div>
      ))}
    </div>
  );
  return (
    <div className="dc-buckets">
      {column(
        t('repository.modals.byComplexity'),
        (['high', 'medium', 'low'] as const).map((k) => ({
          key: k,
          label: t(`repository.functions.levels.${k}`),
          ...metrics.complexity[k],
        })),
      )}
      {column(
        t('repository.modals.byVisibility'),
        (['public', 'private', 'protected'] as const).map((k) => ({
          key: k,
          label: t(`repository.functions.scopes.${k}`),
          ...metrics.visibility[k],
        })),
      )}
    </div>
  );
}

/** Function coverage: documented and undocumented functions, sortable and searchable. */
export function FunctionCoverageModal({ repoRef, open, onClose, onError }: DetailModalProps) {
  const { t, i18n } = useTranslation();
  const q = useFunctionDetails(repoRef, 'basicDoc', open, onError);
  const fns = (q.data?.functions ?? []).filter((f) => !f.isTest);
  // A trivial doc (it only restates the name) does not count as documented: listed apart.
  const documented = fns.filter((f) => f.docstring !== null && !f.trivialDoc);
  const trivial = fns.filter((f) => f.docstring !== null && f.trivialDoc);
  const undocumented = fns.filter((f) => f.docstring === null);
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={MODAL_WIDTH} title={t('repository.modals.coverageTitle')} destroyOnHidden>
      {q.isPending ? (
        <Skeleton active />
      ) : q.isError ? (
        <Alert type="error" showIcon title={errorMessage(q.error)} />
      ) : !fns.length ? (
        <NoData />
      ) : (
        <div data-testid="coverage-modal">
          <div className="dc-modal-summary">
            <strong>{`${documented.length} / ${fns.length}`}</strong>
            <span>
              {t('repository.modals.documentedShare', { percent: oneDecimal(percentOf(documented.length, fns.length), i18n.language) })}
            </span>
            {trivial.length > 0 && (
              <span data-testid="coverage-trivial">{t('repository.modals.trivialNotCounted', { count: trivial.length })}</span>
            )}
          </div>
          {q.data?.docMetrics && <Buckets metrics={q.data.docMetrics} />}
          <Tabs
            className="dc-tabs-wrap"
            items={[
              {
                key: 'undocumented',
                label: t('repository.modals.undocumented', { count: undocumented.length }),
                children: <FunctionTable functions={undocumented} testId="undocumented-table" />,
              },
              {
                key: 'documented',
                label: t('repository.modals.documented', { count: documented.length }),
                children: <FunctionTable functions={documented} testId="documented-table" />,
              },
              ...(trivial.length > 0
                ? [
                    {
                      key: 'trivial',
                      label: t('repository.modals.trivial', { count: trivial.length }),
                      children: (
                        <>
                          <p className="dc-modal-hint">{t('repository.modals.trivialHint')}</p>
                          <FunctionTable functions={trivial} testId="trivial-table" />
                        </>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

/**
 * Documentation issues: outdated entries (the doc contradicts the code) with each reason; review
 * suggestions (a contract change since documented, or parameters left out), weighed lower and not
 * counted as outdated, with body-only changes below them as a hint of their own
 * (docs/decisions.md "Body-change suggestions shown apart"); and urgent ones.
 */
export function DocIssuesModal({ repoRef, open, onClose, onError }: DetailModalProps) {
  const { t } = useTranslation();
  const q = useFunctionDetails(repoRef, 'advancedDoc', open, onError);
  const fns = (q.data?.functions ?? []).filter((f) => !f.isTest);
  const outdated = fns.filter((f) => f.outdatedStatus.status === 'OUTDATED');
  const { review, bodyChanged } = reviewLists(fns);
  const urgent = fns.filter((f) => f.urgentDocumentation);
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={MODAL_WIDTH} title={t('repository.modals.issuesTitle')} destroyOnHidden>
      {q.isPending ? (
        <Skeleton active />
      ) : q.isError ? (
        <Alert type="error" showIcon title={errorMessage(q.error)} />
      ) : !fns.length ? (
        <NoData />
      ) : (
        <Tabs
          className="dc-tabs-wrap"
          data-testid="issues-modal"
          // Narrow gaps keep the three tabs on one row at 360 px: antd's overflow button inside the
          // tab list is not an allowed child of role=tablist (axe: aria-required-children).
          tabBarGutter={16}
          items={[
            {
              key: 'outdated',
              label: t('repository.modals.outdated', { count: outdated.length }),
              children: (
                <FunctionTable
                  functions={outdated}
                  reason={{
                    title: t('repository.functions.explanation'),
                    text: (f) => outdatedReason(t, f),
                    tag: (f) => judgedMarker(t, f),
                  }}
                  testId="outdated-table"
                />
              ),
            },
            {
              key: 'review',
              label: t('repository.modals.review', { count: review.length }),
              children: (
                <>
                  <p className="dc-modal-hint">{t('repository.modals.reviewHint')}</p>
                  <FunctionTable
                    functions={review}
                    reason={{ title: t('repository.functions.review'), text: (f) => reviewReason(t, f) }}
                    testId="review-table"
                  />
                  {bodyChanged.length > 0 && (
                    <section className="dc-body-changed" aria-labelledby="dc-body-changed-title" data-testid="body-changed">
                      <h4 id="dc-body-changed-title">{t('repository.modals.bodyChanged', { count: bodyChanged.length })}</h4>
                      <p className="dc-modal-hint">{t('repository.modals.bodyChangedHint')}</p>
                      <FunctionTable
                        functions={bodyChanged}
                        reason={{ title: t('repository.functions.review'), text: (f) => reviewReason(t, f) }}
                        testId="body-changed-table"
                      />
                    </section>
                  )}
                </>
              ),
            },
            {
              key: 'urgent',
              label: t('repository.modals.urgent', { count: urgent.length }),
              children: <FunctionTable functions={urgent} testId="urgent-table" />,
            },
          ]}
        />
      )}
    </Modal>
  );
}
