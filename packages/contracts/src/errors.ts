import { z } from 'zod';

/** Every error answer: `{ detail, code }` with a 4xx/5xx status (docs/design.md §4). */
export const ApiError = z.object({ detail: z.string(), code: z.string() });
export type ApiError = z.infer<typeof ApiError>;

/** Status for an invalid or expired token; the web client logs out on it (docs/spec-conformance.md §4). */
export const TOKEN_INVALID_STATUS = 511;

export const ErrorCode = {
  VALIDATION: 'VALIDATION_ERROR',
  BAD_JSON: 'BAD_JSON',
  BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  NOT_FOUND: 'NOT_FOUND',
  TOKEN_INVALID: 'TOKEN_INVALID',
  /** a missing, unknown, deleted or inactive API key (401) */
  API_KEY_INVALID: 'API_KEY_INVALID',
  /** an API key on a route that needs a signed-in session (403) */
  API_KEY_NOT_ALLOWED: 'API_KEY_NOT_ALLOWED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  CODE_INVALID: 'CODE_INVALID',
  CODE_EXPIRED: 'CODE_EXPIRED',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  RATE_LIMITED: 'RATE_LIMITED',
  SAME_PASSWORD: 'SAME_PASSWORD',
  CONFLICT: 'CONFLICT',
  PRO_FEATURE_REQUIRED: 'PRO_FEATURE_REQUIRED',
  OAUTH_NOT_CONFIGURED: 'OAUTH_NOT_CONFIGURED',
  OAUTH_STATE_INVALID: 'OAUTH_STATE_INVALID',
  OAUTH_PROVIDER_ERROR: 'OAUTH_PROVIDER_ERROR',
  OAUTH_EMAIL_UNVERIFIED: 'OAUTH_EMAIL_UNVERIFIED',
  OAUTH_ACCOUNT_CONFLICT: 'OAUTH_ACCOUNT_CONFLICT',
  /** a request the HTTP parser could not read (400) */
  BAD_REQUEST: 'BAD_REQUEST',
  /** a request line or headers over the parser's limit (431) */
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  /** a destination the outbound policy refuses: loopback, private, link-local, metadata (400; docs/security.md) */
  OUTBOUND_REFUSED: 'OUTBOUND_REFUSED',
  /** a repository URL or path that cannot be cloned or read (422) */
  REPO_UNREACHABLE: 'REPO_UNREACHABLE',
  /** a repository with a job still running, which cannot be removed yet (409) */
  REPO_BUSY: 'REPO_BUSY',
  /** a code host's API that did not answer (502) */
  VENDOR_UNREACHABLE: 'VENDOR_UNREACHABLE',
  /** a code host rejected the token given to connect it (400) */
  INVALID_TOKEN: 'INVALID_TOKEN',
  /** a mail that had to be sent now could not be (502) */
  MAIL_FAILED: 'MAIL_FAILED',
  /** a job that is not in a cancellable state (409) */
  NOT_CANCELLABLE: 'NOT_CANCELLABLE',
  /** a webhook delivery whose signature does not match, or has none (401; docs/webhooks.md) */
  WEBHOOK_SIGNATURE: 'WEBHOOK_SIGNATURE',
  /** a signed webhook delivery older than 5 minutes (401) */
  WEBHOOK_STALE: 'WEBHOOK_STALE',
  /** a signed webhook body delivered twice (409) */
  WEBHOOK_REPLAY: 'WEBHOOK_REPLAY',
  INTERNAL: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
