import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * Security round 2: names from the URL that are keys of Object.prototype (`constructor`,
 * `__proto__`, `toString` …) indexed a plain object of the hosted docs' assets and answered
 * 500. Every such name is now simply unknown: 404.
 */
const PROTO_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('own-key lookups', () => {
  it.each(PROTO_KEYS)('/docs/_docent/%s is an unknown asset: 404 with a page that says so', async (key) => {
    const res = await t.call({ method: 'GET', url: `/docs/_docent/${key}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('There are no docs at this address.');
  });
});
