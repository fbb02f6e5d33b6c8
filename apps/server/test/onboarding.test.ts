import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

/** Issue 13 item 4: the welcome tour and the credits banner are shown once per user (spec §4), kept on the server. */
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
    const first = (await t.database.db.selectFrom('users').select('tutorial_done_at').where('id', '=', a.id).executeTakeFirstOrThrow()).tutorial_done_at;
    expect((await t.call({ method: 'POST', url: '/api/v1/user/tutorial/done', token: a.token })).statusCode).toBe(200);
    const again = (await t.database.db.selectFrom('users').select('tutorial_done_at').where('id', '=', a.id).executeTakeFirstOrThrow()).tutorial_done_at;
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
