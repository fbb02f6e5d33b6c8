/**
 * docs/spec-conformance.md §5 validation rules: the patterns, limits and messages. The server validates
 * with validation.ts's schemas built from them and the web forms use the same regular expressions, so a
 * value the form accepts is a value the API accepts. A module without zod: the web's sign-in form
 * imports these without the schemas (docs/performance.md, "First load").
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

export const isValidEmail = (s: string): boolean => EMAIL_PATTERN.test(s.trim());
export const isValidUpi = (s: string): boolean => UPI_PATTERN.test(s.trim());
export const isStrongPassword = (s: string): boolean => PASSWORD_PATTERN.test(s);
