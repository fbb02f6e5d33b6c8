import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, withToken } from './redirect.ts';

const origin = 'https://docent.example.com';

describe('safeRedirectTarget', () => {
  it('accepts this origin, relative paths and loopback tools', () => {
    expect(safeRedirectTarget('/jobs?x=1', origin)?.href).toBe('https://docent.example.com/jobs?x=1');
    expect(safeRedirectTarget('https://docent.example.com/a', origin)?.pathname).toBe('/a');
    expect(safeRedirectTarget('http://localhost:5555/cb', origin)?.host).toBe('localhost:5555');
    expect(safeRedirectTarget('http://127.0.0.1:9/cb', origin)?.hostname).toBe('127.0.0.1');
  });

  it('refuses other sites, protocol-relative tricks and script URLs', () => {
    expect(safeRedirectTarget('https://evil.example.net/steal', origin)).toBeNull();
    expect(safeRedirectTarget('//evil.example.net/steal', origin)).toBeNull();
    expect(safeRedirectTarget('javascript:alert(1)', origin)).toBeNull();
    expect(safeRedirectTarget('http://localhost.evil.net/', origin)).toBeNull();
    expect(safeRedirectTarget('', origin)).toBeNull();
    expect(safeRedirectTarget(null, origin)).toBeNull();
  });
});

describe('withToken', () => {
  it('appends the token, keeping the existing query', () => {
    expect(withToken(new URL('http://localhost:5555/cb?a=1'), 'x y')).toBe('http://localhost:5555/cb?a=1&token=x+y');
    expect(withToken(new URL('http://localhost:5555/cb'), 'abc')).toBe('http://localhost:5555/cb?token=abc');
  });
});
