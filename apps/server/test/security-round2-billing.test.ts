import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_FULL_REPO, PRICE_PRO_MONTHLY } from '@docent/contracts';
import { runAdmin, TEST_MARK } from '../src/admin.ts';
import { TEST_PROVIDER_WARNING } from '../src/billing/routes.ts';
import { BillingService } from '../src/billing/service.ts';
import { billingFrom } from '../src/config.ts';
import { SecretBox } from '../src/crypto/secretbox.ts';
import { loadSecrets } from '../src/secrets.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

/**
 * docs/security.md "Round 2" (payments): the test provider is off unless asked for and says so
 * loudly, its payments earn no referral coupons and are marked in the operator's listings, and
 * concurrent package checkouts for one repository grant one credit.
 */
describe('the test provider is off unless BILLING_TEST_PROVIDER=true', () => {
  it('off with NODE_ENV unset and no provider configured (how the README starts the server)', () => {
    expect(billingFrom({}).testProvider).toBe(false);
    expect(billingFrom({ NODE_ENV: 'development' }).testProvider).toBe(false);
    expect(billingFrom({ BILLING_TEST_PROVIDER: 'false' }).testProvider).toBe(false);
    expect(billingFrom({ BILLING_TEST_PROVIDER: 'true' }).testProvider).toBe(true);
  });

  it('a server started without the flag offers no test checkout and logs no warning; with it, a loud warning', async () => {
    const offLines: string[] = [];
    const onLines: string[] = [];
    const off = await createTestApp({}, { logStream: { write: (l: string) => offLines.push(l) } });
    const on = await createTestApp({ BILLING_TEST_PROVIDER: 'true' }, { logStream: { write: (l: string) => onLines.push(l) } });
    try {
      const u = await signUp(off, 'nofree@example.com');
      expect((await off.call({ method: 'GET', url: '/api/v1/billing/providers' })).json()).toEqual({
        paypal: false,
        cashfree: false,
        test: false,
      });
      expect(
        (await off.call({ method: 'GET', url: `/api/v1/billing/test/checkout?product_id=${PRICE_PRO_MONTHLY}`, token: u.token }))
          .statusCode,
      ).toBe(403);
      expect(offLines.join('\n')).not.toContain('BILLING_TEST_PROVIDER');
      const warning = onLines.map((l) => JSON.parse(l) as { level: number; msg: string }).find((l) => l.msg === TEST_PROVIDER_WARNING);
      expect(warning?.level).toBeGreaterThanOrEqual(40);
    } finally {
      await off.close();
      await on.close();
    }
  }, 120_000);
});

