import { describe, expect, it } from 'vitest';
import { autoDocDetailEnglish, autoDocPart, AutoDocDetailPart } from './auto-doc-detail.ts';
import { detailParts } from './detail-parts.ts';
import { webhookDetailEnglish, WebhookDetailPart } from './webhooks.ts';

describe('detail parts: one helper for the codes-with-parameters details', () => {
  const demo = detailParts({ A: 'saw {{x}}', B: 'then {{y}} and {{missing}}' } as const, (t) => t.join(' / '));

  it('checks codes and words the parts with their own join', () => {
    expect(demo.Code.options).toEqual(['A', 'B']);
    expect(demo.Part.safeParse({ code: 'C', params: {} }).success).toBe(false);
    expect(demo.english([demo.part('A', { x: 3 }), demo.part('B', { y: 'z' })])).toBe('saw 3 / then z and ');
  });

  it('keeps the webhook and automatic-update sentences as they were', () => {
    expect(
      webhookDetailEnglish([
        { code: 'NOT_DEFAULT_BRANCH', params: { branch: 'master' } },
        { code: 'DOCS_UPDATE_QUEUED', params: { job: '7' } },
      ]),
    ).toBe('Ignored: no push to the default branch master, documentation update job 7 queued.');
    expect(webhookDetailEnglish([])).toBe('');
    expect(autoDocDetailEnglish([autoDocPart('PAGES', { regenerated: 2, reused: 5 }), autoDocPart('PULL_REQUEST', { number: 9 })])).toBe(
      'Pages regenerated: 2, reused: 5; pull request #9.',
    );
    expect(autoDocDetailEnglish([])).toBe('');
    expect(WebhookDetailPart.safeParse({ code: 'QUEUED', params: {} }).success).toBe(false);
    expect(AutoDocDetailPart.safeParse({ code: 'QUEUED', params: {} }).success).toBe(true);
  });
});
