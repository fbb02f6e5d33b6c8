import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { WEBHOOK_DETAIL_EN, webhookDetailEnglish, type WebhookDetailCode } from '@docent/contracts';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import { deliveryDetail } from './webhookDetail.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** docs/webhooks.md, "Delivery details in the user's language". */
describe('webhook delivery details', () => {
  it("the web's English is the server's, word for word; German has every code with the same placeholders", () => {
    const codes = Object.keys(WEBHOOK_DETAIL_EN) as WebhookDetailCode[];
    expect(en.webhooks.detail).toEqual(WEBHOOK_DETAIL_EN);
    expect(Object.keys(de.webhooks.detail).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(placeholders(de.webhooks.detail[code]), code).toEqual(placeholders(WEBHOOK_DETAIL_EN[code]));
  });

  it('the server words a push as one sentence', () => {
    expect(
      webhookDetailEnglish([
        { code: 'ANALYSIS_QUEUED', params: { branch: 'main', commit: 'abc1234', job: '5' } },
        { code: 'ARCH_DOCS_NEVER_GENERATED', params: {} },
      ]),
    ).toBe('Push to main (abc1234): analysis job 5 queued, no architecture docs update (never generated).');
  });

  it("a refused delivery's reason reads German in German and the server's English in English", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'de', resources: { de: { translation: de }, en: { translation: en } }, interpolation: { escapeValue: false } });
    const refused = {
      detail: "The X-Docent-Signature-256 does not match this webhook's secret.",
      detailParts: [{ code: 'SIGNATURE_MISMATCH' as const, params: { proof: 'X-Docent-Signature-256' } }],
    };
    expect(deliveryDetail(i18n.t, refused)).toBe('X-Docent-Signature-256 passt nicht zum Secret dieses Webhooks.');
    await i18n.changeLanguage('en');
    expect(deliveryDetail(i18n.t, refused)).toBe(refused.detail);
    expect(webhookDetailEnglish(refused.detailParts)).toBe(refused.detail);
  });
});
