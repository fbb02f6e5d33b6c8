import { Alert, Button, Empty, Modal, Skeleton, Space, Tabs, Tag } from 'antd';
import { useApp } from '../theme/feedback.tsx';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReadmeAnalysis } from '@docent/contracts';
import { errorMessage } from '../api/client.ts';
import { repositoryApi, repositoryKeys, type RepoRef } from './api.ts';
import { useDetailError } from './FunctionDetailsModals.tsx';
import { bannerType, qualityLabel, readingTimeText } from './readmeQuality.ts';
import { changeText, readmeDiff, recommendationTexts } from './readmeTexts.ts';

function Stat({ label, value, testId, title }: { label: string; value: string | number; testId: string; title?: string }) {
  return (
    <div className="dc-stat" data-testid={testId} title={title}>
      <span>{label}</span>
      <strong>{value}</strong>
    </div>
  );
}

function AnalysisTab({ a }: { a: ReadmeAnalysis }) {
  const { t, i18n } = useTranslation();
  const n = (v: number, digits = 1) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(v);
  const s = a.textStatistics;
  const score = a.calculatedQualityScore;
  return (
    <div className="dc-readme" data-testid="readme-analysis">
      <Alert
        type={bannerType(score)}
        showIcon
        data-testid="readme-banner"
        title={t('repository.readme.banner', { score, label: t(`repository.readme.labels.${qualityLabel(score)}`) })}
        description={a.fileName ? t('repository.readme.file', { file: a.fileName }) : t('repository.readme.noFile')}
      />
      <div className="dc-stats">
        <Stat label={t('repository.readme.wordCount')} value={s.wordCount} testId="stat-words" />
        <Stat label={t('repository.readme.lines')} value={s.lines} testId="stat-lines" />
        <Stat
          label={t('repository.readme.readingTime')}
          value={t(readingTimeText(s.readingTime).key, { count: readingTimeText(s.readingTime).count })}
          title={t('repository.readme.seconds', { value: n(s.readingTime) })}
          testId="stat-reading"
        />
        <Stat label={t('repository.readme.avgSentence')} value={n(s.avgSentenceLength)} testId="stat-sentence" />
        <Stat label={t('repository.readme.brokenLinks')} value={a.brokenLinks.length} testId="stat-links" />
        <Stat label={t('repository.readme.grammar')} value={a.grammarError} testId="stat-grammar" />
        {/* "LLM" only when a model scored it (docs/metrics/readme.md, Interpretation score) */}
        <Stat
          label={t(a.llmInterpretationSource === 'llm' ? 'repository.readme.llmScore' : 'repository.readme.rubricScore')}
          value={`${a.llmInterpretationScore} / 100`}
          testId="stat-llm"
        />
        <Stat label={t('repository.readme.flesch')} value={n(s.fleschReadingEase, 2)} testId="stat-flesch" />
        <Stat label={t('repository.readme.fk')} value={n(s.fleschKincaidGrade, 2)} testId="stat-fk" />
        <Stat label={t('repository.readme.smog')} value={n(s.smogIndex, 2)} testId="stat-smog" />
      </div>
      <p className="dc-readme__source">
        <Tag>{t(`repository.readme.source.${a.llmInterpretationSource}`)}</Tag>
      </p>
      {a.brokenLinks.length > 0 && (
        <>
          <h4>{t('repository.readme.brokenLinks')}</h4>
          <ul className="dc-readme__links">
            {a.brokenLinks.map((l) => (
              <li key={`${l.line}-${l.url}`}>
                <code>{l.url}</code> — {t('repository.readme.lineNo', { line: l.line })}: {l.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {a.grammarIssues.length > 0 && (
        <>
          <h4>{t('repository.readme.grammarList')}</h4>
          <ul className="dc-readme__grammar" data-testid="readme-grammar">
            {a.grammarIssues.map((g) => (
              <li key={`${g.line}:${g.column}:${g.rule}`}>
                {t('repository.readme.grammarItem', { line: g.line, text: g.text ?? '', message: g.message })}
              </li>
            ))}
          </ul>
        </>
      )}
      <h4>{t('repository.readme.recommendations')}</h4>
      <ul className="dc-readme__recs" data-testid="readme-recommendations">
        {recommendationTexts(t, a).map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </div>
  );
}

/** The suggested README as a diff against the current one, each change with its reason; copy and download. */
function SuggestionTab({ a, content, suggestion }: { a: ReadmeAnalysis; content: string | null; suggestion: string }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const fileName = a.fileName ?? 'README.md';
  const lines = readmeDiff(fileName, content ?? '', suggestion);
  const download = () => {
    const url = URL.createObjectURL(new Blob([suggestion], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName.split('/').pop() ?? 'README.md';
    link.click();
    URL.revokeObjectURL(url);
  };
  const copy = () => {
    void navigator.clipboard?.writeText(suggestion).then(() => message.success(t('repository.readme.copied')));
  };
  return (
    <div className="dc-readme" data-testid="readme-suggestion">
      <h4>{t('repository.readme.changes.title')}</h4>
      <ul className="dc-readme__changes" data-testid="readme-changes">
        {(a.suggestionChanges ?? []).map((c) => (
          <li key={`${c.code}:${JSON.stringify(c.params)}`}>{changeText(t, c)}</li>
        ))}
      </ul>
      <Space className="dc-readme__actions">
        <Button icon={<CopyOutlined />} onClick={copy}>
          {t('repository.readme.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('repository.readme.download')}
        </Button>
      </Space>
      <h4>{t('repository.readme.diffTitle', { file: fileName })}</h4>
      <pre className="dc-rdiff" data-testid="readme-diff">
        {lines.map((l, i) => (
          <span key={i} className={`dc-rdiff__line dc-rdiff__line--${l.kind}`}>
            {l.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </div>
  );
}

/** 'README Analysis' with tabs 'Analysis' and 'Suggested Improvements'. */
export function ReadmeModal({
  repoRef,
  open,
  onClose,
  onError,
}: {
  repoRef: RepoRef;
  open: boolean;
  onClose: () => void;
  onError?: (err: unknown) => void;
}) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: repositoryKeys.details(repoRef, 'readme'),
    queryFn: () => repositoryApi.readmeDetails(repoRef),
    enabled: open,
  });
  useDetailError(q, onError);
  const analysis = q.data?.analysis ?? null;
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={820} title={t('repository.readme.title')} destroyOnHidden>
      {q.isPending ? (
        <Skeleton active />
      ) : q.isError ? (
        <Alert type="error" showIcon title={errorMessage(q.error)} />
      ) : !analysis ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('repository.modals.noReadmeData')} data-testid="no-readme-data" />
      ) : (
        <Tabs
          className="dc-tabs-wrap"
          items={[
            { key: 'analysis', label: t('repository.readme.tabAnalysis'), children: <AnalysisTab a={analysis} /> },
            {
              key: 'suggestions',
              label: t('repository.readme.tabSuggestions'),
              children: q.data?.suggestion ? (
                <SuggestionTab a={analysis} content={q.data.content ?? null} suggestion={q.data.suggestion} />
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t('repository.readme.noSuggestions')}
                  data-testid="no-suggestions"
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
