import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The vendors' documented ways of proving a webhook delivery, each compared in constant time:
 * GitHub `X-Hub-Signature-256` and Bitbucket `X-Hub-Signature` (HMAC-SHA256 of the raw body,
 * `sha256=<hex>`), GitLab `X-Gitlab-Token` (the secret itself), Azure DevOps basic
 * authentication (the secret as the password), and Docent's post-receive hook
 * (`X-Docent-Signature-256`: HMAC-SHA256 of `<X-Docent-Timestamp>.<raw body>`, so a captured
 * delivery cannot be replayed once its timestamp is older than five minutes).
 */

/** Constant-time equality of two strings of any length (both are hashed to 32 bytes first). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/** Whether a signature header has the `sha256=<64 hex>` shape (checked before the body is read). */
export function wellFormedSignature(header: string | undefined): boolean {
  return typeof header === 'string' && SIGNATURE.test(header.trim());
}

/** `sha256=<hex>` of the raw body, checked against the secret's HMAC-SHA256. */
export function validHmacSignature(header: string | undefined, body: Buffer, secret: string, prefix = ''): boolean {
  if (!header) return false;
  const m = SIGNATURE.exec(header.trim());
  if (!m) return false;
  const given = Buffer.from(m[1]!.toLowerCase(), 'hex');
  const expected = createHmac('sha256', secret).update(prefix, 'utf8').update(body).digest();
  return timingSafeEqual(given, expected);
}

/** How far the post-receive hook's signed timestamp may be from the server's clock, either way. */
const HOOK_TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/**
 * The post-receive hook's `X-Docent-Timestamp` (Unix seconds): 'missing' when absent or not a
 * number, 'stale' when more than five minutes from `nowMs`, else the value as sent.
 */
export function hookTimestamp(header: string | undefined, nowMs = Date.now()): 'missing' | 'stale' | string {
  if (!header || !/^\d{1,12}$/.test(header.trim())) return 'missing';
  const seconds = Number(header.trim());
  return Math.abs(nowMs / 1000 - seconds) > HOOK_TIMESTAMP_TOLERANCE_SECONDS ? 'stale' : header.trim();
}

/** The post-receive hook's proof: HMAC-SHA256 of `<timestamp>.<raw body>`. */
export function validTimestampedSignature(header: string | undefined, timestamp: string, body: Buffer, secret: string): boolean {
  return validHmacSignature(header, body, secret, `${timestamp}.`);
}

/** The post-receive hook's signature header for `body` sent at `timestamp` (tests compute what docs/post-receive-hook.sh does). */
export function hookSignature(body: Buffer | string, secret: string, timestamp: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body).digest('hex')}`;
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
