import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsPanel } from './SettingsPopover.tsx';
import { getPreferences, reloadPreferences, setNightMode, setNightTime } from '../theme/preferences.ts';

const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

/** Spec §4 / issue 16 item 13: picking the theme that is already shown still turns night mode off. */
describe('SettingsPanel theme picker', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadPreferences();
  });

  it('with night mode on and outside its hours, clicking the highlighted Light turns night mode off', async () => {
    const now = Date.now();
    // a night window that does not contain now, so the light theme is what is shown and highlighted
    setNightTime({ start: hhmm(new Date(now + 2 * 3600_000)), end: hhmm(new Date(now + 3 * 3600_000)) });
    setNightMode(true);
    render(<SettingsPanel />);
    const light = screen.getByText('Light');
    expect(light.closest('.ant-segmented-item')?.className).toContain('ant-segmented-item-selected');
    await userEvent.setup().click(light);
    expect(getPreferences()).toMatchObject({ theme: 'light', nightMode: false });
  });
});
