import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Input, Modal, Progress } from 'antd';
import { useApp } from '../theme/feedback.tsx';
import {
  ClockCircleOutlined,
  CopyOutlined,
  DownloadOutlined,
  DownOutlined,
  EyeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MinusSquareOutlined,
  PlusSquareOutlined,
  StopOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MessageType } from '@docent/contracts';
import { displayText, formatClock, prettyJson, searchLines, toPlainText, toRawLog, type TerminalLine } from './lines.ts';
import { useTerminate } from './useTerminate.ts';
import './terminal.css';

/** docs/spec-conformance.md §2 terminal sizes. */
export const TERMINAL_HEIGHT = { inline: 300, modal: 500, docs: 500, sync: 400 } as const;
export const TERMINAL_DIALOG_WIDTH = 800;
/** Every line has one height, which makes 100,000 lines cheap to scroll: only visible rows exist. */
export const ROW_HEIGHT = 20;
const OVERSCAN = 20;

/** The rows of a virtual list to render for a scroll position. */
export function visibleRange(scrollTop: number, viewport: number, count: number, row = ROW_HEIGHT, overscan = OVERSCAN): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / row) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / row) + overscan);
  return [first, last];
}

/**
 * Where the rows are when some JSON lines are expanded: row i starts at i·ROW_HEIGHT plus the
 * extra height of the expanded rows before it. `extra` maps a row to its height beyond one row.
 */
export function rowLayout(count: number, extra: ReadonlyMap<number, number>, row = ROW_HEIGHT) {
  const grown = [...extra.entries()].filter(([i, h]) => i < count && h > 0).sort((a, b) => a[0] - b[0]);
  const top = (i: number) => {
    let acc = 0;
    for (const [k, h] of grown) if (k < i) acc += h;
    return i * row + acc;
  };
  /** the row at pixel y */
  const indexAt = (y: number) => {
    let acc = 0;
    for (const [k, h] of grown) {
      const start = k * row + acc;
      if (y < start) break;
      if (y < start + row + h) return k;
      acc += h;
    }
    return Math.max(0, Math.min(count - 1, Math.floor((y - acc) / row)));
  };
  const total = count * row + grown.reduce((n, [, h]) => n + h, 0);
  return { top, indexAt, total, height: (i: number) => row + (extra.get(i) ?? 0) };
}

export interface TerminalStop {
  jobId: number;
  /** the job can still be stopped */
  active: boolean;
  /** writes the termination texts into the terminal */
  onLine: (text: string, kind: MessageType) => void;
}

export interface TerminalProps {
  lines: readonly TerminalLine[];
  title?: ReactNode;
  /** extra status next to the title (a state tag) */
  status?: ReactNode;
  /** 0–100; shown as a bar while defined */
  progress?: number;
  height?: number;
  stop?: TerminalStop;
  /** file name of "download raw log" */
  downloadName?: string;
  /** what the body shows with no lines */
  emptyText?: ReactNode;
  testId?: string;
  /** the terminal's own Escape handling when not fullscreen (a modal closes) */
  onEscape?: () => void;
  /** more lines may still come (a running job); a finished log offers no 'Resume following' */
  live?: boolean;
}

const BADGE_TYPES: readonly MessageType[] = ['failed', 'terminated', 'complete', 'timeout', 'error', 'warning', 'success'];

/** Final lines that are not a plain result get an icon and a name: a cancellation reads as one. */
const KIND_ICON: Partial<Record<MessageType, ReactNode>> = {
  terminated: <StopOutlined />,
  timeout: <ClockCircleOutlined />,
};

function Highlight({ text, query }: { text: string; query: string }) {
  const q = query.trim().toLowerCase();
  if (!q) return <>{text}</>;
  const out: ReactNode[] = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (let i = lower.indexOf(q); i !== -1; i = lower.indexOf(q, at)) {
    if (i > at) out.push(text.slice(at, i));
    out.push(<mark key={i}>{text.slice(i, i + q.length)}</mark>);
    at = i + q.length;
  }
  out.push(text.slice(at));
  return <>{out}</>;
}

