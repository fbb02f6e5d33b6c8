import type { TFunction } from 'i18next';
import { joinWebhookDetail, type WebhookDelivery } from '@docent/contracts';

/**
 * A delivery's detail in the interface's language: a handled delivery's parts worded by
 * `webhooks.detail.<code>` (docs/webhooks.md, "Delivery details in the user's language"), a
 * refused one's reason too; one stored without parts (before they were kept) reads the server's English.
 */
export function deliveryDetail(t: TFunction, delivery: Pick<WebhookDelivery, 'detail' | 'detailParts'>): string {
  if (!delivery.detailParts) return delivery.detail;
  return joinWebhookDetail(delivery.detailParts.map((p) => t(`webhooks.detail.${p.code}`, p.params)));
}
