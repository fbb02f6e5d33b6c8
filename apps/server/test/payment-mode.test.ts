import { describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin.ts';
import { billingFrom, paymentSandboxWarning } from '../src/config.ts';
import { SecretBox } from '../src/crypto/secretbox.ts';
import { loadSecrets } from '../src/secrets.ts';
import { createTestApp } from './helpers/app.ts';

/**
 * docs/billing.md "Sandbox or live": payments default to the providers' sandbox, so an operator
 * who configured PayPal or Cashfree and forgot PAYMENT_MODE=live is told so, loudly, at start-up
 * and in `npm run admin -- stats`, outside development.
 */
const PAYPAL = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
const CASHFREE = { CASHFREE_APP_ID: 'app', CASHFREE_SECRET_KEY: 'key' };

describe('PAYMENT_MODE', () => {
  it('names the configured providers that point at their sandbox, and warns outside development only', () => {
    const both = billingFrom({ ...PAYPAL, ...CASHFREE });
    expect(both.paymentMode).toBe('sandbox');
    expect(both.sandboxProviders).toEqual(['PayPal', 'Cashfree']);
    expect(paymentSandboxWarning(both)).toContain('PayPal and Cashfree use the provider');
    expect(paymentSandboxWarning(both)).toContain('Set PAYMENT_MODE=live');

    const live = billingFrom({ ...PAYPAL, ...CASHFREE, PAYMENT_MODE: 'live' });
    expect(live.sandboxProviders).toEqual([]);
    expect(paymentSandboxWarning(live)).toBeNull();
    // nothing configured: no payments, nothing to warn about
    expect(paymentSandboxWarning(billingFrom({}))).toBeNull();
    // a base URL of the operator's own (a proxy, a test double) is not the provider's sandbox
    expect(billingFrom({ ...PAYPAL, PAYPAL_BASE_URL: 'http://127.0.0.1:9/' }).sandboxProviders).toEqual([]);
    expect(paymentSandboxWarning(billingFrom({ ...CASHFREE, NODE_ENV: 'development' }))).toBeNull();
    expect(paymentSandboxWarning(billingFrom({ ...CASHFREE, NODE_ENV: 'production' }))).toContain('Cashfree uses the provider');
  });

  it('refuses a value that is neither sandbox nor live, rather than fall back to the sandbox', () => {
    expect(() => billingFrom({ ...PAYPAL, PAYMENT_MODE: 'production' })).toThrow('PAYMENT_MODE must be sandbox or live, got "production"');
    expect(billingFrom({ PAYMENT_MODE: 'LIVE' }).paymentMode).toBe('live');
  });

  it('a server started with PayPal in the sandbox logs a warning; in live mode it does not', async () => {
    const sandboxLines: string[] = [];
    const liveLines: string[] = [];
    const sandbox = await createTestApp(
      { ...PAYPAL, NODE_ENV: 'production' },
      { logStream: { write: (l: string) => sandboxLines.push(l) } },
    );
    const live = await createTestApp(
      { ...PAYPAL, NODE_ENV: 'production', PAYMENT_MODE: 'live' },
      { logStream: { write: (l: string) => liveLines.push(l) } },
    );
    try {
      const parse = (lines: string[]) => lines.map((l) => JSON.parse(l) as { level: number; msg: string; PAYMENT_MODE?: string });
      const warning = parse(sandboxLines).find((l) => l.msg.includes('PAYMENT_MODE is not live'));
      expect(warning?.level).toBe(40);
      expect(warning?.PAYMENT_MODE).toBe('sandbox');
      expect(warning?.msg).toContain('PayPal uses the provider');
      expect(parse(liveLines).some((l) => l.msg.includes('PAYMENT_MODE'))).toBe(false);
    } finally {
      await sandbox.close();
      await live.close();
    }
  }, 120_000);

  it('npm run admin -- stats repeats the warning, and reports the mode in --json', async () => {
    const t = await createTestApp();
    try {
      const box = new SecretBox((await loadSecrets(t.config)).encryptionKey);
      const lines: string[] = [];
      const out = (l: string) => lines.push(l);
      const billing = billingFrom({ ...CASHFREE, NODE_ENV: 'production' });
      expect(await runAdmin(['stats'], { db: t.database.db, box, out, billing })).toBe(0);
      expect(lines[0]).toBe(paymentSandboxWarning(billing));
      lines.length = 0;
      await runAdmin(['stats', '--json'], { db: t.database.db, box, out, billing });
      expect(JSON.parse(lines[0]!).payments).toEqual({ mode: 'sandbox', sandbox: ['Cashfree'], warning: paymentSandboxWarning(billing) });
      lines.length = 0;
      await runAdmin(['stats'], { db: t.database.db, box, out, billing: billingFrom({ ...CASHFREE, PAYMENT_MODE: 'live' }) });
      expect(lines.some((l) => l.includes('PAYMENT_MODE'))).toBe(false);
      expect(lines[0]).toBe('Users: 0');
    } finally {
      await t.close();
    }
  }, 120_000);
});
