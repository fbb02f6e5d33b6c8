import { describe, expect, it } from 'vitest';
import { checkoutPath } from './checkout.ts';

describe('checkoutPath: which provider a currency pays through', () => {
  it('USD goes to PayPal where the server offers it, else the test provider', () => {
    expect(checkoutPath({ paypal: true, cashfree: true, test: false }, 'USD')).toBe('paypal');
    expect(checkoutPath({ paypal: false, cashfree: false, test: true }, 'USD')).toBe('test');
  });
  it('INR goes to Cashfree where the server offers it, never to PayPal', () => {
    expect(checkoutPath({ paypal: true, cashfree: true, test: false }, 'INR')).toBe('cashfree');
    expect(checkoutPath({ paypal: false, cashfree: true, test: true }, 'INR')).toBe('cashfree');
    expect(checkoutPath({ paypal: true, cashfree: false, test: false }, 'INR')).toBe(null);
    expect(checkoutPath({ paypal: true, cashfree: false, test: true }, 'INR')).toBe('test');
    expect(checkoutPath({ paypal: false, cashfree: true, test: false }, 'USD')).toBe(null);
    expect(checkoutPath(undefined, 'USD')).toBe(null);
  });
});
