import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import de from './de.json';
import { getPreferences } from '../theme/preferences.ts';

/** Interface languages en and de (docs/spec-conformance.md §1); the choice is the `language` preference. */
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, de: { translation: de } },
  lng: getPreferences().language,
  fallbackLng: 'en',
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

export default i18n;
