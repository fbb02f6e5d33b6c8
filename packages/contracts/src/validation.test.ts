import { describe, expect, it } from 'vitest';
import { Email, isStrongPassword, isValidEmail, isValidUpi, SecurityCode } from './validation.ts';
import { profileCompleteness, profileProgress, type User } from './user.ts';

describe('the specified validation rules', () => {
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

/** Only what the user can fill counts, and the missing fields are named. */
describe('profile progress', () => {
  const user: User = {
    id: 'u1',
    firstName: 'Grace',
    lastName: '',
    userName: 'grace',
    email: { name: 'grace@example.com' },
    imgUrl: null,
    isVerified: true,
    planType: null,
    githubLoginId: null,
    googleLoginId: null,
    connectedVendors: [],
    countRepoGen: 0,
    tutorialDone: false,
    creditsBannerDismissed: false,
    createdAt: '2026-01-01T00:00:00Z',
  };

  it('login ids, plan, vendors and credits do not count; the missing fields are named', () => {
    // firstName, userName, email, isVerified of 6 → 67 %, whatever the login ids and plan hold
    expect(profileProgress(user)).toEqual({ percent: 67, missing: ['lastName', 'imgUrl'] });
    expect(profileProgress({ ...user, githubLoginId: 'gh', planType: 'PRO', connectedVendors: ['GITHUB'] } as User).percent).toBe(67);
  });

  it('a user who filled every field is at 100 % with nothing missing', () => {
    expect(profileProgress({ ...user, lastName: 'Hopper', imgUrl: 'https://example.com/g.png' })).toEqual({ percent: 100, missing: [] });
  });
});
