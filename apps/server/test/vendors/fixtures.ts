/** Hand-written vendor payloads (fixtures/<vendor>/*.json), shaped after each vendor's API reference examples. */
import { readFileSync } from 'node:fs';

/** Loads a fixture; `__BASE__` (absolute next-page links) becomes the replay server's URL. */
export function fixture<T = unknown>(path: string, base = ''): T {
  const text = readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8');
  return JSON.parse(text.replaceAll('__BASE__', base)) as T;
}

/** A non-JSON fixture (e.g. an HTML sign-in page) as text. */
export function fixtureText(path: string): string {
  return readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8');
}
