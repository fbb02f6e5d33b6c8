import { describe, expect, it } from 'vitest';
import { showUpgradeButton } from './upgradeRule.ts';

describe('premium upgrade button', () => {
  it('shows for FREE repositories without the premium flag only', () => {
    expect(showUpgradeButton('FREE', new URLSearchParams(''))).toBe(true);
    expect(showUpgradeButton('FREE', new URLSearchParams('premium=true'))).toBe(false);
    expect(showUpgradeButton('FREE', new URLSearchParams('premium'))).toBe(false);
    expect(showUpgradeButton('PREMIUM', new URLSearchParams(''))).toBe(false);
    expect(showUpgradeButton('PRO', new URLSearchParams(''))).toBe(false);
  });
});
