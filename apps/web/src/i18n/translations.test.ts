import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@docent/contracts';
import en from './en.json';
import de from './de.json';

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function lookup(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

describe('translations', () => {
  it('German has exactly the English keys, each non-empty', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
    for (const k of keys(de)) expect(String(lookup(de, k)).trim(), k).not.toBe('');
  });

  it('German interpolates the same variables as English', () => {
    const vars = (s: unknown) => (String(s).match(/{{\w+}}|<\w+\/>/g) ?? []).sort();
    for (const k of keys(en)) expect(vars(lookup(de, k)), k).toEqual(vars(lookup(en, k)));
  });

  it('English uses the exact specified validation and message texts, the same as the shared contract messages', () => {
    expect(en.auth.common.notValidEmail).toBe(MESSAGES.notValidEmail);
    expect(en.auth.common.requiredField).toBe(MESSAGES.requiredField);
    expect(en.auth.common.confirmPasswordError).toBe(MESSAGES.confirmPasswordError);
    expect(en.auth.common.weakPassword).toBe(MESSAGES.weakPassword);
    expect(en.auth.emailCodeNotFound).toBe('Email or Security Code not found. Please go back and fill them again');
    expect(en.auth.incorrectCode).toBe('The entered code is incorrect. Please check and try again.');
    expect(en.shell.banner.unverified).toBe('Activation email sent to {{email}}. Check your inbox to verify.');
    expect(en.shell.banner.sent).toBe('Activation email sent!');
    expect(en.shell.banner.failed).toBe('Failed to resend activation email. Please try again.');
    expect(en.auth.login.failed).toBe('Login failed');
    expect(en.auth.signup.failed).toBe('Sign up failed');
    expect(en.auth.newPassword.failed).toBe('Failed to set new password');
    expect(en.auth.localhost.failed).toBe('Login Failed');
    expect(en.repositories.connect.title).toBe('Connect Vendors');
  });

  it('breadcrumb labels are the specified list', () => {
    const b = en.breadcrumb;
    expect([
      b.repositories,
      b.apiKeys,
      b.profile,
      b.account,
      b.securitySettings,
      b.payments,
      b.upgradePlan,
      b.transactions,
      b.coupons,
    ]).toEqual([
      'Repositories',
      'API Keys',
      'Profile',
      'Account',
      'Security Settings',
      'Payments',
      'Upgrade Plan',
      'Transactions',
      'Coupons',
    ]);
  });
});
