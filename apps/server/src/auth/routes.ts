import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthResponse,
  ChangePasswordRequest,
  ChangePasswordResponse,
  EmailUpdateRequest,
  EmailUpdateVerifyRequest,
  EmailUpdateVerifyResponse,
  ErrorCode,
  ForgotPasswordRequest,
  LoginRequest,
  MessageResponse,
  RapidLoginRequest,
  RapidLoginResponse,
  SetNewPasswordRequest,
  SignupRequest,
  SuccessResponse,
  VerifySecurityCodeRequest,
} from '@docent/contracts';
import { requireSession, sessionOf, userOf } from './guard.ts';
import type { AuthService } from './service.ts';
import { HttpError } from '../http/errors.ts';
import { limitBy, RATE_LIMITED_DETAIL, WindowLimiter } from '../http/limits.ts';
import { mailLanguage } from '../mail/language.ts';

const HOUR = 3600_000;

export interface AuthLimits {
  loginRateLimitPerMinute: number;
  mailRateLimitPerHour: number;
  codeAttemptsPerHour: number;
}

/** The email or user name a request names, for keying limits on the account it targets. */
function namedAccount(req: FastifyRequest): string {
  const body = (req.body ?? {}) as { username?: unknown; email?: unknown };
  return String(body.username ?? body.email ?? '');
}

const tags = ['auth'];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** What an answer says about API keys a password change or sign-out-everywhere switched off. */
const keysOff = (n: number) =>
  n > 0 ? ` ${plural(n, 'API key')} switched off: turn back on the ones you trust on the API Keys page.` : '';

/** Refuses (429) a client address that has spent `limiter`'s budget, without counting a use. */
function refuseSpent(limiter: WindowLimiter) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const verdict = limiter.spent(req.ip);
    if (!verdict.spent) return;
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    throw new HttpError(429, ErrorCode.RATE_LIMITED, RATE_LIMITED_DETAIL);
  };
}

