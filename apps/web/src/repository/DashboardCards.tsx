import { Progress, Tooltip } from 'antd';
import { BookOutlined, CodeOutlined, FileTextOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnalysisReport, AnalysisType } from '@docent/contracts';
import { AnalysisCard, type CardState } from './AnalysisCard.tsx';
import { formatPercent, languageColor, legend, percentOf, sortLanguages } from './languages.ts';
import { BAND_COLOR, scoreBand } from './readmeQuality.ts';
import { analysisLabel } from '../jobs/jobLabels.ts';

/** Which cards an analysis type refreshes. */
const AFFECTS: Record<AnalysisType, ReadonlyArray<'functions' | 'languages' | 'issues' | 'readme'>> = {
  coverage: ['functions', 'languages', 'issues', 'readme'],
  basicDoc: ['functions'],
  advancedDoc: ['functions', 'languages', 'issues'],
  readme: ['readme'],
};

/**
 * The card buttons and the analysis type each starts (docs/decisions.md): 'Analyze Repository'
 * and 'Analyze Languages' run the full analysis (coverage; languages come only from it),
 * 'Find Issues' advancedDoc, 'Score README' readme. Refresh: functions basicDoc, languages
 * coverage, issues advancedDoc, README readme.
 */
export const CARD_ACTIONS = {
  functions: { empty: 'coverage', refresh: 'basicDoc' },
  languages: { empty: 'coverage', refresh: 'coverage' },
  issues: { empty: 'advancedDoc', refresh: 'advancedDoc' },
  readme: { empty: 'readme', refresh: 'readme' },
} as const satisfies Record<string, { empty: AnalysisType; refresh: AnalysisType }>;

interface Props {
  report: AnalysisReport;
  languages: Record<string, number> | undefined;
  runningType: AnalysisType | null;
  progress: number;
  busy: boolean;
  onAnalyze: (type: AnalysisType) => void;
  onOpen: (modal: 'functions' | 'issues' | 'readme') => void;
}

function Bar({ label, part, total, testId, color }: { label: string; part: number; total: number; testId: string; color?: string }) {
  const { i18n } = useTranslation();
  const pct = percentOf(part, total);
  return (
    <div className="dc-metric" data-testid={testId}>
      <div className="dc-metric__row">
        <span>{label}</span>
        <strong>
          <span data-testid={`${testId}-count`}>{`${part} / ${total}`}</span> ·{' '}
          <span data-testid={`${testId}-percent`}>{formatPercent(pct, i18n.language)}</span>
        </strong>
      </div>
      <Progress percent={pct} showInfo={false} strokeColor={color} size="small" aria-label={label} />
    </div>
  );
}

