// The interface texts in two parts per language (docs/performance.md, "First load"): `first`, what
// the sign-in pages, the signed-in shell and the dashboard show, loaded at start-up; `pages`, the
// sections only other pages and dialogs use, loaded with them (src/i18n/index.ts). en.json and
// de.json stay whole; `import('virtual:texts/en/first')` answers that part as a module.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Top-level sections of en.json/de.json that no first-paint screen reads; every other section is `first`. */
export const PAGE_SECTIONS = [
  'repository',
  'billing',
  'apiKeys',
  'webhooks',
  'profile',
  'docTools',
  'terminal',
  'coupons',
  'docSets',
  'jobs',
  'prCheck',
  'tour',
];

/** The `part` ('first' or 'pages') of a language's texts. */
export function textPart(texts, part) {
  return Object.fromEntries(Object.entries(texts).filter(([section]) => PAGE_SECTIONS.includes(section) === (part === 'pages')));
}

const VIRTUAL = /^virtual:texts\/(en|de)\/(first|pages)$/;
const RESOLVED = /[\\/]i18n[\\/](en|de)\.(first|pages)\.texts\.js$/;

/**
 * @param {{ i18nDir: string }} options the directory of en.json and de.json
 * @returns {import('vite').Plugin}
 */
export function textSections({ i18nDir }) {
  return {
    name: 'docent:text-sections',
    resolveId(source) {
      const m = VIRTUAL.exec(source);
      return m ? path.join(i18nDir, `${m[1]}.${m[2]}.texts.js`) : null;
    },
    load(id) {
      const m = RESOLVED.exec(id);
      if (!m) return null;
      const file = path.join(i18nDir, `${m[1]}.json`);
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8'));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(textPart(texts, m[2])))});`;
    },
  };
}
