/** The languages Docent writes mails in (the web app's languages, docs/i18n.md). */
export type MailLanguage = 'en' | 'de';

/**
 * The mail language for a request's Accept-Language header: German when German ranks above
 * English (by q-value, then by order), English otherwise or without the header. The web app
 * sends its current UI language in this header.
 */
export function mailLanguage(acceptLanguage: string | string[] | undefined): MailLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  let best: { lang: MailLanguage; q: number } | null = null;
  for (const part of header.slice(0, 1000).split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const primary = tag.trim().split('-')[0];
    if (primary !== 'de' && primary !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? 'en';
}
