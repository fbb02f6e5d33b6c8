import { describe, expect, it } from 'vitest';
import { Email, isStrongPassword, isValidEmail, isValidUpi, SecurityCode } from './validation.ts';
import { profileCompleteness } from './user.ts';

describe('spec §5 validation rules', () => {
  it.each([
    ['a.b_c%d+e-f@example.co', true],
    ['user@sub.domain.io', true],
    ['user@domain', false],
    ['user@domain.c', false],
    ['user example@domain.com', false],
    ['@domain.com', false],
  ])('email %s → %s', (value, ok) => {
    expect(isValidEmail(value)).toBe(ok);
  });
  it('normalises an email to lower case', () => {
    expect(Email.parse(' Ann@Example.COM ')).toBe('ann@example.com');
  });
  it.each([
    ['Abcdefg1', true],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Abc1', false],
  ])('password %s strong → %s', (value, ok) => {
    expect(isStrongPassword(value)).toBe(ok);
  });
  it('UPI ids need no TLD', () => {
    expect(isValidUpi('name@okhdfc')).toBe(true);
    expect(isValidUpi('name')).toBe(false);
  });
  it('a security code is exactly 6 digits', () => {
    expect(SecurityCode.safeParse('123456').success).toBe(true);
    expect(SecurityCode.safeParse('12345').success).toBe(false);
    expect(SecurityCode.safeParse('1234567').success).toBe(false);
    expect(SecurityCode.safeParse('12a456').success).toBe(false);
  });
});

describe('profile completeness', () => {
  it('is the rounded share of non-empty fields, counted recursively', () => {
    // 5 leaves: a, b.c, b.d, e[0], f(empty list) → a, b.c, e[0] filled = 3/5
    expect(profileCompleteness({ a: 'x', b: { c: 1, d: '' }, e: ['y'], f: [] })).toBe(60);
    expect(profileCompleteness({ a: null, b: '' })).toBe(0);
    expect(profileCompleteness({ a: 'x', b: 'y', c: 'z' })).toBe(100);
    expect(profileCompleteness({ a: 'x', b: '', c: '' })).toBe(33);
  });
});
