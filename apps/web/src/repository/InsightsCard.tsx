import { Progress, Tag } from 'antd';
import { BulbOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnalysisReport } from '@docent/contracts';
import { actionItems, healthLabel, healthScore, type InsightInput, type Priority } from './insights.ts';
import { oneDecimal } from './languages.ts';
import { withAlpha } from '../theme/color.ts';

const PRIORITY_COLOR: Record<Priority, string> = { high: 'red', medium: 'orange', low: 'green' };
const LABEL_COLOR = { good: '#22c55e', needsImprovement: '#f59e0b', poor: '#ef4444' } as const;

export function insightInput(report: AnalysisReport): InsightInput | null {
  const fn = report.basicFuncDocAnalysis;
  const readme = report.readmeAnalysis;
  if (!fn && !readme) return null;
  return {
    totalFunctions: fn?.totalFunctions ?? 0,
    totalDocumented: fn?.totalDocumented ?? 0,
    trivialDocs: fn?.trivialDocs ?? 0,
    outdated: report.advancedFuncDocAnalysis?.outdatedDocCount ?? 0,
    urgent: report.advancedFuncDocAnalysis?.urgentDocCount ?? 0,
    readmeScore: readme?.calculatedQualityScore ?? null,
  };
}

/** 'Documentation Insights': the overall health score and action items (docs/spec-conformance.md §9). */
export function InsightsCard({ report }: { report: AnalysisReport }) {
  const { t, i18n } = useTranslation();
  const input = insightInput(report);
  if (!input) return null;
  const score = healthScore(input);
  const label = healthLabel(score);
  const items = actionItems(input);
  return (
    <section className="dc-panel dc-insights" data-testid="insights">
      <header className="dc-acard__head">
        <span className="dc-acard__icon" aria-hidden="true">
          <BulbOutlined />
        </span>
        <h3>{t('repository.insights.title')}</h3>
      </header>
      <div className="dc-insights__body">
        <div className="dc-insights__score">
          <Progress
            type="dashboard"
            percent={Math.round(score)}
            strokeColor={LABEL_COLOR[label]}
            railColor={withAlpha(LABEL_COLOR[label], 0.15)}
            size={120}
            format={(p) => <span data-testid="health-score">{p}</span>}
            aria-label={t('repository.insights.title')}
          />
          <Tag color={label === 'good' ? 'success' : label === 'poor' ? 'error' : 'warning'} data-testid="health-label">
            {t(`repository.insights.labels.${label}`)}
          </Tag>
          <span className="dc-insights__caption">{t('repository.insights.caption')}</span>
        </div>
        <div className="dc-insights__items">
          <h4>{t('repository.insights.actions')}</h4>
          {items.length === 0 ? (
            <p className="dc-muted">{t('repository.insights.none')}</p>
          ) : (
            <ul data-testid="action-items">
              {items.map((a) => (
                <li key={a.kind} data-priority={a.priority}>
                  <Tag color={PRIORITY_COLOR[a.priority]}>{t(`repository.insights.priority.${a.priority}`)}</Tag>
                  <span>
                    {t(`repository.insights.items.${a.kind}`, { count: a.count, percent: oneDecimal(a.percent ?? 0, i18n.language) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
