import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import i18n from '../i18n/index.ts';
import { JOB_TYPES, type Job } from '@docent/contracts';
import { analysisLabel, jobTypeLabel, jobTypeLabelKey } from './jobLabels.ts';
import { JobsTable } from './JobsTable.tsx';
import { DashboardCards } from '../repository/DashboardCards.tsx';

const job = (id: number, jobType: string): Job => ({
  id,
  jobType,
  organizationName: 'acme',
  repoName: 'widgets',
  vendor: 'GIT',
  state: 'COMPLETE',
  message: 'Done',
  progress: 100,
  timeCreated: `2026-01-0${id}T00:00:00.000Z`,
  totalTime: 5,
});

/** One human label per job type, in English and German, never the wire value. */
describe('job type labels', () => {
  it('every job type the server writes has its own label in en and de', () => {
    for (const lng of ['en', 'de']) {
      const t = i18n.getFixedT(lng);
      const labels = JOB_TYPES.map((type) => {
        const key = jobTypeLabelKey(type);
        expect(key, type).not.toBeNull();
        expect(i18n.exists(key!, { lng }), `${lng} ${key}`).toBe(true);
        const label = jobTypeLabel(type, t);
        expect(label).not.toBe(type);
        expect(label).not.toMatch(/^[A-Z_]+$/);
        return label;
      });
      expect(new Set(labels).size).toBe(JOB_TYPES.length);
    }
    const en = i18n.getFixedT('en');
    expect(jobTypeLabel('ANALYSIS_ADVANCEDDOC', en)).toBe('Documentation issues');
    expect(analysisLabel('coverage', en)).toBe('Full analysis');
    expect(jobTypeLabel('DOC_REPO', i18n.getFixedT('de'))).toBe('Docstring-Generierung');
    expect(jobTypeLabel('SOMETHING_NEW', en)).toBe('SOMETHING_NEW');
  });

  it('the jobs table shows the label, not ANALYSIS_ADVANCEDDOC', () => {
    render(
      <AntApp>
        <JobsTable jobs={[job(1, 'ANALYSIS_ADVANCEDDOC'), job(2, 'DOC_REPO')]} onOpen={() => {}} />
      </AntApp>,
    );
    expect(screen.queryByText('ANALYSIS_ADVANCEDDOC')).toBeNull();
    expect(screen.getAllByTestId('job-type').map((e) => e.textContent)).toEqual(['Docstring generation', 'Documentation issues']);
  });

  it("the Languages card's refresh says it re-runs the full analysis", () => {
    render(
      <AntApp>
        <DashboardCards
          report={{ basicFuncDocAnalysis: { totalFunctions: 10, totalDocumented: 4 }, programmingLanguages: { TypeScript: 80, Go: 20 } }}
          languages={undefined}
          runningType={null}
          progress={0}
          busy={false}
          onAnalyze={() => {}}
          onOpen={() => {}}
        />
      </AntApp>,
    );
    expect(screen.getByTestId('card-languages-refresh').getAttribute('aria-label')).toBe('Re-run: Full analysis (Programming languages)');
    expect(screen.getByTestId('card-functions-refresh').getAttribute('aria-label')).toMatch(/^Re-run: Documentation coverage/);
  });
});
