import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CashfreeLinkAnswer,
  CashfreeSubscriptionAnswer,
  CheckoutQuery,
  ErrorCode,
  Payment,
  PaymentIdParam,
  PRICE_PRO_MONTHLY,
} from '@docent/contracts';
import { z } from 'zod';
import { requireUser, userOf } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { limitBy, WindowLimiter } from '../http/limits.ts';
import { CashfreeClient, CashfreeError, verifyCashfreeSignature, type CashfreeConfig } from './cashfree.ts';
import { toMajor, toPayment, type BillingService } from './service.ts';
import {
  awaitingConfirmation,
  productDescription,
  providerUnreachable,
  statusOf,
  type CheckoutRequest,
  type CheckoutService,
} from './checkout.ts';
import { memoizeAsync } from '../util/memoize-async.ts';

const tags = ['billing'];

const CashfreeCheckoutAnswer = z.object({ session_id: z.string(), payment_id: z.string() });

/** Ids Docent gives Cashfree: a subscription and a payment link are named after the payment. */
const SUBSCRIPTION_PREFIX = 'sub-';
const LINK_PREFIX = 'link-';
const PRO_PERIOD_MS = 30 * 24 * 3600 * 1000;

/** The parts of Cashfree's PG and subscription webhook payloads (2023-08-01) this server reads. */
const CashfreeWebhook = z.object({
  type: z.string(),
  event_time: z.string().optional(),
  data: z
    .object({
      order: z.object({ order_id: z.string(), order_amount: z.number().optional(), order_currency: z.string().optional() }).optional(),
      payment: z
        .object({
          cf_payment_id: z.union([z.string(), z.number()]),
          payment_status: z.string(),
          payment_amount: z.number(),
          payment_currency: z.string(),
        })
        .optional(),
      subscription_details: z.object({ subscription_id: z.string(), subscription_status: z.string() }).optional(),
      // SUBSCRIPTION_PAYMENT_SUCCESS / _FAILED: the payment sits in data itself
      subscription_id: z.string().optional(),
      cf_payment_id: z.union([z.string(), z.number()]).optional(),
      payment_amount: z.number().optional(),
      payment_currency: z.string().optional(),
      payment_status: z.string().optional(),
      payment_type: z.string().optional(),
      // PAYMENT_LINK_EVENT
      link_id: z.string().optional(),
      link_status: z.string().optional(),
      link_amount_paid: z.number().optional(),
      link_currency: z.string().optional(),
    })
    .passthrough(),
});

/** Subscription states after which Pro is no longer paid for. */
const ENDED = new Set(['EXPIRED', 'CUSTOMER_CANCELLED', 'CANCELLED', 'COMPLETED', 'LINK_EXPIRED']);

/**
 * Cashfree (docs/spec-conformance.md §7: INR checkout): GET /cashfree/checkout → session_id; the return check reads
 * the order's status from Cashfree; POST /cashfree/webhook takes signed notifications. Both
 * confirmations end in the same idempotent fulfilment.
 */
