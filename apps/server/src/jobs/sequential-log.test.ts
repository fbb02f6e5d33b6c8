import { describe, expect, it } from 'vitest';
import { sequentialLog, type LogLine } from './sequential-log.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sequentialLog', () => {
  it('writes lines one write after another in the order they were said, even when nobody awaits them', async () => {
    const written: string[] = [];
    let inFlight = 0;
    // each write takes longer than the next one: unserialised, later lines would land first
    let delay = 30;
    const log = sequentialLog(
      async (lines) => {
        inFlight++;
        expect(inFlight).toBe(1);
        await sleep((delay = Math.max(1, delay - 5)));
        written.push(...lines.map((l) => l.text));
        inFlight--;
      },
      { windowMs: 0 },
    );
    void log.log('DEBUG', 'git: receiving objects');
    void log.log('DEBUG', 'git: resolving deltas');
    await log.log('INFO', 'Checked out abc');
    void log.log('INFO', 'Analysing');
    await log.settled();
    expect(written).toEqual(['git: receiving objects', 'git: resolving deltas', 'Checked out abc', 'Analysing']);
  });

  it('batches the lines of a window into one write, keeps every line in order, and settled() writes the rest at once', async () => {
    const writes: Array<{ lines: LogLine[]; progress: number | null }> = [];
    const log = sequentialLog(
      async (lines, progress) => {
        writes.push({ lines, progress });
        await sleep(2);
      },
      { windowMs: 20_000 },
    );
    // bounds far below the window and far above the work, so a loaded machine cannot fail them
    const t0 = performance.now();
    for (let i = 0; i < 300; i++) {
      await log.log('INFO', `line ${i}`); // awaiting a line does not wait for the database
      if (i % 50 === 0) log.progress(i / 3);
    }
    expect(performance.now() - t0).toBeLessThan(10_000);
    await log.settled();
    expect(performance.now() - t0).toBeLessThan(10_000); // settled() did not wait for the window
    expect(writes.flatMap((w) => w.lines.map((l) => l.text))).toEqual(Array.from({ length: 300 }, (_, i) => `line ${i}`));
    // the first line goes at once; the rest of the burst in one more write, with the latest progress
    expect(writes.length).toBeLessThanOrEqual(3);
    expect(writes.at(-1)!.progress).toBe(250 / 3);
  });

  it('writes at most once per window while lines keep coming', async () => {
    let writes = 0;
    const log = sequentialLog(
      async () => {
        writes++;
      },
      { windowMs: 50 },
    );
    const t0 = performance.now();
    while (performance.now() - t0 < 300) {
      void log.log('DEBUG', 'git: receiving objects');
      await sleep(2);
    }
    await log.settled();
    expect(writes).toBeGreaterThanOrEqual(3);
    expect(writes).toBeLessThanOrEqual(9); // ~300 / 50 + the first and the last; a write per line would be ~100
  });

  it('when many lines wait, a line resolves with its write; a failed write rejects its lines only, the next are written', async () => {
    const done: string[] = [];
    const log = sequentialLog(
      async (lines) => {
        if (lines.some((l) => l.text === 'bad')) throw new Error('insert failed');
        done.push(...lines.map((l) => l.text));
      },
      { windowMs: 0, maxQueued: 0, maxBatch: 1 },
    );
    const bad = log.log('INFO', 'bad');
    const good = log.log('INFO', 'good');
    await expect(bad).rejects.toThrow('insert failed');
    await good;
    await log.settled();
    expect(done).toEqual(['good']);
  });
});
