import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_FULL_REPO, PRICE_PRO_MONTHLY, type Payment, type TransactionsAnswer } from '@docent/contracts';
import { BillingService } from '../src/billing/service.ts';
import { billingFrom } from '../src/config.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

async function addRepo(t: TestApp, userId: string, name: string): Promise<string> {
  const row = await t.database.db
    .insertInto('repositories')
    .values({
      user_id: userId,
      vendor: 'GIT',
      organization_name: 'acme',
      repo_name: name,
      clone_url: `https://example.com/acme/${name}.git`,
      default_branch: null,
      is_private: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function me(t: TestApp, token: string): Promise<{ planType: string | null; countRepoGen: number }> {
  return (await t.call({ method: 'GET', url: '/api/v1/user', token })).json();
}

describe('price plans, location and conversion rates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PRICE_PRO_MONTHLY_USD: '19.99',
      PRICE_FULL_REPO_USD: '49',
      PRICE_FULL_REPO_INR: '3999',
      TRUST_PROXY: '127.0.0.1',
    });
  });
  afterAll(() => t.close());

  it('answers the operator prices for both products in USD and INR, tax 0', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/analytics/pricePlan' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body[PRICE_PRO_MONTHLY]).toEqual({ id: PRICE_PRO_MONTHLY, interval: 'month', amount: { USD: 19.99, INR: 1659 } });
    expect(body[PRICE_FULL_REPO]).toEqual({ id: PRICE_FULL_REPO, interval: 'once', amount: { USD: 49, INR: 3999 } });
    expect(body.taxPercent).toBe(0);
  });

  it('places an Indian address in INR, a US one and a private one in USD', async () => {
    const at = async (remoteAddress: string, xff?: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/analytics/getLocation',
          remoteAddress,
          ...(xff ? { headers: { 'x-forwarded-for': xff } } : {}),
        })
      ).json();
    expect(await at('49.207.0.1')).toEqual({ currency_code: 'INR', country: 'IN' });
    expect(await at('8.8.8.8')).toEqual({ currency_code: 'USD', country: 'US' });
    expect(await at('10.1.2.3')).toEqual({ currency_code: 'USD', country: null });
    expect(await at('::ffff:49.207.0.1')).toEqual({ currency_code: 'INR', country: 'IN' });
    // The trusted proxy (127.0.0.1) vouches for the client's address; an untrusted peer cannot.
    expect(await at('127.0.0.1', '49.207.0.1')).toEqual({ currency_code: 'INR', country: 'IN' });
    expect(await at('8.8.8.8', '49.207.0.1')).toEqual({ currency_code: 'USD', country: 'US' });
  });

  it('falls back to 83 when no rate is set, and answers the operator rate when one is', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/analytics/conversionRates' })).json()).toEqual({
      base: 'USD',
      rates: { USD: 1, INR: 83 },
      source: 'fallback',
    });
    const other = await createTestApp({ USD_INR_RATE: '84.5' });
    try {
      expect((await other.call({ method: 'GET', url: '/api/v1/analytics/conversionRates' })).json()).toEqual({
        base: 'USD',
        rates: { USD: 1, INR: 84.5 },
        source: 'operator',
      });
      // INR prices follow the rate when the operator sets none: 20 USD × 84.5 = 1690 rupees.
      expect((await other.call({ method: 'GET', url: '/api/v1/analytics/pricePlan' })).json()[PRICE_PRO_MONTHLY].amount).toEqual({
        USD: 20,
        INR: 1690,
      });
    } finally {
      await other.close();
    }
  });

  it('refuses malformed operator settings at start', () => {
    expect(() => billingFrom({ USD_INR_RATE: 'abc' })).toThrow(/USD_INR_RATE/);
    expect(() => billingFrom({ PRICE_PRO_MONTHLY_USD: '-1' })).toThrow(/PRICE_PRO_MONTHLY_USD/);
    expect(() => billingFrom({ PAYPAL_CLIENT_ID: 'x' })).toThrow(/PAYPAL/);
  });
});

