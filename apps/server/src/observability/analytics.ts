import { anonymousPath } from '@docent/contracts';

/**
 * Plausible-compatible events (POST {ANALYTICS_URL}/api/event, JSON {name, url, domain, props}):
 * no cookies, no user ids or addresses, paths with their ids stripped (docs/security.md).
 */
export class AnalyticsSender {
  private readonly endpoint: string;
  constructor(
    url: string,
    private readonly appUrl: string,
    private readonly domain: string,
  ) {
    let parsed: URL;
    try {
      parsed = new URL(url.trim());
    } catch {
      throw new Error(`ANALYTICS_URL must be an http(s) URL, got "${url}"`);
    }
    if (!/^https?:$/.test(parsed.protocol)) throw new Error(`ANALYTICS_URL must be an http(s) URL, got "${url}"`);
    this.endpoint = `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}/api/event`;
  }

  body(
    name: string,
    path: string,
    props: Record<string, string> = {},
  ): { name: string; url: string; domain: string; props: Record<string, string> } {
    return { name, url: `${this.appUrl}${anonymousPath(path)}`, domain: this.domain, props };
  }

  async send(name: string, path: string, props: Record<string, string> = {}): Promise<void> {
    await fetch(this.endpoint, {
      method: 'POST',
      // Plausible needs a User-Agent; one fixed value: visitors are not told apart.
      headers: { 'content-type': 'application/json', 'user-agent': 'Docent/1.2.0' },
      body: JSON.stringify(this.body(name, path, props)),
      signal: AbortSignal.timeout(5000),
    });
  }
}
