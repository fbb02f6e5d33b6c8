import { randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

export type TokenPurpose = 'session' | 'verify-email';

export interface TokenClaims {
  sub: string;
  purpose: TokenPurpose;
  /** password version at issue time (session tokens) */
  pv?: number;
  /** the server-side session a session token belongs to */
  sid?: string;
  jti: string;
}

/** Signs and checks the HS256 JWTs: session tokens and activation-link tokens. */
export class TokenService {
  /**
   * The secret imported once as an HMAC key: given raw bytes, jose imports them again on every
   * call, which tripled the main thread's cost of checking the token each request carries
   * (docs/performance.md, "Round 12").
   */
  private key: Promise<webcrypto.CryptoKey> | undefined;

  constructor(
    private readonly secret: Uint8Array,
    private readonly sessionTtlSeconds: number,
    /** the time in ms, injectable so that a test can issue a token that has already expired */
    private readonly now: () => number = Date.now,
  ) {}

  /** A session token; it expires after the TTL, or at the session's absolute end if sooner. */
  session(userId: string, passwordVersion: number, session: { id: string; expiresAt: Date }): Promise<string> {
    const untilEnd = Math.floor((session.expiresAt.getTime() - this.now()) / 1000);
    const ttl = Math.max(1, Math.min(this.sessionTtlSeconds, untilEnd));
    return this.sign({ sub: userId, purpose: 'session', pv: passwordVersion, sid: session.id, jti: randomUUID() }, ttl);
  }

  /** The token inside an activation link; single use through its jti (see auth service). */
  async verifyEmail(userId: string, ttlSeconds: number): Promise<{ token: string; jti: string }> {
    const jti = randomUUID();
    return { token: await this.sign({ sub: userId, purpose: 'verify-email', jti }, ttlSeconds), jti };
  }

  private async sign(claims: TokenClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({
      purpose: claims.purpose,
      ...(claims.pv === undefined ? {} : { pv: claims.pv }),
      ...(claims.sid === undefined ? {} : { sid: claims.sid }),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt(Math.floor(this.now() / 1000))
      .setIssuer('docent')
      .setExpirationTime(Math.floor(this.now() / 1000) + ttlSeconds)
      .sign(await this.hmacKey());
  }

  private hmacKey(): Promise<webcrypto.CryptoKey> {
    this.key ??= webcrypto.subtle.importKey('raw', this.secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return this.key;
  }

  /** Claims of a valid token, or null for a forged, expired or malformed one. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      // A token without an expiry would be valid forever, even if signed with our key.
      const { payload } = await jwtVerify(token, await this.hmacKey(), {
        issuer: 'docent',
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat'],
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
      const purpose = payload.purpose === 'verify-email' ? 'verify-email' : payload.purpose === 'session' ? 'session' : null;
      if (!purpose) return null;
      return {
        sub: payload.sub,
        purpose,
        jti: payload.jti,
        ...(typeof payload.pv === 'number' ? { pv: payload.pv } : {}),
        ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
      };
    } catch (err) {
      if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
