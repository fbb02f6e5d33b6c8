import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BillingProviders,
  CheckoutQuery,
  ConversionRates,
  ErrorCode,
  LocationAnswer,
  Payment,
  PaymentIdParam,
  PricePlans,
  PRICE_PRO_MONTHLY,
  Subscription,
  TestCheckoutAnswer,
  TransactionsAnswer,
} from '@docent/contracts';
import { z } from 'zod';
import { requireUser, userOf } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { locate } from './location.ts';
import { toMajor, toPayment, toSubscription, type BillingService } from './service.ts';

const tags = ['billing'];

/** Logged at start-up when the test provider is on (docs/billing.md "Built-in test provider"). */
export const TEST_PROVIDER_WARNING =
  '!!! BILLING_TEST_PROVIDER=true: the built-in TEST payment provider is ON. Any signed-in user can buy Pro and packages without paying. Never enable it on a server others can reach. !!!';

const TEST_DISABLED = 'The test payment provider is not enabled on this server.';

/** docs/spec-conformance.md §7 "Analytics and payments", the test provider, transactions and receipts. */
export function billingRoutes(auth: AuthService, billing: BillingService) {
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };
    if (billing.config.testProvider) app.log.warn({ BILLING_TEST_PROVIDER: true }, TEST_PROVIDER_WARNING);

    r.get('/v1/analytics/pricePlan', { schema: { tags, response: { 200: PricePlans } } }, async () => billing.pricePlans());
    // The real client address, as every limit of this server sees it (TRUST_PROXY decides whether X-Forwarded-For counts).
    r.get('/v1/analytics/getLocation', { schema: { tags, response: { 200: LocationAnswer } } }, async (req) => locate(req.ip));
    r.get('/v1/analytics/conversionRates', { schema: { tags, response: { 200: ConversionRates } } }, async () => billing.conversionRates());
    r.get('/v1/billing/providers', { schema: { tags, response: { 200: BillingProviders } } }, async () => ({
      paypal: billing.config.paypal !== null,
      cashfree: billing.config.cashfree !== null,
      test: billing.config.testProvider,
    }));

    r.get('/transactions', { ...signedIn, schema: { tags, response: { 200: TransactionsAnswer } } }, async (req) => {
      await billing.lapseDue();
      return billing.transactions(userOf(req).id);
    });

    r.post('/v1/billing/subscription/cancel', { ...signedIn, schema: { tags, response: { 200: Subscription } } }, async (req) =>
      toSubscription(await billing.cancelSubscription(userOf(req).id)),
    );

    r.get('/v1/billing/payments/:id/receipt', { ...signedIn, schema: { tags, params: PaymentIdParam } }, async (req, reply) => {
      const p = await billing.paymentOf(userOf(req).id, req.params.id);
      if (!p || !p.fulfilled_at) throw notFound('Receipt not found.');
      const user = userOf(req);
      const lines = [
        'Docent — payment receipt',
        '',
        `Receipt:   ${p.id}`,
        `Date:      ${new Date(p.completed_at ?? p.fulfilled_at).toISOString()}`,
        `Billed to: ${user.first_name} ${user.last_name} <${user.email}>`,
        `Product:   ${p.product_id === PRICE_PRO_MONTHLY ? 'Pro plan (monthly)' : 'Full-repository documentation package'}`,
        `Provider:  ${p.provider}${p.provider === 'TEST' ? ' (test payment, no money moved)' : ''}`,
        `Amount:    ${toMajor(p.amount_minor).toFixed(2)} ${p.currency}`,
        `Tax:       0.00 ${p.currency} (0 %)`,
        `Total:     ${toMajor(p.amount_minor).toFixed(2)} ${p.currency}`,
        '',
      ];
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="docent-receipt-${p.id}.txt"`)
        .send(lines.join('\n'));
    });

    // The built-in test provider: an in-app checkout page completes or fails the payment
    // through the same fulfilment as the real providers' verified confirmations.
    const testOnly = async () => {
      if (!billing.config.testProvider) throw new HttpError(403, ErrorCode.VALIDATION, TEST_DISABLED);
    };
    r.get(
      '/v1/billing/test/checkout',
      { preHandler: [testOnly, requireUser(auth)], schema: { tags, querystring: CheckoutQuery, response: { 200: TestCheckoutAnswer } } },
      async (req) => {
        const p = await billing.createPayment(userOf(req), 'TEST', req.query.product_id, req.query.currency ?? 'USD', req.query.repo_ids);
        return { payment_id: p.id, checkout_url: `/billing/test-checkout/${p.id}` };
      },
    );
    r.get(
      '/v1/billing/test/payments/:id',
      { preHandler: [testOnly, requireUser(auth)], schema: { tags, params: PaymentIdParam, response: { 200: Payment } } },
      async (req) => {
        const p = await billing.paymentOf(userOf(req).id, req.params.id);
        if (!p || p.provider !== 'TEST') throw notFound('Payment not found.');
        return toPayment(p, null);
      },
    );
    const Outcome = z.object({ outcome: z.enum(['complete', 'fail']) }).strict();
    r.post(
      '/v1/billing/test/payments/:id/:outcome',
      {
        preHandler: [testOnly, requireUser(auth)],
        schema: { tags, params: PaymentIdParam.extend(Outcome.shape), response: { 200: Payment } },
      },
      async (req) => {
        const p = await billing.paymentOf(userOf(req).id, req.params.id);
        if (!p || p.provider !== 'TEST') throw notFound('Payment not found.');
        if (req.params.outcome === 'complete') await billing.fulfil(p.id, { amountMinor: p.amount_minor, currency: p.currency });
        else if (!p.fulfilled_at) await billing.fail(p.id, 'test payment declined');
        const after = await billing.paymentOf(userOf(req).id, p.id);
        return toPayment(after ?? p, null);
      },
    );
  };
}
