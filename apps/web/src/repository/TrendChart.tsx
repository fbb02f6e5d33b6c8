import { LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnalysisHistoryPoint } from '@docent/contracts';
import { formatDateTime } from '../i18n/format.ts';
import { oneDecimal } from './languages.ts';

const W = 300;
const H = 84;
const PAD = 8;

type Metric = 'documentedShare' | 'outdatedCount' | 'readmeScore';
const METRICS: Metric[] = ['documentedShare', 'outdatedCount', 'readmeScore'];

/** x/y of each point with a value: percent metrics on 0–100, counts on 0–their maximum. */
export function chartPoints(
  points: readonly AnalysisHistoryPoint[],
  metric: Metric,
): Array<{ x: number; y: number; p: AnalysisHistoryPoint; v: number }> {
  const withValue = points.flatMap((p) => (p[metric] === null ? [] : [{ p, v: p[metric] }]));
  const top = metric === 'outdatedCount' ? Math.max(1, ...withValue.map((w) => w.v)) : 100;
  const step = withValue.length > 1 ? (W - 2 * PAD) / (withValue.length - 1) : 0;
  return withValue.map((w, i) => ({
    ...w,
    x: withValue.length > 1 ? PAD + i * step : W / 2,
    y: H - PAD - ((H - 2 * PAD) * Math.max(0, Math.min(top, w.v))) / top,
  }));
}

/**
 * The trend over analyses (docs/webhooks.md): documented share, outdated docs and README score, one small
 * SVG chart each (no chart library in the app's dependencies); a point per analysis, its commit
 * and date in the tooltip. The charts scale with their container, down to a 360 px phone.
 */
export function TrendChart({ points }: { points: readonly AnalysisHistoryPoint[] }) {
  const { t, i18n } = useTranslation();
  const value = (metric: Metric, v: number) =>
    metric === 'outdatedCount'
      ? String(v)
      : metric === 'documentedShare'
        ? `${oneDecimal(v, i18n.language)} %`
        : oneDecimal(v, i18n.language);
  return (
    <section className="dc-panel dc-trend" data-testid="trend">
      <header className="dc-acard__head">
        <span className="dc-acard__icon" aria-hidden="true">
          <LineChartOutlined />
        </span>
        <h3>{t('webhooks.trend.title')}</h3>
        <span className="dc-trend__count" data-testid="trend-count">
          {t('webhooks.trend.count', { count: points.length })}
        </span>
      </header>
      {points.length === 0 ? (
        <p className="dc-muted">{t('webhooks.trend.empty')}</p>
      ) : (
        <div className="dc-trend__grid">
          {METRICS.map((metric) => {
            const xy = chartPoints(points, metric);
            const last = xy.at(-1);
            return (
              <figure key={metric} className="dc-trend__chart" data-testid={`trend-${metric}`}>
                <figcaption>
                  <span>{t(`webhooks.trend.${metric}`)}</span>
                  <strong>{last ? value(metric, last.v) : '–'}</strong>
                </figcaption>
                <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t(`webhooks.trend.${metric}`)}>
                  <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} className="dc-trend__axis" />
                  {xy.length > 1 && (
                    <polyline points={xy.map((p) => `${p.x},${p.y}`).join(' ')} className={`dc-trend__line dc-trend__line--${metric}`} />
                  )}
                  {xy.map((p) => (
                    <circle
                      key={`${p.p.analysedAt}-${p.p.jobId ?? ''}`}
                      cx={p.x}
                      cy={p.y}
                      r={3.5}
                      className={`dc-trend__dot dc-trend__line--${metric}`}
                      data-testid={`trend-point-${metric}`}
                    >
                      <title>{`${p.p.commit.slice(0, 7)} · ${formatDateTime(p.p.analysedAt, i18n.language)} · ${value(metric, p.v)}`}</title>
                    </circle>
                  ))}
                </svg>
              </figure>
            );
          })}
        </div>
      )}
    </section>
  );
}