/** docs/spec-conformance.md §7 "Authentication and user" paths (under /api). Thin: validate, call the service. */
export function authRoutes(auth: AuthService, opts: AuthLimits) {
  // Budgets beside the per-minute (address, account) limit below. They key on the real client
  // address (trustProxy is the operator's choice) and on the account or mailbox targeted, so
  // neither a rotating X-Forwarded-For nor many addresses buy more guesses or more mails.
  const loginPerAccount = new WindowLimiter(opts.loginRateLimitPerMinute * 5, HOUR);
  // Failed sign-ins per client address across every account it names: one common password
  // sprayed over many accounts spends it (docs/security.md "Round 2"). Only failures count, so
  // a shared address where people sign in successfully is not slowed.
  const loginFailuresPerClient = new WindowLimiter(opts.loginRateLimitPerMinute * 3, HOUR);
  const mailPerTarget = new WindowLimiter(opts.mailRateLimitPerHour, HOUR);
  const mailPerClient = new WindowLimiter(opts.mailRateLimitPerHour * 4, HOUR);
  const codePerTarget = new WindowLimiter(opts.codeAttemptsPerHour, HOUR);
  const codePerClient = new WindowLimiter(opts.codeAttemptsPerHour * 3, HOUR);
  const sendsMailTo = (target: (req: FastifyRequest) => string) =>
    limitBy((req) => [
      [mailPerClient, req.ip],
      [mailPerTarget, target(req)],
    ]);
  const checksResetCode = limitBy((req) => [
    [codePerClient, req.ip],
    [codePerTarget, `reset:${namedAccount(req)}`],
  ]);
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Reset codes mailed after their answer are not cut off by a shutdown.
    app.addHook('onClose', async () => auth.settled());
    // Every signed-in route here is account security: a session, never an API key.
    const guard = requireSession(auth);
    const signedIn = { preHandler: guard };
    const userKey = (req: FastifyRequest) => `user:${userOf(req).id}`;
    // Guessing passwords or codes is slowed per client address and account.
    const limited = (max: number) => ({
      config: {
        rateLimit: {
          max,
          timeWindow: '1 minute',
          keyGenerator: (req: FastifyRequest) => `${req.ip}:${namedAccount(req)}`.toLowerCase(),
        },
      },
    });

    r.post(
      '/signup',
      { preHandler: sendsMailTo(namedAccount), schema: { tags, body: SignupRequest, response: { 201: AuthResponse } } },
      async (req, reply) => {
        reply.status(201);
        return auth.signup(req.body, mailLanguage(req.headers['accept-language']));
      },
    );

    r.post(
      '/login',
      {
        ...limited(opts.loginRateLimitPerMinute),
        preHandler: [limitBy((req) => [[loginPerAccount, namedAccount(req)]]), refuseSpent(loginFailuresPerClient)],
        schema: { tags, body: LoginRequest, response: { 200: AuthResponse } },
      },
      async (req) => {
        try {
          return await auth.login(req.body.username, req.body.password);
        } catch (err) {
          if (err instanceof HttpError && err.statusCode === 401) loginFailuresPerClient.hit(req.ip);
          throw err;
        }
      },
    );

    r.get('/refreshToken', { ...signedIn, schema: { tags, response: { 200: AuthResponse } } }, async (req) =>
      auth.refresh(userOf(req), sessionOf(req)),
    );

    // docs/spec-conformance.md §2 local-tool login, after the consent step: a separate session for the tool.
    r.post('/v1/auth/local-tool-token', { ...signedIn, schema: { tags, response: { 200: AuthResponse } } }, async (req) =>
      auth.localToolSession(userOf(req)),
    );

    r.post('/v1/auth/logout', { ...signedIn, schema: { tags, response: { 200: SuccessResponse } } }, async (req) => {
      await auth.logout(userOf(req), sessionOf(req));
      return { success: true, message: 'You are signed out.' };
    });

    r.post('/v1/auth/logout-everywhere', { ...signedIn, schema: { tags, response: { 200: SuccessResponse } } }, async (req) => {
      const ended = await auth.signOutEverywhere(userOf(req));
      return { success: true, message: `Signed out of ${plural(ended.sessions, 'session')}.${keysOff(ended.apiKeys)}` };
    });

    r.get(
      '/generateActivationLink',
      { preHandler: [guard, limitBy((req) => [[mailPerTarget, userKey(req)]])], schema: { tags, response: { 200: SuccessResponse } } },
      async (req) => {
        const user = userOf(req);
        if (user.is_verified) return { success: true, message: 'Your email address is already verified.' };
        const sent = await auth.sendActivationLink(user, mailLanguage(req.headers['accept-language']));
        return { success: sent, message: sent ? 'Activation email sent!' : 'The activation email could not be sent.' };
      },
    );

    r.post('/v1/auth/rapid-login', { schema: { tags, body: RapidLoginRequest, response: { 200: RapidLoginResponse } } }, async (req) =>
      auth.rapidLogin(req.body.token),
    );

    r.post(
      '/forgotPassword',
      {
        ...limited(opts.loginRateLimitPerMinute),
        preHandler: sendsMailTo(namedAccount),
        schema: { tags, body: ForgotPasswordRequest, response: { 200: SuccessResponse } },
      },
      async (req) => {
        await auth.forgotPassword(req.body.email, mailLanguage(req.headers['accept-language']));
        return { success: true, message: 'If an account exists for this email, a security code has been sent to it.' };
      },
    );

    r.post(
      '/verifySecurityCode',
      {
        ...limited(opts.loginRateLimitPerMinute * 2),
        preHandler: checksResetCode,
        schema: { tags, body: VerifySecurityCodeRequest, response: { 200: SuccessResponse } },
      },
      async (req) => {
        await auth.verifyResetCode(req.body.email, req.body.code);
        return { success: true, message: 'Code verified.' };
      },
    );

    r.post(
      '/setNewPassword',
      {
        ...limited(opts.loginRateLimitPerMinute * 2),
        preHandler: checksResetCode,
        schema: { tags, body: SetNewPasswordRequest, response: { 200: SuccessResponse } },
      },
      async (req) => {
        await auth.setNewPassword(req.body.email, req.body.code, req.body.password);
        return { success: true, message: 'Your password has been changed. Please sign in with the new password.' };
      },
    );

    r.post(
      '/setNewPasswordFromOldPassword',
      { ...signedIn, schema: { tags, body: ChangePasswordRequest, response: { 200: ChangePasswordResponse } } },
      async (req) => {
        const { token, apiKeysSwitchedOff } = await auth.changePassword(userOf(req), req.body.oldPassword, req.body.newPassword);
        return { success: true, message: `Your password has been changed.${keysOff(apiKeysSwitchedOff)}`, token };
      },
    );

    r.post(
      '/v1/user/email/update/request',
      {
        preHandler: [
          guard,
          limitBy((req) => [
            [mailPerClient, req.ip],
            [mailPerTarget, userKey(req)],
            [mailPerTarget, namedAccount(req)],
          ]),
        ],
        schema: { tags, body: EmailUpdateRequest, response: { 200: MessageResponse } },
      },
      async (req) => {
        await auth.requestEmailChange(userOf(req), req.body.email, mailLanguage(req.headers['accept-language']));
        return { message: `A verification code has been sent to ${req.body.email}.` };
      },
    );

    r.post(
      '/v1/user/email/update/verify',
      {
        // One budget per account across re-requested codes: a fresh code buys no fresh guesses.
        preHandler: [
          guard,
          limitBy((req) => [
            [codePerClient, req.ip],
            [codePerTarget, `change:${userKey(req)}`],
          ]),
        ],
        schema: { tags, body: EmailUpdateVerifyRequest, response: { 200: EmailUpdateVerifyResponse } },
      },
      async (req) => {
        const { token } = await auth.verifyEmailChange(userOf(req), sessionOf(req), req.body.email, req.body.code);
        return { success: true, message: 'Your email address has been updated.', token };
      },
    );
  };
}
