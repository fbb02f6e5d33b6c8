import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CheckoutQuery, ErrorCode, Payment, PaymentIdParam, PRICE_PRO_MONTHLY } from '@docent/contracts';
import { z } from 'zod';
import { requireUser, userOf } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { limitBy, WindowLimiter } from '../http/limits.ts';
import { approvalUrl, completedCapture, minorOf, PayPalClient, type PayPalConfig } from './paypal.ts';
import { toMajor, toPayment, type BillingService } from './service.ts';
import { awaitingConfirmation, productDescription, providerUnreachable, statusOf, type CheckoutService } from './checkout.ts';
import { memoizeAsync } from '../util/memoize-async.ts';

const tags = ['billing'];

const PayPalCheckoutAnswer = z.object({ approval_url: z.string(), payment_id: z.string() });

/** The parts of PayPal's webhook events this server reads. */
const PayPalEvent = z.object({
  id: z.string().min(1),
  event_type: z.string(),
  resource: z
    .object({
      id: z.string().optional(),
      status: z.string().optional(),
      custom_id: z.string().optional(),
      /** Orders v2 money on a capture; a v1 sale has { total, currency } */
      amount: z
        .union([z.object({ currency_code: z.string(), value: z.string() }), z.object({ total: z.string(), currency: z.string() })])
        .optional(),
      plan_id: z.string().optional(),
      /** the subscription a sale (PAYMENT.SALE.COMPLETED) belongs to */
      billing_agreement_id: z.string().optional(),
      billing_info: z
        .object({ last_payment: z.object({ amount: z.object({ currency_code: z.string(), value: z.string() }).optional() }).optional() })
        .passthrough()
        .optional(),
    })
    .passthrough(),
});

type EventAmount = NonNullable<z.infer<typeof PayPalEvent>['resource']['amount']>;
const moneyOf = (a: EventAmount): { amountMinor: number; currency: string } =>
  'value' in a ? { amountMinor: minorOf(a.value), currency: a.currency_code } : { amountMinor: minorOf(a.total), currency: a.currency };

const SUBSCRIPTION_ENDED = new Set(['BILLING.SUBSCRIPTION.CANCELLED', 'BILLING.SUBSCRIPTION.EXPIRED', 'BILLING.SUBSCRIPTION.SUSPENDED']);

const header = (v: string | string[] | undefined): string => (typeof v === 'string' ? v : '');

/**
 * PayPal (docs/spec-conformance.md §7: every currency but INR): GET /paypal/checkout → approval_url; the return
 * captures the order and checks the captured amount; POST /paypal/webhook takes deliveries
 * PayPal's verify-webhook-signature call vouches for. All end in the same fulfilment.
 */
