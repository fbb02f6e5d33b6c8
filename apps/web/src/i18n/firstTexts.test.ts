import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_SECTIONS, textPart } from '../../scripts/text-sections.mjs';
import en from './en.json';

const src = path.resolve(import.meta.dirname, '..');

/**
 * What renders before the page texts are asked for (router.tsx's `firstPaintPage` routes and the
 * start-up modules): they and everything they import must read only the first part of the texts
 * (scripts/text-sections.mjs), or a key would show instead of its text.
 */
const FIRST_PAINT = [
  'App.tsx',
  'router.tsx',
  'shell/AppLayout.tsx',
  'repositories/RepositoriesPage.tsx',
  'repositories/OrganizationPage.tsx',
  'auth/LoginPage.tsx',
  'auth/SignUpPage.tsx',
  'auth/LockPage.tsx',
  'auth/ForgotPasswordPage.tsx',
  'auth/SecurityCodePage.tsx',
  'auth/NewPasswordPage.tsx',
  'auth/RapidLoginPage.tsx',
  'auth/LocalhostLoginPage.tsx',
  'auth/LogoutPage.tsx',
  'auth/OAuthCallbackPage.tsx',
  'errors/NotFoundPage.tsx',
  'errors/ServerErrorPage.tsx',
];

/**
 * The modules those reach: static imports, and dynamic ones unless loaded through
 * `withPageTexts` (which brings the page texts first) or by the router's `page()`.
 */
function reachable(): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    for (const line of text.split('\n')) {
      if (/withPageTexts|lazy: page\(|= page\(|^import type /.test(line)) continue;
      for (const m of line.matchAll(/(?:from\s*|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) visit(path.resolve(path.dirname(file), m[1]!));
    }
  };
  FIRST_PAINT.forEach((f) => visit(path.join(src, f)));
  return seen;
}

describe('the first part of the texts', () => {
  it('holds every section the first-paint screens read; the page texts only what other pages read', () => {
    const modules = reachable();
    expect(modules.size).toBeGreaterThan(40);
    const misplaced: string[] = [];
    for (const [file, text] of modules) {
      for (const m of text.matchAll(/(?:\bt\(\s*|i18nKey=)['"`]([a-zA-Z]+)\.[\w.${}]*/g)) {
        if (PAGE_SECTIONS.includes(m[1]!)) misplaced.push(`${path.relative(src, file)}: ${m[0]}`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('the two parts make up the whole', () => {
    const first = textPart(en, 'first');
    const pages = textPart(en, 'pages');
    expect(Object.keys(pages).sort()).toEqual([...PAGE_SECTIONS].sort());
    expect({ ...first, ...pages }).toEqual(en);
    expect(Object.keys(first)).toContain('shell');
  });
});
