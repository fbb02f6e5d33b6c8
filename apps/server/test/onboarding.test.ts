import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

/** The welcome tour and the credits banner are shown once per user (docs/spec-conformance.md §4), kept on the server. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const me = async (token: string) => User.parse((await t.call({ method: 'GET', url: '/api/v1/user', token })).json());

describe('onboarding flags', () => {
  it('a new user has neither flag; finishing or skipping the tour sets tutorialDone for that user only', async () => {
    const a = await signUp(t, 'tour-a@example.com');
    const b = await signUp(t, 'tour-b@example.com');
    expect(await me(a.token)).toMatchObject({ tutorialDone: false, creditsBannerDismissed: false });

    const res = await t.call({ method: 'POST', url: '/api/v1/user/tutorial/done', token: a.token });
    expect(res.statusCode).toBe(200);
    expect(User.parse(res.json())).toMatchObject({ id: a.id, tutorialDone: true, creditsBannerDismissed: false });
    expect((await me(a.token)).tutorialDone).toBe(true);
    expect((await me(b.token)).tutorialDone).toBe(false);

    // idempotent: the first time is kept
    const first = (await t.database.db.selectFrom('users').select('tutorial_done_at').where('id', '=', a.id).executeTakeFirstOrThrow())
      .tutorial_done_at;
    expect((await t.call({ method: 'POST', url: '/api/v1/user/tutorial/done', token: a.token })).statusCode).toBe(200);
    const again = (await t.database.db.selectFrom('users').select('tutorial_done_at').where('id', '=', a.id).executeTakeFirstOrThrow())
      .tutorial_done_at;
    expect(new Date(again!).getTime()).toBe(new Date(first!).getTime());
  });

  it('dismissing the credits banner sets creditsBannerDismissed and nothing else', async () => {
    const a = await signUp(t, 'banner@example.com');
    const res = await t.call({ method: 'POST', url: '/api/v1/user/credits-banner/dismiss', token: a.token });
    expect(res.statusCode).toBe(200);
    expect(User.parse(res.json())).toMatchObject({ creditsBannerDismissed: true, tutorialDone: false });
    expect((await me(a.token)).creditsBannerDismissed).toBe(true);
  });

  it('both need a session', async () => {
    expect((await t.call({ method: 'POST', url: '/api/v1/user/tutorial/done' })).statusCode).toBe(511);
    expect((await t.call({ method: 'POST', url: '/api/v1/user/credits-banner/dismiss' })).statusCode).toBe(511);
  });
});

describe('local-tool token (docent login)', () => {
  it('is a separate session: ending it leaves the browser session alone, and the reverse', async () => {
    const browser = await signUp(t, 'cli-owner@example.com');
    const res = await t.call({ method: 'POST', url: '/api/v1/auth/local-tool-token', token: browser.token });
    expect(res.statusCode).toBe(200);
    const tool = (res.json() as { token: string; user: User }).token;
    expect(tool).not.toBe(browser.token);
    expect((await me(tool)).id).toBe(browser.id);
    expect((await t.call({ method: 'POST', url: '/api/v1/auth/logout', token: tool })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: tool })).statusCode).toBe(511);
    expect((await me(browser.token)).id).toBe(browser.id);

    const second = (await t.call({ method: 'POST', url: '/api/v1/auth/local-tool-token', token: browser.token })).json().token as string;
    await t.call({ method: 'POST', url: '/api/v1/auth/logout', token: browser.token });
    expect((await me(second)).id).toBe(browser.id);
  });

  it('needs a session', async () => {
    expect((await t.call({ method: 'POST', url: '/api/v1/auth/local-tool-token' })).statusCode).toBe(511);
  });
});
