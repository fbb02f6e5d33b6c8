import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18n, { i18nReady, loadPageTexts } from '../i18n/index.ts';

// The CI machine has two cores shared by every test project: a lazily imported antd part (the vendor filter's Select)
// can take over testing-library's default 1 s to arrive there, so waits allow 5 s (a wait that passes returns at once).
configure({ asyncUtilTimeout: 5_000 });

// each language's texts load as two chunks; tests render with all of both in place (some ask for German directly)
await i18nReady;
await i18n.loadLanguages(['en', 'de']);
await loadPageTexts(['en', 'de']);

// antd's responsive helpers call window.matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}
// antd's avatar, menu and cards measure themselves; jsdom has no ResizeObserver.
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}
// antd measures scrollbars through getComputedStyle on pseudo elements, which jsdom does not implement.
const originalGetComputedStyle = window.getComputedStyle;
window.getComputedStyle = (elt: Element, pseudo?: string | null) => originalGetComputedStyle(elt, pseudo ? undefined : pseudo);

// antd's Table (with scroll) observes its size; jsdom has no ResizeObserver.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});
