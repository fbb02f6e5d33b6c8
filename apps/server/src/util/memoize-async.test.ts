import { describe, expect, it } from 'vitest';
import { memoizeAsync } from './memoize-async.ts';

describe('memoizeAsync', () => {
  it('makes one promise per key, shared by concurrent callers', async () => {
    let calls = 0;
    const get = memoizeAsync(async (n: number) => {
      calls += 1;
      return n * 2;
    });
    expect(await Promise.all([get(2), get(2), get(3)])).toEqual([4, 4, 6]);
    expect(await get(2)).toBe(4);
    expect(calls).toBe(2);
  });

  it('forgets a rejected promise: the next call tries again', async () => {
    let calls = 0;
    const get = memoizeAsync(async (n: number) => {
      calls += 1;
      if (calls === 1) throw new Error('provider down');
      return n;
    });
    await expect(get(1)).rejects.toThrow('provider down');
    expect(await get(1)).toBe(1);
    expect(calls).toBe(2);
  });
});
