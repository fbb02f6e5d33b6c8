import type { ReactNode } from 'react';
import { Button, Progress, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type CardState = 'empty' | 'analysing' | 'ready';

interface Props {
  title: string;
  icon: ReactNode;
  testId: string;
  state: CardState;
  /** percent of the running analysis */
  progress?: number;
  emptyText: string;
  emptyAction: string;
  onAnalyze: () => void;
  /** opens the detail modal (populated cards) */
  onOpen?: () => void;
  disabled?: boolean;
  /** what the refresh button runs, e.g. 'Re-run: Full analysis' (its tooltip and name) */
  refreshLabel?: string;
  children?: ReactNode;
}

/**
 * One dashboard card (docs/spec-conformance.md §4 "Analysis per card"): not analysed (a button), analysing (with
 * percent progress), analysed (figures, a refresh button, a click opens the detail modal).
 */
export function AnalysisCard({
  title,
  icon,
  testId,
  state,
  progress = 0,
  emptyText,
  emptyAction,
  onAnalyze,
  onOpen,
  disabled,
  refreshLabel,
  children,
}: Props) {
  const { t } = useTranslation();
  const clickable = state === 'ready' && onOpen;
  return (
    <section
      className={`dc-panel dc-acard${clickable ? ' dc-acard--clickable' : ''}`}
      data-testid={testId}
      data-state={state}
      onClick={clickable ? onOpen : undefined}
    >
      <header className="dc-acard__head">
        <span className="dc-acard__icon" aria-hidden="true">
          {icon}
        </span>
        {/* The whole card opens the details with a pointer; for the keyboard the title is the
            button (a focusable card around the refresh button would nest interactive controls). */}
        <h3>
          {clickable ? (
            <button
              type="button"
              className="dc-acard__open"
              aria-label={t('repository.cards.open', { title })}
              onClick={(e) => (e.stopPropagation(), onOpen())}
            >
              {title}
            </button>
          ) : (
            title
          )}
        </h3>
        {state === 'ready' && (
          <Tooltip title={refreshLabel ?? t('repository.cards.refresh')}>
            <Button
              type="text"
              size="small"
              icon={<ReloadOutlined />}
              aria-label={`${refreshLabel ?? t('repository.cards.refresh')} (${title})`}
              disabled={disabled}
              onClick={(e) => {
                e.stopPropagation();
                onAnalyze();
              }}
              data-testid={`${testId}-refresh`}
            />
          </Tooltip>
        )}
      </header>
      {state === 'analysing' ? (
        <div className="dc-acard__busy" aria-live="polite">
          <Progress
            type="circle"
            percent={Math.round(progress)}
            size={64}
            aria-label={t('jobs.progress', { percent: Math.round(progress) })}
          />
          <span>{t('repository.cards.analysing')}</span>
        </div>
      ) : state === 'empty' ? (
        <div className="dc-acard__empty">
          <p>{emptyText}</p>
          <Button type="primary" ghost onClick={onAnalyze} disabled={disabled}>
            {emptyAction}
          </Button>
        </div>
      ) : (
        <div className="dc-acard__body">{children}</div>
      )}
    </section>
  );
}