/**
 * The one terminal log viewer (docs/spec-conformance.md §2): coloured line kinds, timestamps, line numbers, search
 * with a match count, follow mode that pauses when the user scrolls up, copy, download, stop,
 * and fullscreen (Escape leaves it). Virtualised: only the visible rows are in the DOM.
 */
export function Terminal({
  lines,
  title,
  status,
  progress,
  height = TERMINAL_HEIGHT.inline,
  stop,
  downloadName = 'job.log',
  emptyText,
  testId = 'terminal',
  onEscape,
  live = true,
}: TerminalProps) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [fullscreen, setFullscreen] = useState(false);
  const [follow, setFollow] = useState(true);
  const [query, setQuery] = useState('');
  const [matchIndex, setMatchIndex] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(height);
  const body = useRef<HTMLDivElement | null>(null);
  const programmatic = useRef(false);
  const terminate = useTerminate();
  const [confirming, setConfirming] = useState(false);
  const [stopping, setStopping] = useState(false);

  // JSON lines the user expanded (row index → its pretty text); collapsed they take one row.
  const [expanded, setExpanded] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    if (lines.length === 0) setExpanded(new Map());
  }, [lines.length]);
  const show = useCallback((l: TerminalLine) => displayText(l, t as unknown as (key: string, o: Record<string, string>) => string), [t]);
  const layout = useMemo(
    () => rowLayout(lines.length, new Map([...expanded].map(([i, pretty]) => [i, (pretty.split('\n').length - 1) * ROW_HEIGHT]))),
    [lines.length, expanded],
  );
  const toggleJson = (i: number, pretty: string) =>
    setExpanded((prev) => {
      const next = new Map(prev);
      if (next.has(i)) next.delete(i);
      else next.set(i, pretty);
      return next;
    });

  const matches = useMemo(() => searchLines(lines, query, show), [lines, query, show]);
  const current = matches.length ? Math.min(matchIndex, matches.length - 1) : -1;

  const scrollToRow = useCallback(
    (row: number) => {
      const el = body.current;
      if (!el) return;
      programmatic.current = true;
      el.scrollTop = Math.max(0, layout.top(row) - el.clientHeight / 2);
      setScrollTop(el.scrollTop);
    },
    [layout],
  );

  // The 'Terminate Process' confirmation closes itself when the job ends while it is open.
  useEffect(() => {
    if (confirming && !stopping && stop && !stop.active) setConfirming(false);
  }, [confirming, stopping, stop]);

  // Follow: stay at the bottom as lines arrive.
  useLayoutEffect(() => {
    const el = body.current;
    if (!el || !follow) return;
    programmatic.current = true;
    el.scrollTop = el.scrollHeight;
    setScrollTop(el.scrollTop);
  }, [lines.length, follow, fullscreen]);

  useLayoutEffect(() => {
    const el = body.current;
    if (!el) return;
    if (el.clientHeight) setViewport(el.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => el.clientHeight && setViewport(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, [fullscreen]);

  // Escape leaves fullscreen first (and must not also close a surrounding modal).
  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      e.stopImmediatePropagation();
      e.preventDefault();
      setFullscreen(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [fullscreen]);

  const onScroll = () => {
    const el = body.current;
    if (!el) return;
    setScrollTop(el.scrollTop);
    if (programmatic.current) {
      programmatic.current = false;
      return;
    }
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < ROW_HEIGHT * 2;
    setFollow(atBottom);
  };

  const goToMatch = (i: number) => {
    if (!matches.length) return;
    const next = (i + matches.length) % matches.length;
    setMatchIndex(next);
    setFollow(false);
    scrollToRow(matches[next]!);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(toPlainText(lines, show));
      void message.success(t('terminal.copied'));
    } catch {
      void message.error(t('terminal.copyFailed'));
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([toRawLog(lines)], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = downloadName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const first = lines.length ? Math.max(0, layout.indexAt(scrollTop) - OVERSCAN) : 0;
  const last = lines.length ? Math.min(lines.length, layout.indexAt(scrollTop + viewport) + 1 + OVERSCAN) : 0;
  const matchSet = useMemo(() => new Set(matches), [matches]);
  const currentRow = current >= 0 ? matches[current] : -1;
  const gutter = `${String(Math.max(lines.length, 1)).length + 1}ch`;

  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const l = lines[i]!;
    const text = show(l);
    const pretty = prettyJson(text);
    const open = pretty !== null && expanded.has(i);
    const icon = KIND_ICON[l.type];
    rows.push(
      <div
        key={i}
        className={`dc-term__row dc-term__row--${l.type}${pretty !== null ? ' dc-term__row--jsonline' : ''}${open ? ' is-open' : ''}${matchSet.has(i) ? ' is-match' : ''}${i === currentRow ? ' is-current' : ''}`}
        style={{ top: layout.top(i), ...(open ? { height: layout.height(i) } : {}) }}
        data-line={i + 1}
      >
        <span className="dc-term__no" style={{ width: gutter }}>
          {i + 1}
        </span>
        {l.timestamp && <span className="dc-term__time">{formatClock(l.timestamp)}</span>}
        {icon && (
          <span
            className="dc-term__kind"
            role="img"
            aria-label={t(`terminal.lineKinds.${l.type}`)}
            title={t(`terminal.lineKinds.${l.type}`)}
          >
            {icon}
          </span>
        )}
        {BADGE_TYPES.includes(l.type) && <span className="dc-term__badge">{t(`terminal.kinds.${l.type}`)}</span>}
        {pretty !== null && (
          <button
            type="button"
            className="dc-term__json-toggle"
            aria-expanded={open}
            aria-label={open ? t('terminal.json.collapse') : t('terminal.json.expand')}
            title={open ? t('terminal.json.collapse') : t('terminal.json.expand')}
            onClick={() => toggleJson(i, pretty)}
          >
            {open ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
          </button>
        )}
        <span className="dc-term__text">
          <Highlight text={open ? pretty : text} query={query} />
        </span>
      </div>,
    );
  }

  const panel = (
    <div
      className={`dc-term${fullscreen ? ' dc-term--fullscreen' : ''}`}
      data-testid={testId}
      role="region"
      aria-label={typeof title === 'string' ? title : t('terminal.title')}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !fullscreen && onEscape) onEscape();
      }}
    >
      <div className="dc-term__bar">
        <div className="dc-term__title">
          <span className="dc-term__dots" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          <span className="dc-term__name">{title ?? t('terminal.title')}</span>
          {status}
        </div>
        <div className="dc-term__tools">
          <Input
            size="small"
            allowClear
            className="dc-term__search"
            placeholder={t('terminal.search')}
            aria-label={t('terminal.search')}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setMatchIndex(0);
            }}
            onPressEnter={(e) => goToMatch(e.shiftKey ? current - 1 : current + 1)}
            suffix={
              query.trim() ? (
                <span className="dc-term__count" data-testid={`${testId}-matches`}>
                  {matches.length
                    ? t('terminal.matchOf', { current: current + 1, total: matches.length.toLocaleString() })
                    : t('terminal.noMatches')}
                </span>
              ) : null
            }
          />
          <Button
            title={t('terminal.prevMatch')}
            size="small"
            type="text"
            icon={<UpOutlined />}
            aria-label={t('terminal.prevMatch')}
            disabled={!matches.length}
            onClick={() => goToMatch(current - 1)}
          />
          <Button
            title={t('terminal.nextMatch')}
            size="small"
            type="text"
            icon={<DownOutlined />}
            aria-label={t('terminal.nextMatch')}
            disabled={!matches.length}
            onClick={() => goToMatch(current + 1)}
          />
          <Button
            title={follow ? t('terminal.following') : t('terminal.follow')}
            size="small"
            type={follow ? 'primary' : 'text'}
            ghost={follow}
            icon={<EyeOutlined />}
            aria-label={t('terminal.follow')}
            aria-pressed={follow}
            data-testid={`${testId}-follow`}
            onClick={() => setFollow((f) => !f)}
          />
          <Button
            title={t('terminal.copy')}
            size="small"
            type="text"
            icon={<CopyOutlined />}
            aria-label={t('terminal.copy')}
            onClick={() => void copy()}
          />
          <Button
            title={t('terminal.download')}
            size="small"
            type="text"
            icon={<DownloadOutlined />}
            aria-label={t('terminal.download')}
            onClick={download}
          />
          <Button
            title={fullscreen ? t('terminal.exitFullscreen') : t('terminal.fullscreen')}
            size="small"
            type="text"
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            aria-label={fullscreen ? t('terminal.exitFullscreen') : t('terminal.fullscreen')}
            onClick={() => setFullscreen((f) => !f)}
          />
          {stop && (
            <Button
              title={t('terminal.stop')}
              size="small"
              danger
              type="text"
              icon={<StopOutlined />}
              aria-label={t('terminal.stop')}
              disabled={!stop.active}
              onClick={() => setConfirming(true)}
            />
          )}
        </div>
      </div>
      {progress !== undefined && (
        <Progress
          className="dc-term__progress"
          percent={progress}
          size="small"
          showInfo={false}
          status={progress >= 100 ? 'success' : 'active'}
          aria-label={t('terminal.progress')}
        />
      )}
      <div
        ref={body}
        className="dc-term__body"
        style={fullscreen ? undefined : { height }}
        onScroll={onScroll}
        tabIndex={0}
        data-testid={`${testId}-body`}
        aria-live="off"
      >
        {lines.length === 0 ? (
          <div className="dc-term__empty">{emptyText ?? t('terminal.empty')}</div>
        ) : (
          <div className="dc-term__spacer" style={{ height: layout.total }}>
            {rows}
          </div>
        )}
      </div>
      <div className="dc-term__foot">
        <span data-testid={`${testId}-count`}>
          {t('terminal.lineCount', { count: lines.length, formatted: lines.length.toLocaleString() })}
        </span>
        {progress !== undefined && <span data-testid={`${testId}-percent`}>{`${Math.round(progress)}%`}</span>}
        {!follow && live && (
          <Button size="small" type="link" onClick={() => setFollow(true)} data-testid={`${testId}-resume`}>
            {t('terminal.resume')}
          </Button>
        )}
      </div>
      {stop && (
        <Modal
          open={confirming}
          title={t('terminal.terminate.title')}
          okText={t('terminal.terminate.ok')}
          cancelText={t('terminal.terminate.cancel')}
          okButtonProps={{ danger: true }}
          confirmLoading={stopping}
          onCancel={() => setConfirming(false)}
          onOk={async () => {
            setStopping(true);
            try {
              await terminate(stop.jobId, stop.onLine);
            } finally {
              setStopping(false);
              setConfirming(false);
            }
          }}
          width={420}
          zIndex={1300}
          data-testid="terminate-confirm"
        >
          {t('terminal.terminate.confirm')}
        </Modal>
      )}
    </div>
  );

  return fullscreen ? createPortal(panel, document.body) : panel;
}

export interface TerminalModalProps extends Omit<TerminalProps, 'height' | 'onEscape'> {
  open: boolean;
  onClose: () => void;
  modalTitle?: ReactNode;
  height?: number;
  footer?: ReactNode;
}

/** The terminal in a dialog: 800 px wide, 500 px tall (400 for sync dialogs); Escape closes. */
export function TerminalModal({ open, onClose, modalTitle, height = TERMINAL_HEIGHT.modal, footer = null, ...props }: TerminalModalProps) {
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={modalTitle}
      width={TERMINAL_DIALOG_WIDTH}
      footer={footer}
      destroyOnHidden
      centered
      className="dc-term-modal"
    >
      <Terminal {...props} height={height} />
    </Modal>
  );
}
