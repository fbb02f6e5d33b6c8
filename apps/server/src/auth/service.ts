import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, MESSAGES, type AuthResponse, type User } from '@docent/contracts';
import type { UserRow } from '../db/schema.ts';
import { HttpError, tokenInvalid } from '../http/errors.ts';
import { WindowLimiter } from '../http/limits.ts';
import type { ApiKeyStore } from './api-keys.ts';
import type { Mailer, Mail } from '../mail/mailer.ts';
import { activationMail, addressInUseMail, securityCodeMail } from '../mail/templates.ts';
import type { MailLanguage } from '../mail/language.ts';
import { toUser } from '../users/mapper.ts';
import type { UserRepository } from '../users/repository.ts';
import { CODE_MESSAGES, type CodeStore } from './codes.ts';
import type { SessionRef, SessionStore } from './sessions.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import type { TokenService } from './tokens.ts';

const ACTIVATION_TTL_SECONDS = 48 * 3600;

/** Every way a reset-code check can fail; only real accounts have codes that expire or burn. */
const RESET_CODE_FAILURES: ReadonlySet<string> = new Set([ErrorCode.CODE_INVALID, ErrorCode.CODE_EXPIRED, ErrorCode.TOO_MANY_ATTEMPTS]);

/**
 * Reset codes exist only for accounts that exist: "no active code", "expired" and "too many
 * attempts" would tell a known address from an unknown one, so every failure reads as an
 * incorrect code (the hourly per-address budget still ends the guessing).
 */
function hideAccountExistence(err: unknown): never {
  if (err instanceof HttpError && RESET_CODE_FAILURES.has(err.code)) {
    throw new HttpError(400, ErrorCode.CODE_INVALID, CODE_MESSAGES.incorrect, { cause: err });
  }
  throw err;
}

export interface SignupInput {
  first_name: string;
  last_name: string;
  username?: string | undefined;
  email: string;
  password: string;
}

/** What AuthService is built from. */
export interface AuthServiceDeps {
  users: UserRepository;
  codes: CodeStore;
  tokens: TokenService;
  mailer: Mailer;
  /** where links in mails point (APP_URL) */
  appUrl: string;
  log: FastifyBaseLogger;
  sessions: SessionStore;
  apiKeys: ApiKeyStore;
  /** failed API-key checks allowed per client address and hour */
  apiKeyFailuresPerHour: number;
}

export class AuthService {
  private readonly users: UserRepository;
  private readonly codes: CodeStore;
  private readonly tokens: TokenService;
  private readonly mailer: Mailer;
  private readonly appUrl: string;
  private readonly log: FastifyBaseLogger;
  private readonly sessions: SessionStore;

  constructor(deps: AuthServiceDeps) {
    this.users = deps.users;
    this.codes = deps.codes;
    this.tokens = deps.tokens;
    this.mailer = deps.mailer;
    this.appUrl = deps.appUrl;
    this.log = deps.log;
    this.sessions = deps.sessions;
    this.apiKeys = deps.apiKeys;
    this.keyFailures = new WindowLimiter(deps.apiKeyFailuresPerHour, 3600_000);
  }

  readonly apiKeys: ApiKeyStore;
  /** failed API-key checks per client address: guessing keys is as slow as guessing codes */
  private readonly keyFailures: WindowLimiter;

  /** The user and a token for `session`, or for a new session when none is given (sign-in). */
  private async respond(row: UserRow, session?: SessionRef): Promise<AuthResponse> {
    const live = session ?? (await this.sessions.open(row.id));
    return {
      user: toUser(row, await this.users.connectedVendors(row.id)),
      token: await this.tokens.session(row.id, row.password_version, live),
    };
  }

  /** A new session for a user who proved who they are another way (OAuth sign-in). */
  issueSession(row: UserRow): Promise<AuthResponse> {
    return this.respond(row);
  }

  /** Mail failures must not undo the action that sent them: the user can ask again. */
  private async sendQuietly(mail: Mail): Promise<boolean> {
    try {
      await this.mailer.send(mail);
      return true;
    } catch (err) {
      this.log.warn({ err: (err as Error).message, to: mail.to }, 'mail could not be sent');
      return false;
    }
  }