export function paypalRoutes(
  auth: AuthService,
  billing: BillingService,
  cfg: PayPalConfig,
  opts: { checkout: CheckoutService; webhookChecksPerMinute: number },
) {
  const { checkout } = opts;
  const client = new PayPalClient(cfg);
  const webhookLimiter = new WindowLimiter(opts.webhookChecksPerMinute, 60_000);
  const unreachable = providerUnreachable;
  billing.registerCanceller('PAYPAL', (ref) => client.cancelSubscription(ref, 'Cancelled by the subscriber in Docent'));

  // The Pro plan at PayPal: the operator's PAYPAL_PRO_PLAN_ID, else a product and a monthly plan
  // at the configured price, created once per price and remembered (billing_provider_plans).
  const createdPlan = memoizeAsync((amountMinor: number): Promise<string> => {
    const amount = toMajor(amountMinor).toFixed(2);
    return billing.providerPlan('PAYPAL', PRICE_PRO_MONTHLY, 'USD', amountMinor, async () => {
      const product = await client.createProduct(`docent-pro-product-${amount}`);
      return (await client.createPlan({ productId: product.id, amount, currency: 'USD', requestId: `docent-pro-plan-${amount}` })).id;
    });
  });
  const proPlanId = (amountMinor: number): Promise<string> => (cfg.proPlanId ? Promise.resolve(cfg.proPlanId) : createdPlan(amountMinor));
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };

    r.get(
      '/paypal/checkout',
      { ...signedIn, schema: { tags, querystring: CheckoutQuery, response: { 200: PayPalCheckoutAnswer } } },
      async (req) => {
        const order = { user: userOf(req), productId: req.query.product_id, currency: 'USD' as const, repoIds: req.query.repo_ids };
        // Pro renews at PayPal: a subscription to the Pro plan; the payment's ref is the subscription id.
        const pro = order.productId === PRICE_PRO_MONTHLY;
        return checkout.start('PAYPAL', order, pro ? 'subscription creation' : 'order creation', req.log, async (p) => {
          const urls = { returnUrl: checkout.returnUrl(p), cancelUrl: checkout.cancelUrl };
          const started = pro
            ? await client.createSubscription({ planId: await proPlanId(p.amount_minor), paymentId: p.id, ...urls })
            : await client.createOrder({
                paymentId: p.id,
                amount: toMajor(p.amount_minor).toFixed(2),
                currency: p.currency,
                description: productDescription(p.product_id),
                ...urls,
              });
          const url = approvalUrl(started);
          if (!url) throw new Error('no approval link');
          return { ref: started.id, answer: { approval_url: url } };
        });
      },
    );

    // After the payer approved: capture the order; the captured amount decides.
    r.post(
      '/v1/billing/paypal/payments/:id/capture',
      { ...signedIn, schema: { tags, params: PaymentIdParam, response: { 200: Payment } } },
      async (req) => {
        const p = await billing.paymentOf(userOf(req).id, req.params.id);
        if (!p || p.provider !== 'PAYPAL' || !p.provider_ref) throw notFound('Payment not found.');
        if (awaitingConfirmation(p) && p.product_id === PRICE_PRO_MONTHLY) {
          // A subscription: PayPal's record of it decides (active, ours, its first payment at the plan's price).
          const sub = await client.getSubscription(p.provider_ref).catch(() => {
            throw unreachable();
          });
          const paid = sub.billing_info?.last_payment?.amount;
          if (sub.status === 'ACTIVE' && sub.custom_id === p.id && paid) {
            await billing.fulfil(p.id, { amountMinor: minorOf(paid.value), currency: paid.currency_code, subscriptionRef: sub.id });
          }
        } else if (awaitingConfirmation(p)) {
          const order = await client.capture(p.provider_ref).catch(() => {
            throw unreachable();
          });
          const capture = completedCapture(order);
          if (capture && capture.customId === p.id)
            await billing.fulfil(p.id, { amountMinor: minorOf(capture.amount.value), currency: capture.amount.currency_code });
        }
        return toPayment((await billing.paymentOf(userOf(req).id, p.id)) ?? p, null);
      },
    );

    await app.register(async (hook) => {
      hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      hook.post(
        '/paypal/webhook',
        { schema: { tags, hide: true }, preHandler: limitBy((req) => [[webhookLimiter, `paypal:${req.ip}`]]) },
        async (req, reply) => {
          let json: unknown;
          try {
            json = JSON.parse(typeof req.body === 'string' ? req.body : '');
          } catch {
            throw new HttpError(400, ErrorCode.VALIDATION, 'Unreadable webhook payload.');
          }
          const parsed = PayPalEvent.safeParse(json);
          if (!parsed.success) throw new HttpError(400, ErrorCode.VALIDATION, 'Unreadable webhook payload.');
          const h = req.headers;
          const transmission = {
            authAlgo: header(h['paypal-auth-algo']),
            certUrl: header(h['paypal-cert-url']),
            transmissionId: header(h['paypal-transmission-id']),
            transmissionSig: header(h['paypal-transmission-sig']),
            transmissionTime: header(h['paypal-transmission-time']),
          };
          if (Object.values(transmission).some((v) => !v)) throw new HttpError(401, ErrorCode.VALIDATION, 'Invalid webhook signature.');
          const verified = await client.verifyWebhook(transmission, json).catch(() => {
            throw unreachable();
          });
          if (!verified) throw new HttpError(401, ErrorCode.VALIDATION, 'Invalid webhook signature.');
          const event = parsed.data;
          if (!(await billing.recordDelivery('PAYPAL', event.id, event.event_type))) return reply.send({ status: 'duplicate' });
          const res = event.resource;
          if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') {
            const p = res.custom_id ? await billing.paymentById(res.custom_id) : undefined;
            if (!p || p.provider !== 'PAYPAL' || !res.amount) return reply.send({ status: 'ignored' });
            const money = moneyOf(res.amount);
            return reply.send({ status: await statusOf(() => billing.fulfil(p.id, money)) });
          }
          if (event.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED') {
            // The approved subscription's first payment, as PayPal reports it, pays the checkout's payment.
            const p = res.custom_id ? await billing.paymentById(res.custom_id) : undefined;
            const paid = res.billing_info?.last_payment?.amount;
            if (!p || p.provider !== 'PAYPAL' || !res.id || p.provider_ref !== res.id || !paid) return reply.send({ status: 'ignored' });
            const confirmation = { amountMinor: minorOf(paid.value), currency: paid.currency_code, subscriptionRef: res.id };
            return reply.send({ status: await statusOf(() => billing.fulfil(p.id, confirmation)) });
          }
          if (event.event_type === 'PAYMENT.SALE.COMPLETED') {
            // A subscription's charge: the first pays the checkout's payment, every later one renews Pro.
            if (!res.billing_agreement_id || !res.id || !res.amount) return reply.send({ status: 'ignored' });
            const [subscription, sale, money] = [res.billing_agreement_id, res.id, moneyOf(res.amount)];
            return reply.send({ status: await statusOf(() => billing.subscriptionCharge('PAYPAL', subscription, sale, 'USD', money)) });
          }
          if (event.event_type === 'PAYMENT.CAPTURE.DENIED') {
            const p = res.custom_id ? await billing.paymentById(res.custom_id) : undefined;
            if (p && p.provider === 'PAYPAL') await billing.fail(p.id, 'capture denied at PayPal');
            return reply.send({ status: 'failed' });
          }
          if (SUBSCRIPTION_ENDED.has(event.event_type) && res.id) {
            const keep = event.event_type === 'BILLING.SUBSCRIPTION.CANCELLED';
            return reply.send({
              status: (await billing.lapseByRef('PAYPAL', res.id, { keepIfCancelledHere: keep })) ? 'lapsed' : 'ignored',
            });
          }
          return reply.send({ status: 'ignored' });
        },
      );
    });
  };
}
