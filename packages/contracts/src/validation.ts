import { z } from 'zod';

/**
 * docs/spec-conformance.md §5 validation rules. The server validates with these schemas and the web forms use
 * the same regular expressions, so a value the form accepts is a value the API accepts.
 */

/** letters, digits and ._%+- before @, a domain with a dot and a TLD of 2 or more letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** name@handle, no TLD required. */
export const UPI_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9]+$/;
/** min 8 characters with at least one uppercase, one lowercase letter and one number. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
export const SECURITY_CODE_LENGTH = 6;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_NAME_LENGTH = 100;

export const MESSAGES = {
  notValidEmail: 'Please input a valid email address!',
  requiredField: 'This field is required!',
  weakPassword: 'Password must be at least 8 characters with an uppercase letter, a lowercase letter and a number.',
  confirmPasswordError: 'The two passwords that you entered do not match!',
  securityCodeLength: 'The security code has exactly 6 digits.',
  samePassword: 'The new password must differ from the previous one.',
} as const;

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

export const isValidEmail = (s: string): boolean => EMAIL_PATTERN.test(s.trim());
export const isValidUpi = (s: string): boolean => UPI_PATTERN.test(s.trim());
export const isStrongPassword = (s: string): boolean => PASSWORD_PATTERN.test(s);
