import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MESSAGES, PASSWORD_PATTERN } from './patterns.ts';

/** docs/spec-conformance.md §5 validation rules: the schemas; the patterns and messages are in patterns.ts. */
export * from './patterns.ts';

export const Email = z
  .string({ error: MESSAGES.requiredField })
  .trim()
  .min(1, MESSAGES.requiredField)
  .max(MAX_EMAIL_LENGTH, MESSAGES.notValidEmail)
  .regex(EMAIL_PATTERN, MESSAGES.notValidEmail)
  .transform((s) => s.toLowerCase());

export const Password = z
  .string({ error: MESSAGES.requiredField })
  .min(1, MESSAGES.requiredField)
  .max(MAX_PASSWORD_LENGTH, 'Password is too long.')
  .regex(PASSWORD_PATTERN, MESSAGES.weakPassword);

/** A password as typed at login: any non-empty string (strength is checked at sign-up). */
export const LoginPassword = z.string({ error: MESSAGES.requiredField }).min(1, MESSAGES.requiredField).max(MAX_PASSWORD_LENGTH);

export const SecurityCode = z
  .string({ error: MESSAGES.requiredField })
  .trim()
  .regex(/^\d{6}$/, MESSAGES.securityCodeLength);

export const PersonName = z.string().trim().max(MAX_NAME_LENGTH, `At most ${MAX_NAME_LENGTH} characters.`);
