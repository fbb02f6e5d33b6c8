import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('writes dollars and rupees with their symbols, in English and German', () => {
    expect(formatMoney(20, 'USD', 'en')).toBe('$20.00');
    expect(formatMoney(1660, 'INR', 'en')).toBe('₹1,660.00');
    expect(formatMoney(20, 'USD', 'de').replace(/\s/g, ' ')).toBe('20,00 $');
    expect(formatMoney(1660, 'INR', 'de').replace(/\s/g, ' ')).toBe('1.660,00 ₹');
  });
});
