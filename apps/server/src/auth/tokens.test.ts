import { createHmac, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignJWT, jwtVerify, type JWTHeaderParameters, type JWTPayload } from 'jose';
import { TokenService } from './tokens.ts';

/**
 * The token check runs on the API's thread with node:crypto (docs/performance.md, "Round 13"):
 * it must accept exactly what jose's `jwtVerify` with the options the service used before
 * accepted, and refuse everything else.
 */
const secret = new Uint8Array(32).fill(7);
const otherSecret = new Uint8Array(32).fill(8);
const now = 1_800_000_000;
const service = new TokenService(secret, 3600, () => now * 1000);
const key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

const claims = { purpose: 'session', sid: 's-1', pv: 2 };
const valid: JWTPayload = { ...claims, sub: 'u-1', jti: 'j-1', iss: 'docent', iat: now - 10, exp: now + 600 };

async function signed(payload: JWTPayload, header: JWTHeaderParameters = { alg: 'HS256' }, with_ = secret): Promise<string> {
  const k = with_ === secret ? await key : with_;
  return new SignJWT(payload).setProtectedHeader(header).sign(k);
}

/** A token signed by hand: any header and payload bytes, HMAC-SHA256 with `with_`. */
function handSigned(header: string, payload: string, with_ = secret): string {
  const h = Buffer.from(header).toString('base64url');
  const p = Buffer.from(payload).toString('base64url');
  const sig = createHmac('sha256', with_).update(`${h}.${p}`).digest('base64url');
  return `${h}.${p}.${sig}`;
}

/** What jose's verification with the service's former options says: accepted or not. */
async function joseAccepts(token: string): Promise<boolean> {
  try {
    await jwtVerify(token, await key, {
      issuer: 'docent',
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat'],
      currentDate: new Date(now * 1000),
    });
    return true;
  } catch {
    return false;
  }
}

describe('TokenService.verify', () => {
  it('agrees with jose on valid, expired, forged, re-algorithmed and malformed tokens', async () => {
    const { exp: _exp, ...noExp } = valid;
    const { iat: _iat, ...noIat } = valid;
    const cases: Array<[string, string]> = [
      ['valid', await signed(valid)],
      ['typ JWT', await signed(valid, { alg: 'HS256', typ: 'JWT' })],
      ['expired', await signed({ ...valid, exp: now - 1 })],
      ['expires now', await signed({ ...valid, exp: now })],
      ['no expiry', await signed(noExp)],
      ['no issue time', await signed(noIat)],
      ['string expiry', await signed({ ...valid, exp: String(now + 600) as unknown as number })],
      ['other issuer', await signed({ ...valid, iss: 'someone' })],
      ['no issuer', await signed({ ...valid, iss: undefined })],
      ['not yet valid', await signed({ ...valid, nbf: now + 60 })],
      ['valid since', await signed({ ...valid, nbf: now - 60 })],
      ['other secret', handSigned('{"alg":"HS256"}', JSON.stringify(valid), otherSecret)],
      ['alg none', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(valid)).toString('base64url')}.`],
      ['alg HS512 header, HS256 signature', handSigned('{"alg":"HS512"}', JSON.stringify(valid))],
      ['critical extension', handSigned('{"alg":"HS256","crit":["x"],"x":1}', JSON.stringify(valid))],
      ['unencoded payload', handSigned('{"alg":"HS256","b64":false,"crit":["b64"]}', JSON.stringify(valid))],
      ['payload not JSON', handSigned('{"alg":"HS256"}', 'not json')],
      ['payload an array', handSigned('{"alg":"HS256"}', '[1,2]')],
      ['header not JSON', handSigned('alg', JSON.stringify(valid))],
      ['two parts', (await signed(valid)).split('.').slice(0, 2).join('.')],
      ['four parts', `${await signed(valid)}.x`],
      ['empty', ''],
    ];
    for (const [name, token] of cases) {
      const ours = (await service.verify(token)) !== null;
      expect(ours, name).toBe(await joseAccepts(token));
    }
    // stricter than jose on one point: base64url padding is not part of a compact JWS (RFC 7515 §2)
    const padded = `${await signed(valid)}=`;
    expect(await joseAccepts(padded)).toBe(true);
    expect(await service.verify(padded)).toBeNull();
  });

  it("reads back the claims of the service's own tokens and refuses them once expired", async () => {
    const token = await service.session('u-9', 4, { id: 's-9', expiresAt: new Date((now + 7200) * 1000) });
    expect(await service.verify(token)).toEqual({ sub: 'u-9', purpose: 'session', jti: expect.any(String), pv: 4, sid: 's-9' });
    const later = new TokenService(secret, 3600, () => (now + 3601) * 1000);
    expect(await later.verify(token)).toBeNull();
    const { token: link } = await service.verifyEmail('u-9', 60);
    expect((await service.verify(link))?.purpose).toBe('verify-email');
    // a one-bit change in the signature
    const last = link.at(-1) === 'A' ? 'B' : 'A';
    expect(await service.verify(link.slice(0, -1) + last)).toBeNull();
  });
});