export function cashfreeRoutes(
  auth: AuthService,
  billing: BillingService,
  cfg: CashfreeConfig,
  opts: { checkout: CheckoutService; phone: string; webhookChecksPerMinute: number },
) {
  const { checkout } = opts;
  const client = new CashfreeClient(cfg);
  const webhookLimiter = new WindowLimiter(opts.webhookChecksPerMinute, 60_000);
  const unreachable = providerUnreachable;
  billing.registerCanceller('CASHFREE', (ref) => client.cancelSubscription(ref));

  // The Pro plan at Cashfree, one per price, created once and remembered (billing_provider_plans);
  // a plan of that id that exists already at Cashfree (409) is reused.
  const proPlanId = memoizeAsync((amountMinor: number): Promise<string> => {
    const planId = `docent-pro-inr-${amountMinor}`;
    return billing.providerPlan('CASHFREE', PRICE_PRO_MONTHLY, 'INR', amountMinor, () =>
      client
        .createPlan({ planId, amount: amountMinor / 100, currency: 'INR' })
        .then((p) => p.plan_id)
        .catch((err: unknown) => {
          if (err instanceof CashfreeError && err.status === 409) return planId;
          throw err;
        }),
    );
  });

  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };

    // docs/spec-conformance.md §7: Pro renewing at Cashfree. The subscription's authorisation charges the first month.
    r.get(
      '/cashfree/subscription',
      { ...signedIn, schema: { tags, querystring: CheckoutQuery, response: { 200: CashfreeSubscriptionAnswer } } },
      async (req) => {
        if (req.query.product_id !== PRICE_PRO_MONTHLY)
          throw new HttpError(400, ErrorCode.VALIDATION, 'product_id: only the Pro plan is a subscription.');
        const user = userOf(req);
        const order: CheckoutRequest = { user, productId: PRICE_PRO_MONTHLY, currency: 'INR', repoIds: req.query.repo_ids };
        return checkout.start('CASHFREE', order, 'subscription creation', req.log, async (p) => {
          const subscriptionId = `${SUBSCRIPTION_PREFIX}${p.id}`;
          const now = Date.now();
          const sub = await client.createSubscription({
            subscriptionId,
            planId: await proPlanId(p.amount_minor),
            amount: toMajor(p.amount_minor),
            email: user.email,
            phone: opts.phone,
            name: `${user.first_name} ${user.last_name}`.trim() || user.email,
            returnUrl: checkout.returnUrl(p),
            firstChargeAt: new Date(now + PRO_PERIOD_MS),
            expiresAt: new Date(now + 10 * 365 * 24 * 3600 * 1000),
          });
          if (!sub.subscription_session_id) throw new Error('no subscription session');
          const auth = await client.createAuth({ subscriptionId, sessionId: sub.subscription_session_id, paymentId: `auth-${p.id}` });
          const link = auth.data?.url || auth.data?.payload?.default;
          if (!link) throw new Error('no authorisation link');
          return { ref: subscriptionId, answer: { redirect_link: link } };
        });
      },
    );

    // The web app's INR checkout: a payment link, paid on Cashfree's hosted page (no JS SDK).
    r.get(
      '/cashfree/link',
      { ...signedIn, schema: { tags, querystring: CheckoutQuery, response: { 200: CashfreeLinkAnswer } } },
      async (req) => {
        const user = userOf(req);
        const order = { user, productId: req.query.product_id, currency: 'INR' as const, repoIds: req.query.repo_ids };
        return checkout.start('CASHFREE', order, 'payment link creation', req.log, async (p) => {
          const linkId = `${LINK_PREFIX}${p.id}`;
          const link = await client.createLink({
            linkId,
            amount: toMajor(p.amount_minor),
            currency: 'INR',
            purpose: productDescription(p.product_id),
            email: user.email,
            phone: opts.phone,
            returnUrl: checkout.returnUrl(p),
            notifyUrl: checkout.notifyUrl('cashfree'),
            expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
          });
          if (!link.link_url) throw new Error('no link url');
          return { ref: linkId, answer: { link_url: link.link_url } };
        });
      },
    );

    r.get(
      '/cashfree/checkout',
      { ...signedIn, schema: { tags, querystring: CheckoutQuery, response: { 200: CashfreeCheckoutAnswer } } },
      async (req) => {
        const user = userOf(req);
        const request = { user, productId: req.query.product_id, currency: 'INR' as const, repoIds: req.query.repo_ids };
        return checkout.start('CASHFREE', request, 'order creation', req.log, async (p) => {
          const order = await client.createOrder({
            orderId: p.id,
            amount: toMajor(p.amount_minor),
            currency: p.currency,
            customerId: user.id,
            email: user.email,
            phone: opts.phone,
            returnUrl: checkout.returnUrl(p),
            notifyUrl: checkout.notifyUrl('cashfree'),
          });
          if (!order.payment_session_id) throw new Error('no payment session');
          return { ref: order.order_id, answer: { session_id: order.payment_session_id } };
        });
      },
    );

    // On return from Cashfree's checkout: the order's status, read from Cashfree, decides.
    r.post(
      '/v1/billing/cashfree/payments/:id/confirm',
      { ...signedIn, schema: { tags, params: PaymentIdParam, response: { 200: Payment } } },
      async (req) => {
        const p = await billing.paymentOf(userOf(req).id, req.params.id);
        if (!p || p.provider !== 'CASHFREE') throw notFound('Payment not found.');
        if (awaitingConfirmation(p) && p.provider_ref?.startsWith(LINK_PREFIX)) {
          const link = await client.getLink(p.provider_ref).catch(() => {
            throw unreachable();
          });
          if (link.link_status === 'PAID')
            await billing.fulfil(p.id, { amountMinor: Math.round((link.link_amount_paid ?? 0) * 100), currency: link.link_currency });
          else if (link.link_status === 'EXPIRED' || link.link_status === 'CANCELLED')
            await billing.fail(p.id, `payment link ${link.link_status.toLowerCase()}`);
        } else if (awaitingConfirmation(p) && p.provider_ref?.startsWith(SUBSCRIPTION_PREFIX)) {
          // A subscription: active at Cashfree with its authorisation (the first month) done.
          const sub = await client.getSubscription(p.provider_ref).catch(() => {
            throw unreachable();
          });
          const a = sub.authorisation_details;
          if (sub.subscription_status === 'ACTIVE' && a?.authorization_status === 'ACTIVE' && typeof a.authorization_amount === 'number') {
            await billing.fulfil(p.id, {
              amountMinor: Math.round(a.authorization_amount * 100),
              currency: 'INR',
              subscriptionRef: p.provider_ref,
            });
          }
        } else if (awaitingConfirmation(p)) {
          const order = await client.getOrder(p.id).catch(() => {
            throw unreachable();
          });
          if (order.order_status === 'PAID')
            await billing.fulfil(p.id, { amountMinor: Math.round(order.order_amount * 100), currency: order.order_currency });
          else if (order.order_status === 'EXPIRED' || order.order_status === 'TERMINATED')
            await billing.fail(p.id, `order ${order.order_status.toLowerCase()}`);
        }
        return toPayment((await billing.paymentOf(userOf(req).id, p.id)) ?? p, null);
      },
    );

    // Webhooks: the raw body is what Cashfree signed, so this scope reads JSON as a string.
    await app.register(async (hook) => {
      hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      hook.post(
        '/cashfree/webhook',
        { schema: { tags, hide: true }, preHandler: limitBy((req) => [[webhookLimiter, `cashfree:${req.ip}`]]) },
        async (req, reply) => {
          const raw = typeof req.body === 'string' ? req.body : '';
          const ts = req.headers['x-webhook-timestamp'];
          const sig = req.headers['x-webhook-signature'];
          if (
            !verifyCashfreeSignature(cfg.secretKey, typeof ts === 'string' ? ts : undefined, raw, typeof sig === 'string' ? sig : undefined)
          ) {
            throw new HttpError(401, ErrorCode.VALIDATION, 'Invalid webhook signature.');
          }
          let parsed;
          try {
            parsed = CashfreeWebhook.safeParse(JSON.parse(raw));
          } catch {
            parsed = null;
          }
          if (!parsed?.success) throw new HttpError(400, ErrorCode.VALIDATION, 'Unreadable webhook payload.');
          const event = parsed.data;
          const d = event.data;
          if (event.type === 'PAYMENT_SUCCESS_WEBHOOK' || event.type === 'PAYMENT_FAILED_WEBHOOK') {
            if (!d.order || !d.payment) throw new HttpError(400, ErrorCode.VALIDATION, 'Unreadable webhook payload.');
            if (!(await billing.recordDelivery('CASHFREE', `${event.type}:${d.payment.cf_payment_id}`, event.type)))
              return reply.send({ status: 'duplicate' });
            const p = await billing.paymentById(d.order.order_id);
            if (!p || p.provider !== 'CASHFREE') return reply.send({ status: 'ignored' });
            if (event.type === 'PAYMENT_FAILED_WEBHOOK') {
              await billing.fail(p.id, 'payment failed at Cashfree');
              return reply.send({ status: 'failed' });
            }
            const paid = { amountMinor: Math.round(d.payment.payment_amount * 100), currency: d.payment.payment_currency };
            return reply.send({ status: await statusOf(() => billing.fulfil(p.id, paid)) });
          }
          if (event.type === 'SUBSCRIPTION_PAYMENT_SUCCESS') {
            // The authorisation (first month) or a monthly charge of a subscription; the first pays the checkout's payment, later ones renew.
            if (!d.subscription_id || d.cf_payment_id === undefined || typeof d.payment_amount !== 'number')
              throw new HttpError(400, ErrorCode.VALIDATION, 'Unreadable webhook payload.');
            if (!(await billing.recordDelivery('CASHFREE', `${event.type}:${d.cf_payment_id}`, event.type)))
              return reply.send({ status: 'duplicate' });
            if (d.payment_status && d.payment_status !== 'SUCCESS') return reply.send({ status: 'ignored' });
            const amount = { amountMinor: Math.round(d.payment_amount * 100), currency: d.payment_currency ?? 'INR' };
            const [subscription, charge] = [d.subscription_id, `subpay:${d.cf_payment_id}`];
            return reply.send({
              status: await statusOf(() => billing.subscriptionCharge('CASHFREE', subscription, charge, 'INR', amount)),
            });
          }
          if (event.type === 'PAYMENT_LINK_EVENT') {
            if (!d.link_id || !d.link_status) throw new HttpError(400, ErrorCode.VALIDATION, 'Unreadable webhook payload.');
            if (!(await billing.recordDelivery('CASHFREE', `${event.type}:${d.link_id}:${d.link_status}`, event.type)))
              return reply.send({ status: 'duplicate' });
            const p = d.link_id.startsWith(LINK_PREFIX) ? await billing.paymentById(d.link_id.slice(LINK_PREFIX.length)) : undefined;
            if (!p || p.provider !== 'CASHFREE' || p.provider_ref !== d.link_id || d.link_status !== 'PAID')
              return reply.send({ status: 'ignored' });
            const paid = { amountMinor: Math.round((d.link_amount_paid ?? 0) * 100), currency: d.link_currency ?? '' };
            return reply.send({ status: await statusOf(() => billing.fulfil(p.id, paid)) });
          }
          if (event.type === 'SUBSCRIPTION_STATUS_CHANGED' || event.type === 'SUBSCRIPTION_STATUS_CHANGE') {
            const s = d.subscription_details;
            if (!s) throw new HttpError(400, ErrorCode.VALIDATION, 'Unreadable webhook payload.');
            if (
              !(await billing.recordDelivery(
                'CASHFREE',
                `${event.type}:${s.subscription_id}:${s.subscription_status}:${event.event_time ?? ''}`,
                event.type,
              ))
            )
              return reply.send({ status: 'duplicate' });
            if (ENDED.has(s.subscription_status)) {
              const keep = s.subscription_status === 'CANCELLED' || s.subscription_status === 'CUSTOMER_CANCELLED';
              return reply.send({
                status: (await billing.lapseByRef('CASHFREE', s.subscription_id, { keepIfCancelledHere: keep })) ? 'lapsed' : 'ignored',
              });
            }
            return reply.send({ status: 'ignored' });
          }
          return reply.send({ status: 'ignored' });
        },
      );
    });
  };
}
