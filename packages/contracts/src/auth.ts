import { z } from 'zod';
import { User } from './user.ts';
import { Email, LoginPassword, MESSAGES, Password, PersonName, SecurityCode } from './validation.ts';
import { UserName } from './user.ts';

/** POST /signup (JSON). */
export const SignupRequest = z
  .object({
    first_name: PersonName.min(1, MESSAGES.requiredField),
    last_name: PersonName.default(''),
    username: UserName.optional(),
    email: Email,
    password: Password,
    agreeToTerms: z.literal(true, { error: 'You must agree to the Terms of Use and Privacy Policy.' }).optional(),
  })
  .strict();
export type SignupRequest = z.input<typeof SignupRequest>;

/** POST /login (form-encoded): `username` is the email. */
export const LoginRequest = z.object({ username: Email, password: LoginPassword });
export type LoginRequest = z.input<typeof LoginRequest>;

/** Answer of login, refreshToken, rapid login and sign-up. */
export const AuthResponse = z.object({ user: User, token: z.string() });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const SuccessResponse = z.object({ success: z.boolean(), message: z.string().optional() });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** POST /forgotPassword. */
export const ForgotPasswordRequest = z.object({ email: Email }).strict();
/** POST /verifySecurityCode. */
export const VerifySecurityCodeRequest = z.object({ email: Email, code: SecurityCode }).strict();
/** POST /setNewPassword. */
export const SetNewPasswordRequest = z
  .object({ email: Email, code: SecurityCode, password: Password, confirmPassword: z.string().optional() })
  .strict()
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: MESSAGES.confirmPasswordError,
    path: ['confirmPassword'],
  });
/** POST /setNewPasswordFromOldPassword (signed in). */
export const ChangePasswordRequest = z
  .object({ oldPassword: LoginPassword, newPassword: Password, confirmPassword: z.string().optional() })
  .strict()
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    message: MESSAGES.confirmPasswordError,
    path: ['confirmPassword'],
  });

export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;
export type VerifySecurityCodeRequest = z.input<typeof VerifySecurityCodeRequest>;
export type SetNewPasswordRequest = z.input<typeof SetNewPasswordRequest>;
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;
/** The old session stops working when the password changes: the answer carries a new token. */
export const ChangePasswordResponse = SuccessResponse.extend({ token: z.string() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

/** POST /v1/user/email/update/request and /verify. */
export const EmailUpdateRequest = z.object({ email: Email }).strict();
export const EmailUpdateVerifyRequest = z.object({ email: Email, code: SecurityCode }).strict();
export const EmailUpdateVerifyResponse = z.object({ success: z.boolean(), message: z.string(), token: z.string() });
export type EmailUpdateRequest = z.input<typeof EmailUpdateRequest>;
export type EmailUpdateVerifyRequest = z.input<typeof EmailUpdateVerifyRequest>;
export type EmailUpdateVerifyResponse = z.infer<typeof EmailUpdateVerifyResponse>;

/** POST /v1/auth/rapid-login: exchange an activation-link token (never a session token) for a session. */
export const RapidLoginRequest = z.object({ token: z.string().min(1).max(4096) }).strict();
/** `emailVerified`: this very link verified the email address (an activation link used now). */
export const RapidLoginResponse = AuthResponse.extend({ emailVerified: z.boolean() });
export type RapidLoginResponse = z.infer<typeof RapidLoginResponse>;
