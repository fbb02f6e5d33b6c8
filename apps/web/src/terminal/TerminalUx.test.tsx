import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import i18n from '../i18n/index.ts';
import { rowLayout, Terminal, type TerminalStop } from './Terminal.tsx';
import { lineFromWire, prettyJson, type TerminalLine } from './lines.ts';
import { finish, initialLiveState } from './liveJob.ts';

const client = new QueryClient();
const wrap = (ui: ReactElement) => (
  <QueryClientProvider client={client}>
    <AntApp>{ui}</AntApp>
  </QueryClientProvider>
);

const JSON_TEXT = '{"programmingLanguages":{"TypeScript":81.2,"JavaScript":18.8},"files":42}';
const log = (): TerminalLine[] => [
  lineFromWire('INFO::2026-01-01T00:00:00Z::Cloning', 1),
  lineFromWire(`INFO::2026-01-01T00:00:01Z::${JSON_TEXT}`, 2),
  lineFromWire('INFO::2026-01-01T00:00:02Z::Done', 3),
];

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

/** The terminal's JSON lines, follow controls, cancellation line, confirmation and language. */
describe('terminal UX', () => {
  it('pretty-prints only JSON objects and arrays', () => {
    expect(prettyJson(JSON_TEXT)).toBe(JSON.stringify(JSON.parse(JSON_TEXT), null, 2));
    expect(prettyJson('[1,2]')).toBe('[\n  1,\n  2\n]');
    expect(prettyJson('{not json}')).toBeNull();
    expect(prettyJson('"text"')).toBeNull();
    expect(prettyJson('Cloning into {x}')).toBeNull();
  });

  it('lays out rows below an expanded one further down', () => {
    const l = rowLayout(10, new Map([[2, 100]]), 20);
    expect([l.top(2), l.top(3), l.total]).toEqual([40, 160, 300]);
    expect([l.indexAt(0), l.indexAt(45), l.indexAt(159), l.indexAt(160), l.indexAt(279), l.indexAt(299)]).toEqual([0, 2, 2, 3, 8, 9]);
  });

  it('shows a JSON line collapsed on one row and pretty-printed on demand', () => {
    render(wrap(<Terminal lines={log()} live={false} />));
    const row = document.querySelector<HTMLElement>('.dc-term__row[data-line="2"]')!;
    expect(row.classList.contains('dc-term__row--jsonline')).toBe(true);
    expect(row.querySelector('.dc-term__text')!.textContent).toBe(JSON_TEXT);
    const next = () => document.querySelector<HTMLElement>('.dc-term__row[data-line="3"]')!.style.top;
    expect(next()).toBe('40px');
    const toggle = within(row).getByRole('button', { name: 'Show formatted JSON' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const open = document.querySelector<HTMLElement>('.dc-term__row[data-line="2"]')!;
    expect(open.querySelector('.dc-term__text')!.textContent).toBe(JSON.stringify(JSON.parse(JSON_TEXT), null, 2));
    const pretty = JSON.stringify(JSON.parse(JSON_TEXT), null, 2).split('\n').length;
    expect(open.style.height).toBe(`${pretty * 20}px`);
    expect(next()).toBe(`${(1 + pretty) * 20}px`);
    fireEvent.click(within(open).getByRole('button', { name: 'Collapse JSON' }));
    expect(next()).toBe('40px');
    // plain lines have no toggle
    expect(within(document.querySelector<HTMLElement>('.dc-term__row[data-line="1"]')!).queryByRole('button')).toBeNull();
  });

  it("offers 'Resume following' only while the job can still write lines", () => {
    const { rerender } = render(wrap(<Terminal lines={log()} live />));
    fireEvent.click(screen.getByTestId('terminal-follow')); // pause following
    expect(screen.getByTestId('terminal-follow').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Resume following' })).toBeTruthy();
    rerender(wrap(<Terminal lines={log()} live={false} />));
    expect(screen.queryByRole('button', { name: 'Resume following' })).toBeNull();
  });

  it('follow and download have their own icons and names', () => {
    render(wrap(<Terminal lines={log()} />));
    const follow = screen.getByTestId('terminal-follow');
    const download = screen.getByRole('button', { name: 'Download raw log' });
    expect(follow.getAttribute('aria-label')).toBe('Follow the log');
    const glyph = (b: HTMLElement) => b.querySelector('.anticon')!.getAttribute('aria-label');
    expect(glyph(download)).toBe('download');
    // not a second arrow-down-to-a-bar (the old vertical-align-bottom looked like download)
    expect(glyph(follow)).toBe('eye');
  });

  it("a cancelled job's last line keeps 'TERMINATED Complete!' and reads as a cancellation", () => {
    const s = finish({ ...initialLiveState(7), lines: log() }, 'analysis', 'CANCELLED', 'Cancelled by user');
    render(wrap(<Terminal lines={s.lines} live={false} />));
    const row = document.querySelector<HTMLElement>('.dc-term__row[data-line="4"]')!;
    expect(row.classList.contains('dc-term__row--terminated')).toBe(true);
    expect(row.querySelector('.dc-term__badge')!.textContent).toBe('terminated'); // shown upper-case
    expect(row.querySelector('.dc-term__text')!.textContent).toBe('Complete!');
    expect(within(row).getByRole('img', { name: 'Job cancelled' })).toBeTruthy();
    // a completed job's line has no cancellation mark
    const ok = finish({ ...initialLiveState(8), lines: log() }, 'analysis', 'COMPLETE', 'Done');
    render(wrap(<Terminal lines={ok.lines} testId="other" />));
    const done = screen.getByTestId('other').querySelector<HTMLElement>('.dc-term__row[data-line="4"]')!;
    expect(within(done).queryByRole('img', { name: 'Job cancelled' })).toBeNull();
  });

  it('shows the lines the app writes in German when the interface is German', async () => {
    await act(() => i18n.changeLanguage('de'));
    const s = finish({ ...initialLiveState(7), lines: log() }, 'analysis', 'CANCELLED', 'x');
    render(wrap(<Terminal lines={s.lines} live={false} />));
    const row = document.querySelector<HTMLElement>('.dc-term__row[data-line="4"]')!;
    expect(row.querySelector('.dc-term__text')!.textContent).toBe('Abgeschlossen!');
    expect(within(row).getByRole('img', { name: 'Job abgebrochen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rohprotokoll herunterladen' })).toBeTruthy();
  });

  it("closes the 'Terminate Process' confirmation by itself when the job finishes meanwhile", async () => {
    const stop = (active: boolean): TerminalStop => ({ jobId: 3, active, onLine: () => {} });
    const { rerender } = render(wrap(<Terminal lines={log()} stop={stop(true)} />));
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('dialog', { name: 'Terminate Process' })).toBeTruthy();
    rerender(wrap(<Terminal lines={log()} stop={stop(false)} live={false} />));
    // antd animates the closing dialog out; jsdom never ends the animation, so 'closing' is the leave motion
    await waitFor(() => {
      const dialog = screen.queryByRole('dialog', { name: 'Terminate Process' });
      expect(dialog === null || dialog.classList.contains('ant-zoom-leave')).toBe(true);
    });
  });
});
