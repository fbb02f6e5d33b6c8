import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getPreferences, type Language } from '../theme/preferences.ts';

type Texts = Record<string, unknown>;
type Load = () => Promise<{ default: Texts }>;

/**
 * Each language's texts are chunks of their own, loaded when the language is first used, in two
 * parts (scripts/text-sections.mjs): `first`, what the sign-in pages, the shell and the dashboard
 * show, at start-up; `pages`, the other pages' and dialogs' sections, with the first page or
 * dialog that needs them (`withPageTexts`). A first load downloads one language's first part
 * (docs/performance.md, "First load").
 */
const bundles: Record<Language, { first: Load; pages: Load }> = {
  en: { first: () => import('virtual:texts/en/first'), pages: () => import('virtual:texts/en/pages') },
  de: { first: () => import('virtual:texts/de/first'), pages: () => import('virtual:texts/de/pages') },
};

/** Set once a page or dialog has asked for the page texts: every language loaded from then on brings them. */
let pagesWanted = false;
const pagesLoaded = new Map<string, Promise<void>>();

function loadPages(language: string): Promise<void> {
  const part = bundles[language as Language];
  if (!part) return Promise.resolve();
  let loading = pagesLoaded.get(language);
  if (!loading) {
    loading = part.pages().then((m) => void i18n.addResourceBundle(language, 'translation', m.default, true, true));
    loading.catch(() => pagesLoaded.delete(language));
    pagesLoaded.set(language, loading);
  }
  return loading;
}

/**
 * The page texts of the interface language (and, from now on, of any language switched to).
 * Route and dialog loaders wait for it beside their module, so a page never renders before its texts.
 */
export function loadPageTexts(languages: readonly string[] = [i18n.resolvedLanguage ?? i18n.language]): Promise<void> {
  pagesWanted = true;
  return Promise.all(languages.map(loadPages)).then(() => undefined);
}

/** A module loader that also waits for the page texts (for `lazy()` and the router's `lazy`). */
export function withPageTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadPageTexts()]))[0];
}

const lazyBundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const part = bundles[language as Language];
    if (!part) return callback(null, {});
    Promise.all([part.first(), pagesWanted ? part.pages() : null]).then(
      ([first, pages]) => {
        if (pages) pagesLoaded.set(language, Promise.resolve());
        callback(null, { ...first.default, ...pages?.default });
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

/**
 * Interface languages en and de (docs/spec-conformance.md §1); the choice is the `language` preference.
 * Every key exists in both (translations.test.ts), so there is no fallback language to load as well.
 * Components that translate suspend until the language has loaded (App.tsx's Suspense); they
 * re-render when page texts are added (a language switched back to while a page is open).
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
    react: { bindI18nStore: 'added' },
  });

if (typeof document !== 'undefined') document.documentElement.lang = language;
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  // a language loaded before the page texts were wanted gets them now
  if (pagesWanted && i18n.hasResourceBundle(lng, 'translation')) void loadPages(lng);
});

// A language picked in another tab of the same browser applies here too, as its theme does
// (theme/preferences.ts re-reads the preferences on the same `storage` event, before this runs).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', () => {
    const wanted = getPreferences().language;
    if (wanted !== i18n.language) void i18n.changeLanguage(wanted);
  });
}

export default i18n;
