import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import {
  AUTO_DOC_DETAIL_EN,
  autoDocDetailEnglish,
  autoDocPart,
  WEBHOOK_DETAIL_EN,
  webhookDetailEnglish,
  type AutoDocDetailCode,
  type WebhookDetailCode,
} from '@docent/contracts';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import { autoRunDetail, deliveryDetail } from './webhookDetail.ts';

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

  it("an automatic update's last run: the web's English is the server's, German has every code, and a run reads German in German", async () => {
    const codes = Object.keys(AUTO_DOC_DETAIL_EN) as AutoDocDetailCode[];
    expect(en.webhooks.autoDetail).toEqual(AUTO_DOC_DETAIL_EN);
    expect(Object.keys(de.webhooks.autoDetail).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(placeholders(de.webhooks.autoDetail[code]), code).toEqual(placeholders(AUTO_DOC_DETAIL_EN[code]));

    const parts = [
      autoDocPart('PAGES', { regenerated: 2, reused: 9 }),
      autoDocPart('HOSTED_AT', { url: '/docs/r/arch/' }),
      autoDocPart('PULL_REQUEST', { number: 4 }),
    ];
    const detail = autoDocDetailEnglish(parts);
    expect(detail).toBe('Pages regenerated: 2, reused: 9; hosted at /docs/r/arch/; pull request #4.');
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'de', resources: { de: { translation: de }, en: { translation: en } }, interpolation: { escapeValue: false } });
    expect(autoRunDetail(i18n.t, { detail, detailParts: parts })).toBe(
      'Neu erstellte Seiten: 2, übernommen: 9; gehostet unter /docs/r/arch/; Pull-Request #4.',
    );
    await i18n.changeLanguage('en');
    expect(autoRunDetail(i18n.t, { detail, detailParts: parts })).toBe(detail);
    // a run stored before the codes were kept reads the server's English
    expect(autoRunDetail(i18n.t, { detail: 'Job 5 queued.' })).toBe('Job 5 queued.');
  });
});
