import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getPreferences, type Language } from '../theme/preferences.ts';

/**
 * Each language's texts are their own chunk, loaded when the language is first used: a first load
 * downloads one language, not both (docs/performance.md, "First load").
 */
const bundles: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./en.json'),
  de: () => import('./de.json'),
};

const lazyBundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = bundles[language as Language];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

/**
 * Interface languages en and de (docs/spec-conformance.md §1); the choice is the `language` preference.
 * Every key exists in both (translations.test.ts), so there is no fallback language to load as well.
 * Components that translate suspend until the language has loaded (App.tsx's Suspense).
 */
const language = getPreferences().language;
export const i18nReady = i18n
  .use(lazyBundles)
  .use(initReactI18next)
  .init({
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });

if (typeof document !== 'undefined') document.documentElement.lang = language;
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

export default i18n;
