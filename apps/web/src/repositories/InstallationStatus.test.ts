import { describe, expect, it } from 'vitest';
import { INSTALL_STATUS_POLL_MS, isInstalling } from './InstallationStatus.tsx';

describe('installation status', () => {
  it('shows progress while any vendor status is not no_status', () => {
    expect(
      isInstalling([
        { status: 'no_status', message: '' },
        { status: 'in_progress', message: 'Syncing GitHub' },
      ]),
    ).toBe(true);
    expect(isInstalling([{ status: 'no_status', message: 'Synced 2 repositories' }, undefined])).toBe(false);
    expect(isInstalling([])).toBe(false);
  });
  it('polls every 5 seconds', () => {
    expect(INSTALL_STATUS_POLL_MS).toBe(5000);
  });
});
