import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The vendors' documented ways of proving a webhook delivery, each compared in constant time:
 * GitHub `X-Hub-Signature-256` and Bitbucket `X-Hub-Signature` (HMAC-SHA256 of the raw body,
 * `sha256=<hex>`), GitLab `X-Gitlab-Token` (the secret itself), Azure DevOps basic
 * authentication (the secret as the password), and Docent's post-receive hook
 * (`X-Docent-Signature-256`, HMAC-SHA256 like GitHub's).
 */

/** Constant-time equality of two strings of any length (both are hashed to 32 bytes first). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

/** `sha256=<hex>` of the raw body, checked against the secret's HMAC-SHA256. */
export function validHmacSignature(header: string | undefined, body: Buffer, secret: string): boolean {
  if (!header) return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!m) return false;
  const given = Buffer.from(m[1]!.toLowerCase(), 'hex');
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(given, expected);
}

/** The signature header value for `body` (tests and the documented hook script compute the same). */
export function hmacSignature(body: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** GitLab: the token header equals the secret. */
export function validGitLabToken(header: string | undefined, secret: string): boolean {
  return typeof header === 'string' && sameSecret(header, secret);
}

/** Azure DevOps service hooks: `Authorization: Basic base64(user:secret)`; the user name is not checked. */
export function validBasicAuth(header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!m) return false;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  return sameSecret(decoded.slice(colon + 1), secret);
}
