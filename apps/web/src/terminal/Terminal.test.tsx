import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Terminal, TerminalModal, visibleRange } from './Terminal.tsx';
import { lineFromWire } from './lines.ts';

describe('virtualised terminal', () => {
  it('computes the rows to render from the scroll position', () => {
    expect(visibleRange(0, 300, 100_000, 20, 20)).toEqual([0, 35]);
    expect(visibleRange(20 * 50_000, 300, 100_000, 20, 20)).toEqual([49_980, 50_035]);
    expect(visibleRange(20 * 99_990, 300, 100_000, 20, 20)).toEqual([99_970, 100_000]);
  });

  it('keeps only visible rows of 100,000 lines in the DOM, and counts search matches over all of them', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) =>
      lineFromWire(`${i % 1000 === 0 ? 'ERROR' : 'INFO'}::2026-01-01T00:00:00Z::line ${i + 1}${i % 1000 === 0 ? ' needle' : ''}`, i + 1),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AntApp>
          <Terminal lines={lines} height={300} />
        </AntApp>
      </QueryClientProvider>,
    );
    const rows = document.querySelectorAll('.dc-term__row');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(100);
    expect(screen.getByTestId('terminal-count').textContent).toBe('100,000 lines');
    fireEvent.change(screen.getByLabelText('Search the log'), { target: { value: 'NEEDLE' } });
    expect(screen.getByTestId('terminal-matches').textContent).toBe('1 of 100');
  });
});

/** docs/spec-conformance.md §2: the terminal is 300 px tall by default (inline) and 500 px as a dialog. */
describe('terminal heights', () => {
  const wrap = (el: React.ReactElement) => (
    <QueryClientProvider client={new QueryClient()}>
      <AntApp>{el}</AntApp>
    </QueryClientProvider>
  );
  it('an inline terminal without a height is 300 px tall', () => {
    render(wrap(<Terminal lines={[]} />));
    expect(screen.getByTestId('terminal-body').style.height).toBe('300px');
  });
  it('a terminal dialog is 500 px tall', () => {
    render(wrap(<TerminalModal open onClose={() => {}} lines={[]} testId="modal-terminal" />));
    expect(screen.getByTestId('modal-terminal-body').style.height).toBe('500px');
  });
});
