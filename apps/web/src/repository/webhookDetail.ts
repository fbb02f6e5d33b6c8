import type { TFunction } from 'i18next';
import { joinAutoDocDetail, joinWebhookDetail, type AutoDocRun, type WebhookDelivery } from '@docent/contracts';

/**
 * A delivery's detail in the interface's language: a handled delivery's parts worded by
 * `webhooks.detail.<code>` (docs/webhooks.md, "Delivery details in the user's language"), a
 * refused one's reason too; one stored without parts (before they were kept) reads the server's English.
 */
export function deliveryDetail(t: TFunction, delivery: Pick<WebhookDelivery, 'detail' | 'detailParts'>): string {
  if (!delivery.detailParts) return delivery.detail;
  return joinWebhookDetail(delivery.detailParts.map((p) => t(`webhooks.detail.${p.code}`, p.params)));
}

/**
 * What an automatic documentation update did, in the interface's language: its parts worded by
 * `webhooks.autoDetail.<code>`; a run stored without parts reads the server's English.
 */
export function autoRunDetail(t: TFunction, run: Pick<AutoDocRun, 'detail' | 'detailParts'>): string {
  if (!run.detailParts) return run.detail;
  return joinAutoDocDetail(run.detailParts.map((p) => t(`webhooks.autoDetail.${p.code}`, p.params)));
}
