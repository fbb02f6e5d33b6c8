import { describe, expect, it } from 'vitest';
import { initialLiveState, liveReducer, MAX_POLL_FAILURES, POLL_FAILED_TEXT, resultLine, shouldPoll, type LiveState } from './liveJob.ts';

const analysis = liveReducer('analysis');
const job = liveReducer('job');
const started = (): LiveState => analysis(initialLiveState(), { type: 'start', jobId: 7 });

describe('live job terminal', () => {
  it('appends wire lines once each, in order, by line number', () => {
    let s = started();
    s = analysis(s, {
      type: 'lines',
      lines: [
        { seq: 1, raw: 'SYSTEM::2026-01-01T00:00:00Z::Queued' },
        { seq: 2, raw: 'COMMAND::2026-01-01T00:00:01Z::git clone x' },
      ],
    });
    // A reconnect may resend line 2: it is not shown twice.
    s = analysis(s, {
      type: 'lines',
      lines: [
        { seq: 2, raw: 'COMMAND::2026-01-01T00:00:01Z::git clone x' },
        { seq: 3, raw: 'ERROR::2026-01-01T00:00:02Z::boom' },
      ],
    });
    expect(s.lines.map((l) => [l.no, l.type, l.text])).toEqual([
      [1, 'system', 'Queued'],
      [2, 'command', 'git clone x'],
      [3, 'error', 'boom'],
    ]);
    expect(s.lastSeq).toBe(3);
  });

  it('prints the specified result text for each final state', () => {
    expect(resultLine('CANCELLED')).toMatchObject({ text: 'Complete!', type: 'terminated' });
    expect(resultLine('COMPLETE')).toMatchObject({ text: 'Complete!', type: 'complete' });
    expect(resultLine('TIMEOUT')).toMatchObject({ text: 'Timeout', type: 'timeout' });
    expect(resultLine('TERMINATED')).toMatchObject({ text: 'Cancelled', type: 'terminated' });
    expect(resultLine('FAILED')).toMatchObject({ text: 'Failed', type: 'failed' });
    expect(resultLine('RUNNING')).toBeNull();
    const s = analysis(started(), { type: 'status', state: 'COMPLETE', percentage: 96, message: 'Analysis complete' });
    expect(s.lines.at(-1)).toMatchObject({ text: 'Complete!', type: 'complete' });
    expect(s.percentage).toBe(100);
    expect(s.finished).toBe(true);
    expect(shouldPoll(s)).toBe(false);
  });

  it('the job flavour logs "Job {state}: {message}" once, success for COMPLETE and error otherwise', () => {
    let s = job(initialLiveState(), { type: 'start', jobId: 3 });
    s = job(s, { type: 'final', state: 'FAILED', message: 'clone failed' });
    expect(s.lines.map((l) => [l.type, l.text])).toEqual([['error', 'Job FAILED: clone failed']]);
    let t = job(initialLiveState(), { type: 'start', jobId: 4 });
    t = job(t, { type: 'lines', lines: [{ seq: 1, raw: 'SUCCESS::2026-01-01T00:00:00Z::Job COMPLETE: Analysis complete' }] });
    t = job(t, { type: 'final', state: 'COMPLETE', message: 'Analysis complete' });
    expect(t.lines).toHaveLength(1);
    const u = job(job(initialLiveState(), { type: 'start', jobId: 5 }), { type: 'final', state: 'COMPLETE', message: 'done' });
    expect(u.lines.at(-1)).toMatchObject({ type: 'success', text: 'Job COMPLETE: done' });
  });

  it('a poll answer appends its messages after `since` and updates the percentage', () => {
    let s = started();
    s = analysis(s, { type: 'pollOk', state: 'RUNNING', percentage: 40, messages: ['INFO::t::a', 'INFO::t::b'], lastLine: 2 });
    s = analysis(s, { type: 'pollOk', state: 'RUNNING', percentage: 55, messages: ['INFO::t::c'], lastLine: 3 });
    expect(s.lines.map((l) => l.text)).toEqual(['a', 'b', 'c']);
    expect(s.percentage).toBe(55);
    expect(shouldPoll(s)).toBe(true);
  });

  it('each message carries the fields lroJobId and percentageCompleted (the job and its percentage at arrival)', () => {
    let s = started();
    s = analysis(s, { type: 'status', state: 'RUNNING', percentage: 20 });
    s = analysis(s, { type: 'lines', lines: [{ seq: 1, raw: 'INFO::2026-01-01T00:00:00Z::Cloning' }] });
    s = analysis(s, { type: 'pollOk', state: 'RUNNING', percentage: 60, messages: ['INFO::t::Parsing'], lastLine: 2 });
    s = analysis(s, { type: 'local', text: 'Attempting to terminate job...', kind: 'warning' });
    s = analysis(s, { type: 'status', state: 'COMPLETE', percentage: 96, message: 'Analysis complete' });
    expect(s.lines.map((l) => [l.text, l.lroJobId, l.percentageCompleted])).toEqual([
      ['Cloning', 7, 20],
      ['Parsing', 7, 60],
      ['Attempting to terminate job...', 7, 60],
      ['Complete!', 7, 100],
    ]);
  });

  it('stops after 5 consecutive failed polls with the spec text; a success in between resets the count', () => {
    let s = started();
    for (let i = 0; i < MAX_POLL_FAILURES - 1; i++) s = analysis(s, { type: 'pollFailed', error: 'Network down' });
    expect(s.finished).toBe(false);
    expect(s.lines.at(-1)).toMatchObject({ type: 'error', text: 'Error checking status: Network down' });
    s = analysis(s, { type: 'pollOk', state: 'RUNNING', percentage: 30, messages: [], lastLine: 0 });
    expect(s.failures).toBe(0);
    for (let i = 0; i < MAX_POLL_FAILURES; i++) s = analysis(s, { type: 'pollFailed', error: 'Network down' });
    expect(s.finished).toBe(true);
    expect(s.lines.at(-1)).toMatchObject({ type: 'failed', text: POLL_FAILED_TEXT });
    expect(shouldPoll(s)).toBe(false);
    // Nothing is added once finished.
    expect(analysis(s, { type: 'pollFailed', error: 'x' })).toBe(s);
  });
});

describe("docs flavour: the documentation jobs' own result texts", () => {
  it('ends a complete job with "Documentation generation complete!" and a failed one with Failed', () => {
    const reduce = liveReducer('docs');
    const done = reduce(initialLiveState(7), { type: 'pollOk', state: 'COMPLETE', percentage: 100, messages: [], lastLine: 0 });
    expect(done.lines.at(-1)).toMatchObject({ text: 'Documentation generation complete!', type: 'complete' });
    expect(done.percentage).toBe(100);
    const failed = reduce(initialLiveState(7), { type: 'pollOk', state: 'FAILED', percentage: 40, messages: [], lastLine: 0 });
    expect(failed.lines.at(-1)).toMatchObject({ text: 'Failed', type: 'failed' });
  });
});
