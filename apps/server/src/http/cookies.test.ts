import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies.ts';

describe('cookies', () => {
  it('a value with separators, percent signs and spaces reads back as written', () => {
    const value = 'a=b; c%2 d.é';
    const set = serializeCookie('docent_docs', value, { path: '/docs', secure: false });
    expect(set).toBe('docent_docs=a%3Db%3B%20c%252%20d.%C3%A9; Path=/docs; HttpOnly; SameSite=Lax');
    const sent = set.split(';')[0]!;
    expect(readCookie(`other=1; ${sent}`, 'docent_docs')).toBe(value);
  });

  it('writes Max-Age and Secure when asked', () => {
    expect(serializeCookie('n', '', { path: '/api', maxAge: 0, secure: true })).toBe(
      'n=; Path=/api; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it('matches the whole name, takes the first of two, and ignores spaces around it', () => {
    const header = 'docent_oauth_github_x=1;  docent_oauth_github = v1 ; docent_oauth_github=v2';
    expect(readCookie(header, 'docent_oauth_github')).toBe('v1');
    expect(readCookie(header, 'docent_oauth_git')).toBeUndefined();
  });

  it('reads no cookie from a missing header, a nameless part or a value that cannot be decoded', () => {
    expect(readCookie(undefined, 'a')).toBeUndefined();
    expect(readCookie('=x; b=1', '')).toBeUndefined();
    expect(readCookie('a=%E0%A4%A', 'a')).toBeUndefined();
  });
});
