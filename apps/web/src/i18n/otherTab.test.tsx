import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTranslation } from 'react-i18next';
import i18n from './index.ts';
import { reloadPreferences } from '../theme/preferences.ts';

function SignInTitle() {
  const { t } = useTranslation();
  return <h1>{t('auth.login.submit')}</h1>;
}

/** A language picked in another tab reaches this one through the `storage` event, as a theme does. */
describe('the interface language from another tab', () => {
  afterEach(async () => {
    localStorage.clear();
    reloadPreferences();
    await i18n.changeLanguage('en');
  });

  it('switches the open page to German and back without a reload', async () => {
    render(<SignInTitle />);
    expect(screen.getByRole('heading').textContent).toBe('Sign in');
    // another tab writes the item; this tab hears only the event
    await act(async () => {
      localStorage.setItem('language', 'de');
      window.dispatchEvent(new StorageEvent('storage', { key: 'language' }));
    });
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByRole('heading').textContent).toBe(i18n.getFixedT('de')('auth.login.submit'));
    expect(screen.getByRole('heading').textContent).not.toBe('Sign in');
    await act(async () => {
      localStorage.setItem('language', 'en');
      window.dispatchEvent(new StorageEvent('storage', { key: 'language' }));
    });
    expect(screen.getByRole('heading').textContent).toBe('Sign in');
  });
});