  private async freeUserName(wanted: string | undefined, email: string): Promise<string> {
    if (wanted) {
      if (await this.users.userNameTaken(wanted)) throw new HttpError(409, ErrorCode.USERNAME_TAKEN, 'This user name is already taken.');
      return wanted;
    }
    const base = (email.split('@')[0] ?? 'user')
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 30)
      .padEnd(3, '0');
    if (!(await this.users.userNameTaken(base))) return base;
    for (;;) {
      const candidate = `${base}${randomInt(1000, 9999)}`;
      if (!(await this.users.userNameTaken(candidate))) return candidate;
    }
  }

  /** `lang`: the language of the activation mail (the request's Accept-Language, docs/i18n.md). */
  async signup(input: SignupInput, lang: MailLanguage = 'en'): Promise<AuthResponse> {
    if (await this.users.byEmail(input.email)) {
      throw new HttpError(409, ErrorCode.EMAIL_TAKEN, 'An account with this email already exists.');
    }
    const row = await this.users
      .insert({
        first_name: input.first_name,
        last_name: input.last_name,
        user_name: await this.freeUserName(input.username, input.email),
        email: input.email,
        password_hash: await hashPassword(input.password),
        plan_type: null,
        img_url: null,
        github_login_id: null,
        google_login_id: null,
      })
      .catch((err: { code?: string }) => {
        // Two sign-ups racing for one email: the unique index decides.
        if (err.code === '23505') throw new HttpError(409, ErrorCode.EMAIL_TAKEN, 'An account with this email already exists.');
        throw err;
      });
    await this.sendActivationLink(row, lang);
    return this.respond(row);
  }

  async login(email: string, password: string): Promise<AuthResponse> {
    const row = await this.users.byEmail(email);
    const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash()));
    if (!row || !ok) throw new HttpError(401, ErrorCode.INVALID_CREDENTIALS, 'Incorrect email or password.');
    return this.respond(row);
  }

  /** The signed-in user and live session of a session token, or a 511 that makes the client sign out. */
  async authenticate(token: string | undefined): Promise<{ row: UserRow; session: SessionRef }> {
    if (!token) throw tokenInvalid('Sign in to continue.');
    const claims = await this.tokens.verify(token);
    if (!claims || claims.purpose !== 'session' || !claims.sid) throw tokenInvalid();
    const found = await this.sessions.liveWithUser(claims.sid, claims.sub);
    if (!found || found.row.password_version !== claims.pv) throw tokenInvalid();
    return found;
  }

  /**
   * The user of an API key; 401 with the reason for an unknown, deleted or inactive key, and
   * 429 once the client address has spent its budget of failed checks.
   */
  async authenticateApiKey(key: string, clientAddress: string): Promise<{ row: UserRow; keyId: string }> {
    const limited = this.keyFailures.spent(clientAddress);
    if (limited.spent) {
      throw new HttpError(429, ErrorCode.RATE_LIMITED, 'Too many failed API key attempts. Please wait a while and try again.', {
        headers: { 'retry-after': String(limited.retryAfterSeconds) },
      });
    }
    const check = await this.apiKeys.check(key);
    const row = check.ok ? await this.users.byId(check.userId) : undefined;
    if (!check.ok || !row) {
      this.keyFailures.hit(clientAddress);
      throw new HttpError(401, ErrorCode.API_KEY_INVALID, check.ok ? 'This API key is not valid.' : check.detail);
    }
    return { row, keyId: check.keyId };
  }

  /** A fresh token for the same session: it never outlives the session's absolute end. */
  /**
   * A token of a new session for a local tool (`docent login`): its own session, so the tool's
   * `docent logout` ends only it, and signing out in the browser does not sign the tool out.
   */
  localToolSession(row: UserRow): Promise<AuthResponse> {
    return this.respond(row);
  }

  refresh(row: UserRow, session: SessionRef): Promise<AuthResponse> {
    return this.respond(row, session);
  }

  logout(row: UserRow, session: SessionRef): Promise<void> {
    return this.sessions.revoke(session.id, row.id);
  }

  /**
   * Ends every session of the user, this one included, and switches off every API key (the
   * owner turns back on the ones they trust on the API Keys page; docs/security.md "Round 2").
   */
  async signOutEverywhere(row: UserRow): Promise<{ sessions: number; apiKeys: number }> {
    const sessions = await this.sessions.revokeAll(row.id);
    return { sessions, apiKeys: await this.apiKeys.deactivateAll(row.id) };
  }

  async sendActivationLink(row: UserRow, lang: MailLanguage = 'en'): Promise<boolean> {
    const { token, jti } = await this.tokens.verifyEmail(row.id, ACTIVATION_TTL_SECONDS);
    await this.codes.issue(row.id, 'verify-email', row.email, ACTIVATION_TTL_SECONDS * 1000, jti);
    const link = `${this.appUrl}/auth/rapid/login?token=${encodeURIComponent(token)}`;
    return this.sendQuietly(activationMail(row.email, row.first_name, link, lang));
  }

  /**
   * Activation link only (marks the email verified, once, and opens a new session). A session
   * token is refused: a link carrying one would sign the browser that opens it into the link
   * maker's account (login CSRF, docs/security.md "Round 2").
   */
  async rapidLogin(token: string): Promise<AuthResponse & { emailVerified: boolean }> {
    const invalid = () => new HttpError(400, ErrorCode.CODE_INVALID, 'This sign-in link is invalid or has expired.');
    const claims = await this.tokens.verify(token);
    if (!claims || claims.purpose !== 'verify-email') throw invalid();
    const row = await this.users.byId(claims.sub);
    if (!row) throw invalid();
    await this.codes.check('verify-email', row.email, claims.jti, { consume: true, userId: row.id }).catch((err: HttpError) => {
      throw new HttpError(400, ErrorCode.CODE_INVALID, 'This verification link was already used or replaced by a newer one.', {
        cause: err,
      });
    });
    return { ...(await this.respond(row.is_verified ? row : await this.users.update(row.id, { is_verified: true }))), emailVerified: true };
  }

  /** Mails sent after the answer (forgotPassword), awaited on shutdown and by tests. */
  private readonly background = new Set<Promise<void>>();

  /** Resolves once every mail started after an answer has been sent (or failed). */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  /**
   * Always succeeds, and in the same time whether or not an account exists: the code is issued
   * and mailed after the answer, not before it (docs/security.md "Round 2").
   */
  async forgotPassword(email: string, lang: MailLanguage = 'en'): Promise<void> {
    const row = await this.users.byEmail(email);
    if (!row) return;
    const task = (async () => {
      const code = await this.codes.issue(row.id, 'reset-password', row.email);
      await this.sendQuietly(securityCodeMail(row.email, code, 'reset-password', lang));
    })()
      .catch((err: unknown) => this.log.warn({ err: (err as Error).message }, 'reset code could not be issued'))
      .finally(() => this.background.delete(task));
    this.background.add(task);
  }

  async verifyResetCode(email: string, code: string): Promise<void> {
    await this.codes.check('reset-password', email, code, { consume: false }).catch(hideAccountExistence);
  }

  async setNewPassword(email: string, code: string, password: string): Promise<void> {
    const row = await this.users.byEmail(email);
    // Check the code first so that a wrong code counts as an attempt either way.
    const userId = await this.codes.check('reset-password', email, code, { consume: false }).catch(hideAccountExistence);
    if (!row || row.id !== userId)
      throw new HttpError(400, ErrorCode.CODE_INVALID, 'The entered code is incorrect. Please check and try again.');
    if (await verifyPassword(password, row.password_hash)) throw new HttpError(400, ErrorCode.SAME_PASSWORD, MESSAGES.samePassword);
    await this.codes.check('reset-password', email, code, { consume: true });
    // A reset proves control of the mailbox, so it also verifies the address.
    await this.users.setPassword(row.id, await hashPassword(password));
    // Whoever knew the old password may have made keys with it: they stop working too.
    await this.apiKeys.deactivateAll(row.id);
    if (!row.is_verified) await this.users.update(row.id, { is_verified: true });
  }

  async changePassword(row: UserRow, oldPassword: string, newPassword: string): Promise<AuthResponse & { apiKeysSwitchedOff: number }> {
    if (!(await verifyPassword(oldPassword, row.password_hash))) {
      throw new HttpError(400, ErrorCode.INVALID_CREDENTIALS, 'The current password is incorrect.');
    }
    if (oldPassword === newPassword) throw new HttpError(400, ErrorCode.SAME_PASSWORD, MESSAGES.samePassword);
    // A new password ends every session (older tokens also fail on the password version).
    // and switches off every API key: whoever knew the old password may have made some.
    await this.sessions.revokeAll(row.id);
    const apiKeysSwitchedOff = await this.apiKeys.deactivateAll(row.id);
    return { ...(await this.respond(await this.users.setPassword(row.id, await hashPassword(newPassword)))), apiKeysSwitchedOff };
  }

  async requestEmailChange(row: UserRow, email: string, lang: MailLanguage = 'en'): Promise<void> {
    const owner = await this.users.byEmail(email);
    if (owner && owner.id !== row.id) {
      // Same answer as for a free address, so the form does not tell which addresses have
      // accounts; the owner learns of the attempt and no code exists that could move the address.
      await this.sendQuietly(addressInUseMail(email, lang));
      return;
    }
    const code = await this.codes.issue(row.id, 'change-email', email);
    if (!(await this.sendQuietly(securityCodeMail(email, code, 'change-email', lang)))) {
      throw new HttpError(502, 'MAIL_FAILED', 'The verification code could not be sent. Please try again later.');
    }
  }

  async verifyEmailChange(row: UserRow, session: SessionRef, email: string, code: string): Promise<AuthResponse> {
    await this.codes.check('change-email', email, code, { consume: true, userId: row.id });
    const owner = await this.users.byEmail(email);
    if (owner && owner.id !== row.id) throw new HttpError(409, ErrorCode.EMAIL_TAKEN, 'An account with this email already exists.');
    return this.respond(await this.users.update(row.id, { email, is_verified: true }), session);
  }

  toUser(row: UserRow): User {
    return toUser(row);
  }
}
