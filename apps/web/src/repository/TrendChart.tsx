import { useId, useState } from 'react';
import { LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnalysisHistoryPoint } from '@docent/contracts';
import { formatDateTime, localeOf } from '../i18n/format.ts';
import { oneDecimal } from './languages.ts';

const W = 300;
const H = 84;
const PAD = 8;
/** Room under the plot for the date axis's labels. */
const AXIS_H = 16;

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

/** A short date for the axis: "Nov 21" (en), "21. Nov." (de). */
function shortDate(iso: string, language: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { month: 'short', day: 'numeric' }).format(d);
}

/**
 * The date axis's ticks: the first and the last point, and the middle one from three points on
 * (more labels do not fit a 360 px phone); a single point gets one tick under it.
 */
export function axisTicks<P extends { x: number; p: AnalysisHistoryPoint }>(
  xy: readonly P[],
): Array<{ x: number; at: string; anchor: 'start' | 'middle' | 'end' }> {
  if (xy.length === 0) return [];
  if (xy.length === 1) return [{ x: xy[0]!.x, at: xy[0]!.p.analysedAt, anchor: 'middle' }];
  const first = xy[0]!;
  const last = xy.at(-1)!;
  const ticks: Array<{ x: number; at: string; anchor: 'start' | 'middle' | 'end' }> = [
    { x: first.x, at: first.p.analysedAt, anchor: 'start' },
  ];
  if (xy.length >= 3) {
    const mid = xy[Math.floor((xy.length - 1) / 2)]!;
    ticks.push({ x: mid.x, at: mid.p.analysedAt, anchor: 'middle' });
  }
  ticks.push({ x: last.x, at: last.p.analysedAt, anchor: 'end' });
  return ticks;
}

/**
 * The trend over analyses (docs/webhooks.md): documented share, outdated docs and README score, one small
 * SVG chart each (no chart library in the app's dependencies); a date axis under each; a point per
 * analysis, focusable, with a tooltip (value, date, commit) on hover or keyboard focus that is also
 * its accessible description. The charts scale with their container, down to a 360 px phone.
 */
export function TrendChart({ points }: { points: readonly AnalysisHistoryPoint[] }) {
  const { t, i18n } = useTranslation();
  const tipId = useId();
  const [active, setActive] = useState<{ metric: Metric; index: number } | null>(null);
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
                <div className="dc-trend__plot">
                  <svg viewBox={`0 0 ${W} ${H + AXIS_H}`} role="group" aria-label={t(`webhooks.trend.${metric}`)}>
                    <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} className="dc-trend__axis" />
                    <g className="dc-trend__dates" aria-hidden="true" data-testid={`trend-axis-${metric}`}>
                      {axisTicks(xy).map((tick) => (
                        <text key={`${tick.at}-${tick.anchor}`} x={tick.x} y={H + AXIS_H - 4} textAnchor={tick.anchor}>
                          {shortDate(tick.at, i18n.language)}
                        </text>
                      ))}
                    </g>
                    {xy.length > 1 && (
                      <polyline points={xy.map((p) => `${p.x},${p.y}`).join(' ')} className={`dc-trend__line dc-trend__line--${metric}`} />
                    )}
                    {xy.map((p, index) => {
                      const on = active?.metric === metric && active.index === index;
                      const show = () => setActive({ metric, index });
                      const hide = () => setActive((a) => (a?.metric === metric && a.index === index ? null : a));
                      return (
                        <g
                          key={`${p.p.analysedAt}-${p.p.jobId ?? ''}`}
                          tabIndex={0}
                          role="img"
                          aria-label={t('webhooks.trend.point', {
                            value: value(metric, p.v),
                            date: formatDateTime(p.p.analysedAt, i18n.language),
                          })}
                          aria-describedby={on ? `${tipId}-${metric}` : undefined}
                          className="dc-trend__point"
                          data-testid={`trend-point-${metric}`}
                          onMouseEnter={show}
                          onMouseLeave={hide}
                          onFocus={show}
                          onBlur={hide}
                          onKeyDown={(e) => {
                            if (e.key === 'Escape') setActive(null);
                          }}
                        >
                          <circle cx={p.x} cy={p.y} r={9} className="dc-trend__hit" />
                          <circle cx={p.x} cy={p.y} r={on ? 5 : 3.5} className={`dc-trend__dot dc-trend__line--${metric}`} />
                        </g>
                      );
                    })}
                  </svg>
                  {active?.metric === metric && xy[active.index] && (
                    <div
                      role="tooltip"
                      id={`${tipId}-${metric}`}
                      className="dc-trend__tip"
                      data-testid={`trend-tip-${metric}`}
                      style={{
                        left: `${(xy[active.index]!.x / W) * 100}%`,
                        top: `${(xy[active.index]!.y / (H + AXIS_H)) * 100}%`,
                      }}
                    >
                      <strong>{value(metric, xy[active.index]!.v)}</strong>
                      <span>{formatDateTime(xy[active.index]!.p.analysedAt, i18n.language)}</span>
                      <code>{xy[active.index]!.p.commit.slice(0, 7)}</code>
                    </div>
                  )}
                </div>
              </figure>
            );
          })}
        </div>
      )}
    </section>
  );
}
