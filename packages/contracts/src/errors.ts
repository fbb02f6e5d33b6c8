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
  INTERNAL: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
