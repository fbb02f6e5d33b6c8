import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsPanel } from './SettingsPanel.tsx';
import { getPreferences, reloadPreferences, setLanguage, setNightMode, setNightTime } from '../theme/preferences.ts';
import i18n from '../i18n/index.ts';

const field = (id: string) => {
  const el = screen.getByTestId(id);
  return (el instanceof HTMLInputElement ? el : el.querySelector('input'))!;
};
const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

/** docs/spec-conformance.md §4: picking the theme that is already shown still turns night mode off. */
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

/** German shows the night-mode times on 24 hours ("20:00", not "08:00 PM"). */
describe('SettingsPanel night-mode times', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadPreferences();
  });

  it('in German the From and To fields and the help read 20:00 and 08:00', async () => {
    setLanguage('de');
    await i18n.changeLanguage('de');
    setNightMode(true);
    try {
      render(<SettingsPanel />);
      const from = field('night-start');
      const to = field('night-end');
      // a native <input type="time"> is drawn in the browser's locale ("08:00 PM"), whatever the page's language
      expect(from.type).toBe('text');
      expect(from.value).toBe('20:00');
      expect(to.value).toBe('08:00');
      expect(screen.getByText('Dunkel von 20:00 bis 08:00, sonst hell.')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('in English the same times read with AM/PM', () => {
    setNightMode(true);
    render(<SettingsPanel />);
    expect(field('night-start').value).toBe('8:00 PM');
    expect(screen.getByText('Dark from 8:00 PM to 8:00 AM, light otherwise.')).toBeTruthy();
  });
});
