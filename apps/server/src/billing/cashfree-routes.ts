import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CheckoutQuery, ErrorCode, Payment, PaymentIdParam } from '@docent/contracts';
import { z } from 'zod';
import { requireUser, userOf } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { limitBy, WindowLimiter } from '../http/limits.ts';
import { CashfreeClient, verifyCashfreeSignature, type CashfreeConfig } from './cashfree.ts';
import { toMajor, toPayment, type BillingService } from './service.ts';

const tags = ['billing'];

export const CashfreeCheckoutAnswer = z.object({ session_id: z.string(), payment_id: z.string() });

/** The parts of Cashfree's PG and subscription webhook payloads (2023-08-01) this server reads. */
const CashfreeWebhook = z.object({
  type: z.string(),
  event_time: z.string().optional(),
  data: z
    .object({
      order: z.object({ order_id: z.string(), order_amount: z.number().optional(), order_currency: z.string().optional() }).optional(),
      payment: z.object({ cf_payment_id: z.union([z.string(), z.number()]), payment_status: z.string(), payment_amount: z.number(), payment_currency: z.string() }).optional(),
      subscription_details: z.object({ subscription_id: z.string(), subscription_status: z.string() }).optional(),
    })
    .passthrough(),
});

/** Subscription states after which Pro is no longer paid for. */
const ENDED = new Set(['EXPIRED', 'CUSTOMER_CANCELLED', 'CANCELLED', 'COMPLETED', 'LINK_EXPIRED']);

/**
 * Cashfree (spec §7: INR checkout): GET /cashfree/checkout → session_id; the return check reads
 * the order's status from Cashfree; POST /cashfree/webhook takes signed notifications. Both
 * confirmations end in the same idempotent fulfilment.
 */
export function cashfreeRoutes(auth: AuthService, billing: BillingService, cfg: CashfreeConfig, opts: { appUrl: string; phone: string; webhookChecksPerMinute: number }) {
  const client = new CashfreeClient(cfg);
  const webhookLimiter = new WindowLimiter(opts.webhookChecksPerMinute, 60_000);
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };

    r.get('/cashfree/checkout', { ...signedIn, schema: { tags, querystring: CheckoutQuery, response: { 200: CashfreeCheckoutAnswer } } }, async (req) => {
      const user = userOf(req);
      const p = await billing.createPayment(user, 'CASHFREE', req.query.product_id, 'INR', req.query.repo_ids);
      let order;
      try {
        order = await client.createOrder({
          orderId: p.id,
          amount: toMajor(p.amount_minor),
          currency: p.currency,
          customerId: user.id,
          email: user.email,
          phone: opts.phone,
          returnUrl: `${opts.appUrl}/profile/transactions?payment_id=${p.id}`,
          notifyUrl: `${opts.appUrl}/api/cashfree/webhook`,
        });
      } catch (err) {
        await billing.fail(p.id, 'order creation failed');
        req.log.warn({ err: (err as Error).message }, 'cashfree order creation failed');
        throw new HttpError(502, ErrorCode.INTERNAL, 'The payment provider could not start the checkout. Please try again later.');
      }
      if (!order.payment_session_id) throw new HttpError(502, ErrorCode.INTERNAL, 'The payment provider could not start the checkout. Please try again later.');
      await billing.setProviderRef(p.id, order.order_id);
      return { session_id: order.payment_session_id, payment_id: p.id };
    });

    // On return from Cashfree's checkout: the order's status, read from Cashfree, decides.
    r.post('/v1/billing/cashfree/payments/:id/confirm', { ...signedIn, schema: { tags, params: PaymentIdParam, response: { 200: Payment } } }, async (req) => {
      const p = await billing.paymentOf(userOf(req).id, req.params.id);
      if (!p || p.provider !== 'CASHFREE') throw notFound('Payment not found.');
      if (!p.fulfilled_at) {
        const order = await client.getOrder(p.id).catch(() => {
          throw new HttpError(502, ErrorCode.INTERNAL, 'The payment provider could not be reached. Please try again later.');
        });
        if (order.order_status === 'PAID') await billing.fulfil(p.id, { amountMinor: Math.round(order.order_amount * 100), currency: order.order_currency });
        else if (order.order_status === 'EXPIRED' || order.order_status === 'TERMINATED') await billing.fail(p.id, `order ${order.order_status.toLowerCase()}`);
      }
      return toPayment((await billing.paymentOf(userOf(req).id, p.id)) ?? p, null);
    });

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
          if (!verifyCashfreeSignature(cfg.secretKey, typeof ts === 'string' ? ts : undefined, raw, typeof sig === 'string' ? sig : undefined)) {
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
            if (!(await billing.recordDelivery('CASHFREE', `${event.type}:${d.payment.cf_payment_id}`, event.type))) return reply.send({ status: 'duplicate' });
            const p = await billing.paymentById(d.order.order_id);
            if (!p || p.provider !== 'CASHFREE') return reply.send({ status: 'ignored' });
            if (event.type === 'PAYMENT_FAILED_WEBHOOK') {
              await billing.fail(p.id, 'payment failed at Cashfree');
              return reply.send({ status: 'failed' });
            }
            try {
              const result = await billing.fulfil(p.id, { amountMinor: Math.round(d.payment.payment_amount * 100), currency: d.payment.payment_currency });
              return reply.send({ status: result });
            } catch (err) {
              if (err instanceof HttpError && err.statusCode === 409) return reply.send({ status: 'rejected' });
              throw err;
            }
          }
          if (event.type === 'SUBSCRIPTION_STATUS_CHANGED' || event.type === 'SUBSCRIPTION_STATUS_CHANGE') {
            const s = d.subscription_details;
            if (!s) throw new HttpError(400, ErrorCode.VALIDATION, 'Unreadable webhook payload.');
            if (!(await billing.recordDelivery('CASHFREE', `${event.type}:${s.subscription_id}:${s.subscription_status}:${event.event_time ?? ''}`, event.type))) return reply.send({ status: 'duplicate' });
            if (ENDED.has(s.subscription_status)) return reply.send({ status: (await billing.lapseByRef('CASHFREE', s.subscription_id)) ? 'lapsed' : 'ignored' });
            return reply.send({ status: 'ignored' });
          }
          return reply.send({ status: 'ignored' });
        },
      );
    });
  };
}
