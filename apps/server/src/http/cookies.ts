/**
 * The one way the server writes and reads its cookies (the sign-in state cookie, the hosted
 * docs' session cookie): the value is percent-encoded when written and decoded when read, so
 * any value survives the trip, and a header that cannot be decoded reads as no cookie.
 */

export interface CookieOptions {
  path: string;
  /** seconds; 0 deletes the cookie; absent: a session cookie */
  maxAge?: number;
  secure: boolean;
}

/** A `Set-Cookie` value: HttpOnly and SameSite=Lax always (no script reads these cookies). */
export function serializeCookie(name: string, value: string, opts: CookieOptions): string {
  const maxAge = opts.maxAge === undefined ? '' : `; Max-Age=${opts.maxAge}`;
  return `${name}=${encodeURIComponent(value)}; Path=${opts.path}${maxAge}; HttpOnly; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
}

/** The value of the first cookie called `name` in a `Cookie` header, decoded; undefined when absent or undecodable. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0 || part.slice(0, i).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
