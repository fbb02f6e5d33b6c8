import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AnalysisHistoryPoint } from '@docent/contracts';
import { TrendChart, axisTicks, chartPoints } from './TrendChart.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';

const point = (day: number, documentedShare: number): AnalysisHistoryPoint => ({
  jobId: day,
  commit: `${day}`.padStart(40, 'c'),
  analysedAt: new Date(Date.UTC(2026, 10, day, 12)).toISOString(),
  documentedShare,
  outdatedCount: day - 20,
  readmeScore: null,
});
const points = [point(21, 40), point(22, 45), point(23, 52.5), point(24, 60)];

describe('trend chart: date axis and tooltips', () => {
  it('labels the axis with the first, middle and last date', () => {
    const xy = chartPoints(points, 'documentedShare');
    expect(axisTicks(xy).map((t) => [t.at, t.anchor])).toEqual([
      [points[0]!.analysedAt, 'start'],
      [points[1]!.analysedAt, 'middle'],
      [points[3]!.analysedAt, 'end'],
    ]);
    expect(axisTicks(xy.slice(0, 1)).map((t) => t.anchor)).toEqual(['middle']);
    renderRoutes([{ path: '/', element: <TrendChart points={points} /> }], '/');
    expect(screen.getByTestId('trend-axis-documentedShare').textContent).toBe('Nov 21Nov 22Nov 24');
  });

  it('each point is focusable, named by value and date, and shows a tooltip with both on focus or hover', () => {
    renderRoutes([{ path: '/', element: <TrendChart points={points} /> }], '/');
    const chart = screen.getByRole('group', { name: 'Documented' });
    const dots = within(chart).getAllByRole('img');
    expect(dots).toHaveLength(4);
    expect(dots[2]!.getAttribute('tabindex')).toBe('0');
    expect(dots[2]!.getAttribute('aria-label')).toMatch(/^52\.5 % on Nov 23, 2026/);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(dots[2]!);
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toContain('52.5 %');
    expect(tip.textContent).toContain('Nov 23, 2026');
    expect(dots[2]!.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.blur(dots[2]!);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(within(screen.getByRole('group', { name: 'Outdated docs' })).getAllByRole('img')[0]!);
    expect(screen.getByRole('tooltip').textContent).toContain('Nov 21, 2026');
  });
});
