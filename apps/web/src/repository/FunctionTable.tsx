import { useMemo, useState } from 'react';
import { Input, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FunctionAnalysisEntry } from '@docent/contracts';
import { useViewport } from '../shell/useViewport.ts';

const COMPLEXITY_RANK = { low: 0, medium: 1, high: 2 } as const;
const COMPLEXITY_COLOR = { low: 'green', medium: 'gold', high: 'red' } as const;

/** Functions whose name or file contains the query (case-insensitive). */
export function searchFunctions(fns: readonly FunctionAnalysisEntry[], query: string): FunctionAnalysisEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...fns];
  return fns.filter((f) => f.name.toLowerCase().includes(q) || f.fileName.toLowerCase().includes(q));
}

/** A column giving each entry's reason (why outdated, what changed), under its own title. */
export interface ReasonColumn {
  title: string;
  text: (f: FunctionAnalysisEntry) => string;
  /** a marker shown before the text (e.g. that a model judged it), or null */
  tag?: (f: FunctionAnalysisEntry) => string | null;
}

/**
 * A sortable, searchable list of functions; `reason` adds a column saying why each is listed.
 * The columns fit the modal (long names and paths wrap); on a phone each function is one stacked
 * cell (name, file, reason, then complexity, scope and language), so the table is no wider than
 * the screen.
 */
export function FunctionTable({
  functions,
  reason,
  testId,
}: {
  functions: readonly FunctionAnalysisEntry[];
  reason?: ReasonColumn;
  testId: string;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const rows = useMemo(() => searchFunctions(functions, query), [functions, query]);
  const stacked = useViewport() === 'mobile';
  // A doc that only restates the name is listed, but marked: it does not count as documented.
  const trivialTag = (f: FunctionAnalysisEntry) =>
    f.trivialDoc ? (
      <Tag className="dc-fn__trivial" title={t('repository.functions.trivialTitle')} data-testid="trivial-doc">
        {t('repository.functions.trivialTag')}
      </Tag>
    ) : null;
  const complexityTag = (f: FunctionAnalysisEntry) => (
    <Tag
      color={COMPLEXITY_COLOR[f.complexityCategory]}
    >{`${t(`repository.functions.levels.${f.complexityCategory}`)} · ${f.complexity}`}</Tag>
  );
  const stackedColumns: TableColumnsType<FunctionAnalysisEntry> = [
    {
      title: t('repository.functions.name'),
      key: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_: unknown, f) => (
        <div className="dc-fn dc-fn--stacked">
          <code>{f.name}</code>
          <span>{`${f.fileName}:${f.startLine}`}</span>
          {trivialTag(f)}
          {reason && <span className="dc-fn__why">{reason.text(f)}</span>}
          <div className="dc-fn__tags">
            {complexityTag(f)}
            <span>{t(`repository.functions.scopes.${f.scope}`)}</span>
            <span>{f.languageType}</span>
          </div>
        </div>
      ),
    },
  ];
  const columns: TableColumnsType<FunctionAnalysisEntry> = [
    {
      title: t('repository.functions.name'),
      key: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_: unknown, f) => (
        <div className="dc-fn">
          <code>{f.name}</code>
          <span>{`${f.fileName}:${f.startLine}`}</span>
          {trivialTag(f)}
        </div>
      ),
    },
    ...(reason
      ? [
          {
            title: reason.title,
            key: 'why',
            render: (_: unknown, f: FunctionAnalysisEntry) => {
              const tag = reason.tag?.(f) ?? null;
              return (
                <span className="dc-fn__why">
                  {tag && (
                    <Tag color="purple" data-testid="llm-judged">
                      {tag}
                    </Tag>
                  )}
                  {reason.text(f)}
                </span>
              );
            },
          },
        ]
      : []),
    {
      title: t('repository.functions.complexity'),
      key: 'complexity',
      sorter: (a, b) => COMPLEXITY_RANK[a.complexityCategory] - COMPLEXITY_RANK[b.complexityCategory] || a.complexity - b.complexity,
      render: (_: unknown, f) => complexityTag(f),
    },
    {
      title: t('repository.functions.scope'),
      key: 'scope',
      sorter: (a, b) => a.scope.localeCompare(b.scope),
      render: (_: unknown, f) => t(`repository.functions.scopes.${f.scope}`),
    },
    {
      title: t('repository.functions.language'),
      dataIndex: 'languageType',
      key: 'lang',
      sorter: (a, b) => a.languageType.localeCompare(b.languageType),
    },
  ];
  return (
    <div className="dc-fn-table" data-testid={testId}>
      <Input
        allowClear
        size="middle"
        prefix={<SearchOutlined />}
        placeholder={t('repository.functions.search')}
        aria-label={t('repository.functions.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="dc-fn-table__search"
      />
      <Table<FunctionAnalysisEntry>
        rowKey={(f) => `${f.gitLocation}:${f.name}`}
        size="small"
        columns={stacked ? stackedColumns : columns}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        className="dc-fn-table__table"
        showSorterTooltip={false}
        locale={{ emptyText: t('repository.functions.none') }}
      />
    </div>
  );
}