export function DashboardCards({ report, languages, runningType, progress, busy, onAnalyze, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const pct = (v: number) => formatPercent(v, i18n.language);
  const state = (card: 'functions' | 'languages' | 'issues' | 'readme', has: boolean): CardState =>
    runningType && AFFECTS[runningType].includes(card) ? 'analysing' : has ? 'ready' : 'empty';
  const fn = report.basicFuncDocAnalysis;
  const adv = report.advancedFuncDocAnalysis;
  const readme = report.readmeAnalysis;
  const langs = sortLanguages(languages ?? report.programmingLanguages);
  const lg = legend(langs, i18n.language);
  const common = { progress, disabled: busy };
  const rerun = (card: keyof typeof CARD_ACTIONS) =>
    t('repository.cards.refreshRuns', { job: analysisLabel(CARD_ACTIONS[card].refresh, t) });

  return (
    <div className="dc-cards-wrap">
      <div className="dc-cards">
        <AnalysisCard
          {...common}
          title={t('repository.cards.functions.title')}
          icon={<CodeOutlined />}
          testId="card-functions"
          refreshLabel={rerun('functions')}
          state={state('functions', Boolean(fn))}
          emptyText={t('repository.cards.functions.empty')}
          emptyAction={t('repository.cards.functions.action')}
          onAnalyze={() => onAnalyze(fn ? CARD_ACTIONS.functions.refresh : CARD_ACTIONS.functions.empty)}
          onOpen={() => onOpen('functions')}
        >
          {fn && (
            <>
              <div className="dc-acard__big">
                <strong data-testid="functions-documented">{fn.totalDocumented}</strong>
                <span>/ {fn.totalFunctions}</span>
              </div>
              <Bar
                label={t('repository.cards.functions.documented')}
                part={fn.totalDocumented}
                total={fn.totalFunctions}
                testId="functions-bar"
              />
              {(fn.trivialDocs ?? 0) > 0 && (
                // Docs that only restate the name are not in the documented count (docs/metrics/functions.md).
                <p className="dc-acard__note" data-testid="functions-trivial">
                  {t('repository.cards.functions.trivial', { count: fn.trivialDocs })}
                </p>
              )}
            </>
          )}
        </AnalysisCard>

        <AnalysisCard
          {...common}
          title={t('repository.cards.languages.title')}
          icon={<BookOutlined />}
          testId="card-languages"
          refreshLabel={rerun('languages')}
          state={state('languages', langs.length > 0)}
          emptyText={t('repository.cards.languages.empty')}
          emptyAction={t('repository.cards.languages.action')}
          onAnalyze={() => onAnalyze(langs.length ? CARD_ACTIONS.languages.refresh : CARD_ACTIONS.languages.empty)}
        >
          <div className="dc-stack" role="img" aria-label={langs.map((l) => `${l.name} ${pct(l.percent)}`).join(', ')}>
            {langs.map((l) => (
              <Tooltip key={l.name} title={`${l.name} ${pct(l.percent)}`}>
                <span style={{ width: `${l.percent}%`, background: languageColor(l.name) }} />
              </Tooltip>
            ))}
          </div>
          <ul className="dc-legend" data-testid="languages-legend">
            {lg.shown.map((l) => (
              <li key={l.name}>
                <i style={{ background: languageColor(l.name) }} aria-hidden="true" />
                <span>{l.name}</span>
                <strong>{l.label}</strong>
              </li>
            ))}
            {lg.more > 0 && (
              <Tooltip
                title={langs
                  .slice(4)
                  .map((l) => `${l.name} ${pct(l.percent)}`)
                  .join(', ')}
              >
                <li className="dc-legend__more">{t('repository.cards.languages.more', { count: lg.more })}</li>
              </Tooltip>
            )}
          </ul>
        </AnalysisCard>

        <AnalysisCard
          {...common}
          title={t('repository.cards.issues.title')}
          icon={<WarningOutlined />}
          testId="card-issues"
          refreshLabel={rerun('issues')}
          state={state('issues', Boolean(adv && fn))}
          emptyText={t('repository.cards.issues.empty')}
          emptyAction={t('repository.cards.issues.action')}
          onAnalyze={() => onAnalyze(CARD_ACTIONS.issues.refresh)}
          onOpen={() => onOpen('issues')}
        >
          {adv && fn && (
            <>
              <Bar
                label={t('repository.cards.issues.outdated')}
                part={adv.outdatedDocCount}
                total={fn.totalDocumented + (fn.trivialDocs ?? 0)}
                testId="issues-outdated"
                color="#f59e0b"
              />
              <Bar
                label={t('repository.cards.issues.urgent')}
                part={adv.urgentDocCount}
                total={fn.totalFunctions}
                testId="issues-urgent"
                color="#ef4444"
              />
            </>
          )}
        </AnalysisCard>

        <AnalysisCard
          {...common}
          title={t('repository.cards.readme.title')}
          icon={<FileTextOutlined />}
          testId="card-readme"
          refreshLabel={rerun('readme')}
          state={state('readme', Boolean(readme))}
          emptyText={t('repository.cards.readme.empty')}
          emptyAction={t('repository.cards.readme.action')}
          onAnalyze={() => onAnalyze(CARD_ACTIONS.readme.refresh)}
          onOpen={() => onOpen('readme')}
        >
          {readme && (
            <>
              <div className="dc-acard__big">
                <strong data-testid="readme-score">{readme.calculatedQualityScore}</strong>
                <span>/ 100</span>
              </div>
              <Progress
                percent={readme.calculatedQualityScore}
                showInfo={false}
                strokeColor={BAND_COLOR[scoreBand(readme.calculatedQualityScore)]}
                data-testid="readme-bar"
                data-band={scoreBand(readme.calculatedQualityScore)}
                aria-label={t('repository.readme.title')}
              />
            </>
          )}
        </AnalysisCard>
      </div>
    </div>
  );
}