describe('test payments are test payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BILLING_TEST_PROVIDER: 'true' });
  });
  afterAll(() => t.close());

  const checkout = (token: string, query: string) => t.call({ method: 'GET', url: `/api/v1/billing/test/checkout?${query}`, token });
  const complete = (token: string, id: string) => t.call({ method: 'POST', url: `/api/v1/billing/test/payments/${id}/complete`, token });
  const userRow = (id: string) => t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const couponsOf = (id: string) => t.database.db.selectFrom('coupons').selectAll().where('user_id', '=', id).execute();

  it('a referred user paying through the test provider earns the referrer nothing; the first real payment still does', async () => {
    const referrer = await signUp(t, 'ref-owner@example.com');
    const friends = await Promise.all([1, 2, 3].map((i) => signUp(t, `ref-friend${i}@example.com`)));
    for (const f of friends) {
      await t.database.db.insertInto('referrals').values({ referred_user_id: f.id, referrer_id: referrer.id }).execute();
      const { payment_id } = (await checkout(f.token, `product_id=${PRICE_PRO_MONTHLY}`)).json();
      expect((await complete(f.token, payment_id)).statusCode).toBe(200);
    }
    expect(await couponsOf(referrer.id)).toEqual([]);
    // A real payment after a test one is still the first payment that counts.
    const billing = new BillingService(t.database.db, t.config.billing);
    const real = await billing.createPayment(await userRow(friends[0]!.id), 'PAYPAL', PRICE_PRO_MONTHLY, 'USD', undefined);
    await billing.fulfil(real.id, { amountMinor: real.amount_minor, currency: real.currency });
    const earned = await couponsOf(referrer.id);
    expect(earned).toHaveLength(1);
    expect(earned[0]?.source_payment_id).toBe(real.id);
  });

  it("the operator's pending-payout listing marks a coupon a test payment earned", async () => {
    const owner = await signUp(t, 'old-coupon@example.com');
    const payer = await signUp(t, 'old-payer@example.com');
    const billing = new BillingService(t.database.db, t.config.billing);
    const testPaid = await billing.createPayment(await userRow(payer.id), 'TEST', PRICE_PRO_MONTHLY, 'USD', undefined);
    const realPaid = await billing.createPayment(await userRow(payer.id), 'PAYPAL', PRICE_PRO_MONTHLY, 'USD', undefined);
    const box = new SecretBox((await loadSecrets(t.config)).encryptionKey);
    // Coupons minted before test payments stopped earning them, redeemed and waiting for payout.
    for (const [code, source] of [
      ['DOC-TESTSOURCE', testPaid.id],
      ['DOC-REALSOURCE', realPaid.id],
    ] as const) {
      await t.database.db
        .insertInto('coupons')
        .values({
          user_id: owner.id,
          coupon_code: code,
          coupon_type: 'REFERRAL',
          amount_minor: 500,
          currency: 'USD',
          source_payment_id: source,
          is_used: true,
          used_at: new Date(),
          coupon_state: 'PAYMENT_PENDING',
          redeem_type: 'UPI',
          redeem_id_sealed: box.seal('ada@okaxis'),
        })
        .execute();
    }
    const lines: string[] = [];
    expect(await runAdmin(['coupon', 'pending'], { db: t.database.db, box, out: (l) => lines.push(l) })).toBe(0);
    expect(lines.find((l) => l.startsWith('DOC-TESTSOURCE'))).toContain(TEST_MARK);
    expect(lines.find((l) => l.startsWith('DOC-REALSOURCE'))).not.toContain('TEST');
  });

  it('20 concurrent package checkouts for one repository are one payment and, all completed, one credit', async () => {
    const u = await signUp(t, 'racer@example.com');
    const repo = await t.database.db
      .insertInto('repositories')
      .values({
        user_id: u.id,
        vendor: 'GIT',
        organization_name: 'acme',
        repo_name: 'race',
        clone_url: 'https://example.com/acme/race.git',
        default_branch: null,
        is_private: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const started = await Promise.all(
      Array.from({ length: 20 }, () => checkout(u.token, `product_id=${PRICE_FULL_REPO}&repo_ids=${repo.id}`)),
    );
    expect(started.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const ids = [...new Set(started.map((r) => r.json().payment_id as string))];
    expect(ids).toHaveLength(1);
    await Promise.all(started.map((r) => complete(u.token, r.json().payment_id as string)));
    expect((await userRow(u.id)).count_repo_gen).toBe(1);
    const payments = await t.database.db.selectFrom('payments').select('id').where('repository_id', '=', repo.id).execute();
    expect(payments).toHaveLength(1);
  });

  it('checkouts for one repository in two currencies, both completed, still grant one credit (the second is marked for a refund)', async () => {
    const u = await signUp(t, 'twocurrencies@example.com');
    const repo = await t.database.db
      .insertInto('repositories')
      .values({
        user_id: u.id,
        vendor: 'GIT',
        organization_name: 'acme',
        repo_name: 'two',
        clone_url: 'https://example.com/acme/two.git',
        default_branch: null,
        is_private: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const usd = (await checkout(u.token, `product_id=${PRICE_FULL_REPO}&repo_ids=${repo.id}&currency=USD`)).json().payment_id as string;
    const inr = (await checkout(u.token, `product_id=${PRICE_FULL_REPO}&repo_ids=${repo.id}&currency=INR`)).json().payment_id as string;
    expect(usd).not.toBe(inr);
    await Promise.all([complete(u.token, usd), complete(u.token, inr)]);
    expect((await userRow(u.id)).count_repo_gen).toBe(1);
    const reasons = await t.database.db.selectFrom('payments').select('failure_reason').where('repository_id', '=', repo.id).execute();
    expect(reasons.filter((r) => r.failure_reason?.includes('refund'))).toHaveLength(1);
  });
});
