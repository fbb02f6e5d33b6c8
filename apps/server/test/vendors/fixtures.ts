/** Hand-written vendor payloads (fixtures/<vendor>/*.json), shaped after each vendor's API reference examples. */
import { readFileSync } from 'node:fs';

export function fixture<T = unknown>(path: string): T {
  return JSON.parse(readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8')) as T;
}
