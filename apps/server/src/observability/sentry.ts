import { randomUUID } from 'node:crypto';
import { scrubText } from './scrub.ts';

/**
 * A Sentry-protocol error reporter (works with Sentry and a self-hosted GlitchTip): one event per
 * envelope, POSTed to {host}/api/{project}/envelope/ with the DSN's public key in X-Sentry-Auth
 * (https://develop.sentry.dev/sdk/data-model/envelopes/). Written here rather than @sentry/node: no
 * start-up cost, no instrumentation, nothing sent that is not built below.
 */
export interface Dsn {
  envelopeUrl: string;
  publicKey: string;
  /** the DSN without its secret part, as the envelope header carries it */
  dsn: string;
}

function parseDsn(raw: string): Dsn {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error('SENTRY_DSN must be a DSN like https://<key>@sentry.example.com/<project>');
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const project = segments.pop();
  if (!/^https?:$/.test(url.protocol) || !url.username || !project || !/^\d+$/.test(project)) {
    throw new Error('SENTRY_DSN must be a DSN like https://<key>@sentry.example.com/<project>');
  }
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  const host = `${url.protocol}//${url.host}`;
  return {
    envelopeUrl: `${host}${prefix}/api/${project}/envelope/`,
    publicKey: decodeURIComponent(url.username),
    dsn: `${url.protocol}//${url.username}@${url.host}${prefix}/${project}`,
  };
}

export interface ErrorEvent {
  type: string;
  message: string;
  stack?: string | undefined;
  platform: 'node' | 'javascript';
  /** small, non-personal labels: the route pattern, the job type, where the error was caught */
  tags?: Record<string, string>;
  /** the request's method and route pattern (never its query, headers or body) */
  request?: { method: string; url: string };
}

interface Frame {
  function?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
}

/** V8 stack lines ("at fn (file:line:col)") as Sentry frames, innermost last. */
function framesOf(stack: string | undefined): Frame[] {
  if (!stack) return [];
  const frames: Frame[] = [];
  for (const line of stack.split('\n').slice(1, 51)) {
    const m = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line) ?? /^\s*(.*?)@(.+?):(\d+):(\d+)$/.exec(line);
    if (!m) continue;
    frames.push({
      ...(m[1] ? { function: scrubText(m[1], 200) } : {}),
      filename: scrubText(m[2] ?? '', 500),
      lineno: Number(m[3]),
      colno: Number(m[4]),
    });
  }
  return frames.reverse();
}

export class SentryReporter {
  private readonly dsn: Dsn;
  constructor(
    dsn: string,
    private readonly opts: { release: string | null; environment: string },
  ) {
    this.dsn = parseDsn(dsn);
  }

  /** The envelope for one event: three lines of JSON. */
  envelope(e: ErrorEvent): { body: string; eventId: string } {
    const eventId = randomUUID().replace(/-/g, '');
    const now = new Date();
    const event = {
      event_id: eventId,
      timestamp: now.getTime() / 1000,
      platform: e.platform,
      level: 'error',
      logger: 'docent',
      environment: this.opts.environment,
      ...(this.opts.release ? { release: this.opts.release } : {}),
      tags: e.tags ?? {},
      ...(e.request ? { request: { method: e.request.method, url: scrubText(e.request.url, 500) } } : {}),
      exception: {
        values: [
          {
            type: scrubText(e.type, 200),
            value: scrubText(e.message),
            stacktrace: { frames: framesOf(e.stack) },
          },
        ],
      },
    };
    const payload = JSON.stringify(event);
    const header = JSON.stringify({ event_id: eventId, sent_at: now.toISOString(), dsn: this.dsn.dsn });
    const item = JSON.stringify({ type: 'event', content_type: 'application/json', length: Buffer.byteLength(payload) });
    return { body: `${header}\n${item}\n${payload}\n`, eventId };
  }

  async send(e: ErrorEvent): Promise<void> {
    const { body } = this.envelope(e);
    await fetch(this.dsn.envelopeUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-sentry-envelope',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_client=docent/1.2.0, sentry_key=${this.dsn.publicKey}`,
      },
      body,
      signal: AbortSignal.timeout(5000),
    });
  }
}
