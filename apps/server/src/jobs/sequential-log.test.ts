import { describe, expect, it } from 'vitest';
import { sequentialLog } from './sequential-log.ts';

describe('sequentialLog', () => {
  it('writes lines one after another in the order they were said, even when nobody awaits them', async () => {
    const started: string[] = [];
    const done: string[] = [];
    let inFlight = 0;
    // each write takes longer than the next one: unserialised, later lines would land first
    let delay = 30;
    const log = sequentialLog(async (_kind, text) => {
      inFlight++;
      expect(inFlight).toBe(1);
      started.push(text);
      await new Promise((r) => setTimeout(r, (delay = Math.max(1, delay - 5))));
      done.push(text);
      inFlight--;
    });
    void log.log('DEBUG', 'git: receiving objects');
    void log.log('DEBUG', 'git: resolving deltas');
    await log.log('INFO', 'Checked out abc');
    void log.log('INFO', 'Analysing');
    await log.settled();
    expect(started).toEqual(['git: receiving objects', 'git: resolving deltas', 'Checked out abc', 'Analysing']);
    expect(done).toEqual(started);
  });

  it('a failed write rejects its own line only; the next lines are still written', async () => {
    const done: string[] = [];
    const log = sequentialLog(async (_kind, text) => {
      if (text === 'bad') throw new Error('insert failed');
      done.push(text);
    });
    const bad = log.log('INFO', 'bad');
    const good = log.log('INFO', 'good');
    await expect(bad).rejects.toThrow('insert failed');
    await good;
    await log.settled();
    expect(done).toEqual(['good']);
  });
});