describe('the test provider and fulfilment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BILLING_TEST_PROVIDER: 'true' });
  });
  afterAll(() => t.close());

  const checkout = async (token: string, query: string) => t.call({ method: 'GET', url: `/api/v1/billing/test/checkout?${query}`, token });
  const settle = async (token: string, id: string, outcome: 'complete' | 'fail') =>
    t.call({ method: 'POST', url: `/api/v1/billing/test/payments/${id}/${outcome}`, token });

  it('Pro: completing the test payment makes the user PRO once; a replay extends nothing', async () => {
    const u = await signUp(t, 'pro@example.com');
    const res = await checkout(u.token, `product_id=${PRICE_PRO_MONTHLY}&currency=USD`);
    expect(res.statusCode).toBe(200);
    const { payment_id, checkout_url } = res.json();
    expect(checkout_url).toBe(`/billing/test-checkout/${payment_id}`);
    expect((await me(t, u.token)).planType).toBe(null);
    const done = await settle(u.token, payment_id, 'complete');
    expect(done.statusCode).toBe(200);
    expect((done.json() as Payment).status).toBe('PAYMENT_ACTIVE');
    expect((await me(t, u.token)).planType).toBe('PRO');
    const tx1 = (await t.call({ method: 'GET', url: '/api/transactions', token: u.token })).json() as TransactionsAnswer;
    expect(tx1.payments).toHaveLength(1);
    expect(tx1.payments[0]).toMatchObject({
      productId: PRICE_PRO_MONTHLY,
      amount: 20,
      currency: 'USD',
      provider: 'TEST',
      status: 'PAYMENT_ACTIVE',
    });
    expect(tx1.subscription?.status).toBe('ACTIVE');
    expect(await settle(u.token, payment_id, 'complete')).toHaveProperty('statusCode', 200);
    const tx2 = (await t.call({ method: 'GET', url: '/api/transactions', token: u.token })).json() as TransactionsAnswer;
    expect(tx2.subscription?.currentPeriodEnd).toBe(tx1.subscription?.currentPeriodEnd);
    // A failure reported after fulfilment changes nothing.
    await settle(u.token, payment_id, 'fail');
    expect(
      ((await t.call({ method: 'GET', url: '/api/transactions', token: u.token })).json() as TransactionsAnswer).payments[0]?.status,
    ).toBe('PAYMENT_ACTIVE');
  });

  it('cancel keeps Pro until the period ends; then it lapses to FREE', async () => {
    const u = await signUp(t, 'lapse@example.com');
    const { payment_id } = (await checkout(u.token, `product_id=${PRICE_PRO_MONTHLY}`)).json();
    await settle(u.token, payment_id, 'complete');
    const cancel = await t.call({ method: 'POST', url: '/api/v1/billing/subscription/cancel', token: u.token });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().status).toBe('CANCELLED');
    expect((await me(t, u.token)).planType).toBe('PRO');
    expect((await t.call({ method: 'POST', url: '/api/v1/billing/subscription/cancel', token: u.token })).statusCode).toBe(404);
    await t.database.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 1000) })
      .where('user_id', '=', u.id)
      .execute();
    const tx = (await t.call({ method: 'GET', url: '/api/transactions', token: u.token })).json() as TransactionsAnswer;
    expect(tx.subscription).toBe(null);
    expect(tx.payments[0]?.status).toBe('PAYMENT_COMPLETE');
    expect((await me(t, u.token)).planType).toBe('FREE');
  });

  it('full-repository package: the repository becomes PREMIUM and countRepoGen + 1; the code-docs gate opens', async () => {
    const u = await signUp(t, 'repo@example.com');
    const repoId = await addRepo(t, u.id, 'docs');
    expect((await checkout(u.token, `product_id=${PRICE_FULL_REPO}`)).statusCode).toBe(400);
    const { payment_id } = (await checkout(u.token, `product_id=${PRICE_FULL_REPO}&repo_ids=${repoId}&currency=INR`)).json();
    await settle(u.token, payment_id, 'complete');
    await settle(u.token, payment_id, 'complete');
    const repo = await t.database.db.selectFrom('repositories').select('plan_type').where('id', '=', repoId).executeTakeFirstOrThrow();
    expect(repo.plan_type).toBe('PREMIUM');
    expect((await me(t, u.token)).countRepoGen).toBe(1);
    const tx = (await t.call({ method: 'GET', url: '/api/transactions', token: u.token })).json() as TransactionsAnswer;
    expect(tx.payments[0]).toMatchObject({
      status: 'PAYMENT_COMPLETE',
      currency: 'INR',
      amount: 4067,
      repository: { id: repoId, organizationName: 'acme', repoName: 'docs' },
    });
    // Buying it again for a PREMIUM repository is refused.
    expect((await checkout(u.token, `product_id=${PRICE_FULL_REPO}&repo_ids=${repoId}`)).statusCode).toBe(409);
    // The receipt downloads.
    const receipt = await t.call({ method: 'GET', url: `/api/v1/billing/payments/${payment_id}/receipt`, token: u.token });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-disposition']).toContain('attachment');
    expect(receipt.body).toContain('4067.00 INR');
  });

  it('a declined test payment fails and changes nothing', async () => {
    const u = await signUp(t, 'declined@example.com');
    const { payment_id } = (await checkout(u.token, `product_id=${PRICE_PRO_MONTHLY}`)).json();
    const res = await settle(u.token, payment_id, 'fail');
    expect(res.json().status).toBe('PAYMENT_FAILED');
    expect((await me(t, u.token)).planType).toBe(null);
    expect((await settle(u.token, payment_id, 'complete')).statusCode).toBe(409);
    expect((await t.call({ method: 'GET', url: `/api/v1/billing/payments/${payment_id}/receipt`, token: u.token })).statusCode).toBe(404);
  });

  it('a confirmation for another amount or currency fails the payment', async () => {
    const u = await signUp(t, 'amount@example.com');
    const { payment_id } = (await checkout(u.token, `product_id=${PRICE_PRO_MONTHLY}`)).json();
    const service = new BillingService(t.database.db, t.config.billing);
    await expect(service.fulfil(payment_id, { amountMinor: 100, currency: 'USD' })).rejects.toThrow(/does not match/);
    await expect(service.fulfil(payment_id, { amountMinor: 2000, currency: 'INR' })).rejects.toThrow();
    expect((await me(t, u.token)).planType).toBe(null);
    const tx = (await t.call({ method: 'GET', url: '/api/transactions', token: u.token })).json() as TransactionsAnswer;
    expect(tx.payments[0]?.status).toBe('PAYMENT_FAILED');
    // A failed payment is not completed later by a right amount.
    await expect(service.fulfil(payment_id, { amountMinor: 2000, currency: 'USD' })).rejects.toThrow(/failed/);
  });

  it("another user's payment and repository are not found", async () => {
    const a = await signUp(t, 'owner@example.com');
    const b = await signUp(t, 'other@example.com');
    const repoId = await addRepo(t, a.id, 'mine');
    expect((await checkout(b.token, `product_id=${PRICE_FULL_REPO}&repo_ids=${repoId}`)).statusCode).toBe(404);
    const { payment_id } = (await checkout(a.token, `product_id=${PRICE_PRO_MONTHLY}`)).json();
    expect((await settle(b.token, payment_id, 'complete')).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/v1/billing/test/payments/${payment_id}`, token: b.token })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/v1/billing/payments/${payment_id}/receipt`, token: b.token })).statusCode).toBe(404);
    expect(((await t.call({ method: 'GET', url: '/api/transactions', token: b.token })).json() as TransactionsAnswer).payments).toEqual([]);
    expect((await me(t, a.token)).planType).toBe(null);
  });

  it("a referred user's first payment gives the referrer one coupon", async () => {
    const referrer = await signUp(t, 'referrer@example.com');
    const friend = await signUp(t, 'friend@example.com');
    await t.database.db.insertInto('referrals').values({ referred_user_id: friend.id, referrer_id: referrer.id }).execute();
    // Paid at a real provider (as its verified confirmation would fulfil it): test payments earn none.
    const service = new BillingService(t.database.db, t.config.billing);
    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', friend.id).executeTakeFirstOrThrow();
    for (let i = 0; i < 2; i++) {
      const p = await service.createPayment(row, 'PAYPAL', PRICE_PRO_MONTHLY, 'USD', undefined);
      await service.fulfil(p.id, { amountMinor: p.amount_minor, currency: p.currency });
    }
    const coupons = await t.database.db.selectFrom('coupons').selectAll().where('user_id', '=', referrer.id).execute();
    expect(coupons).toHaveLength(1);
    expect(coupons[0]).toMatchObject({
      coupon_type: 'REFERRAL',
      amount_minor: 500,
      currency: 'USD',
      is_used: false,
      coupon_state: 'PAYMENT_ACTIVE',
    });
  });
});

describe('the test provider in production', () => {
  it('is refused unless the operator enables it', async () => {
    const off = await createTestApp({ NODE_ENV: 'production' });
    const on = await createTestApp({ NODE_ENV: 'production', BILLING_TEST_PROVIDER: 'true' });
    try {
      for (const [t, status, enabled] of [
        [off, 403, false],
        [on, 200, true],
      ] as const) {
        const u = await signUp(t, 'prod@example.com');
        expect((await t.call({ method: 'GET', url: '/api/v1/billing/providers' })).json()).toEqual({
          paypal: false,
          cashfree: false,
          test: enabled,
        });
        expect(
          (await t.call({ method: 'GET', url: `/api/v1/billing/test/checkout?product_id=${PRICE_PRO_MONTHLY}`, token: u.token }))
            .statusCode,
        ).toBe(status);
      }
    } finally {
      await off.close();
      await on.close();
    }
  }, 120_000);
});
