import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponSummary, PRICE_PRO_MONTHLY, type Coupon } from '@docent/contracts';
import { runAdmin } from '../src/admin.ts';
import { BillingService } from '../src/billing/service.ts';
import { SecretBox } from '../src/crypto/secretbox.ts';
import { loadSecrets } from '../src/secrets.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

describe('referrals and coupons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REFERRAL_COUPON_AMOUNT: '7.5', REFERRAL_COUPON_CURRENCY: 'INR' });
  });
  afterAll(() => t.close());

  const coupons = async (token: string): Promise<Coupon[]> => {
    const res = await t.call({ method: 'GET', url: '/api/v1/coupon/get/all', token });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const redeem = (token: string, redeem_type: string, redeem_id: string) =>
    t.call({ method: 'POST', url: '/api/v1/coupon/redeem', token, payload: { redeem_type, redeem_id } });

  it('a referral, the first payment, a coupon, the checklist, the redeem and the payout', async () => {
    const a = await signUp(t, 'referrer@example.com');
    const b = await signUp(t, 'referred@example.com');
    const stranger = await signUp(t, 'stranger@example.com');

    expect(
      (await t.call({ method: 'POST', url: '/api/v1/user/referral', token: b.token, payload: { referrer_id: b.id } })).statusCode,
    ).toBe(400);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/user/referral', token: b.token, payload: { referrer_id: a.id } })).statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/user/referral', token: b.token, payload: { referrer_id: stranger.id } })).statusCode,
    ).toBe(409);

    const referred = await t.call({ method: 'GET', url: `/api/v1/user/referred?user_id=${a.id}`, token: a.token });
    expect(referred.json()).toMatchObject({
      referralLink: `http://docent.test/auth/sign-up?ref=${a.id}`,
      users: [{ id: b.id, firstName: 'Test', paid: false }],
    });
    expect((await t.call({ method: 'GET', url: `/api/v1/user/referred?user_id=${a.id}`, token: stranger.token })).statusCode).toBe(404);

    expect(await coupons(a.token)).toEqual([]);
    // The referred user pays at a real provider (what its verified confirmation does): test payments earn no coupon.
    const billing = new BillingService(t.database.db, t.config.billing);
    const payment = await billing.createPayment(
      await t.database.db.selectFrom('users').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow(),
      'PAYPAL',
      PRICE_PRO_MONTHLY,
      'USD',
      undefined,
    );
    await billing.fulfil(payment.id, { amountMinor: payment.amount_minor, currency: payment.currency });
    const earned = await coupons(a.token);
    expect(earned).toHaveLength(1);
    expect(earned[0]).toMatchObject({
      coupon_type: 'REFERRAL',
      amount: 7.5,
      currency: 'INR',
      is_used: false,
      used_at: null,
      coupon_state: 'PAYMENT_ACTIVE',
    });
    expect(await coupons(b.token)).toEqual([]);
    expect(await coupons(stranger.token)).toEqual([]);
    expect((await t.call({ method: 'GET', url: `/api/v1/user/referred?user_id=${a.id}`, token: a.token })).json().users[0].paid).toBe(true);

    // Bad ids are refused with the spec's texts.
    const badUpi = await redeem(a.token, 'UPI', 'ada.okaxis');
    expect(badUpi.statusCode).toBe(400);
    expect(badUpi.json().detail).toContain('Not a valid UPI ID');
    expect((await redeem(a.token, 'AMAZON', 'ada@okaxis')).json().detail).toContain('Not a valid Email Id');

    // No code host and no repository: the checklist reports the app missing; nothing changes.
    expect((await redeem(a.token, 'UPI', 'ada@okaxis')).json()).toEqual({ status: ['GITHUB_APP_NOT_INSTALLED'] });
    expect((await coupons(a.token))[0]?.is_used).toBe(false);

    // Another user's repository does not count; a plain git repository of one's own does, with no vendor connection.
    const addRepository = (userId: string) =>
      t.database.db
        .insertInto('repositories')
        .values({
          user_id: userId,
          vendor: 'GIT',
          organization_name: 'plain',
          repo_name: 'shop',
          clone_url: 'sealed',
          default_branch: 'main',
          installation_id: null,
          site_url: null,
        })
        .execute();
    await addRepository(stranger.id);
    expect((await redeem(a.token, 'UPI', 'ada@okaxis')).json()).toEqual({ status: ['GITHUB_APP_NOT_INSTALLED'] });
    await addRepository(a.id);
    expect(await t.database.db.selectFrom('vendor_connections').select('id').where('user_id', '=', a.id).execute()).toEqual([]);
    expect((await redeem(a.token, 'UPI', 'ada@okaxis')).json()).toEqual({ status: ['SUCCESS'] });
    const used = await coupons(a.token);
    expect(used[0]).toMatchObject({ is_used: true, coupon_state: 'PAYMENT_PENDING' });
    expect(used[0]?.used_at).toEqual(expect.any(String));
    const stored = await t.database.db
      .selectFrom('coupons')
      .select('redeem_id_sealed')
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(stored.redeem_id_sealed).not.toContain('okaxis');
    expect((await redeem(a.token, 'UPI', 'ada@okaxis')).statusCode).toBe(409);

    // The operator's CLI: issue one more, list the pending payout, mark it paid.
    const box = new SecretBox((await loadSecrets(t.config)).encryptionKey);
    const lines: string[] = [];
    const out = (l: string) => lines.push(l);
    expect(
      await runAdmin(['coupon', 'issue', '--email', 'referrer@example.com', '--amount', '5', '--currency', 'INR'], {
        db: t.database.db,
        box,
        out,
      }),
    ).toBe(0);
    expect(await runAdmin(['coupon', 'issue', '--email', 'nobody@example.com', '--amount', '5'], { db: t.database.db, box, out })).toBe(1);
    expect(await runAdmin(['coupon', 'pending'], { db: t.database.db, box, out })).toBe(0);
    const code = used[0]!.coupon_code;
    expect(lines.find((l) => l.startsWith(code))).toBe(`${code}\treferrer@example.com\t7.50 INR\tUPI\tada@okaxis`);
    expect(await runAdmin(['coupon', 'paid', '--code', code], { db: t.database.db, box, out })).toBe(0);
    expect(await runAdmin(['coupon', 'paid', '--code', code], { db: t.database.db, box, out })).toBe(1);

    const all = await coupons(a.token);
    expect(all).toHaveLength(2);
    expect(couponSummary(all)).toEqual({ toRedeem: 5, pending: 7.5, earned: 7.5, currency: all[0]!.currency });
  });
});
