import { isIP } from 'node:net';
import geoip from 'geoip-country';
import type { Currency } from '@docent/contracts';

/**
 * The currency for a client address (docs/spec-conformance.md §4): INR for an address the bundled offline country
 * database (geoip-country, from MaxMind's GeoLite2) places in India, USD for every other country
 * and for addresses it does not know (private, loopback, link-local).
 */
export function locate(address: string): { currency_code: Currency; country: string | null } {
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  const ip = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (!isIP(ip)) return { currency_code: 'USD', country: null };
  const hit = geoip.lookup(ip);
  const country = hit?.country ?? null;
  return { currency_code: country === 'IN' ? 'INR' : 'USD', country };
}
