import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers on every answer (docs/design.md §6). The session token lives in localStorage, so
 * the CSP is what keeps an injected script from reading it: scripts only from this origin, no
 * inline script. antd writes its CSS-in-JS as <style> elements at run time, which needs
 * style-src 'unsafe-inline' (styles cannot read storage or send requests). Pictures may come from
 * any https host (profile pictures, vendor avatars). HSTS only when the app is served over https.
 */
export function securityHeaders(appUrl: string): FastifyHelmetOptions {
  const https = appUrl.startsWith('https://');
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Cross-origin isolation headers would block profile pictures hosted elsewhere.
    crossOriginEmbedderPolicy: false,
    // The sign-in popups must stay this window's popups through the provider's pages:
    // "same-origin" would sever them at the first cross-origin hop. See OAUTH_CALLBACK_COOP.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}

/**
 * The OAuth callback pages (/oauth/{provider}) are reached from the provider's pages inside the
 * popup; any COOP but unsafe-none there would put them in a new browsing context group, and the
 * popup would lose its opener (it could neither close itself nor be seen closing).
 */
export const OAUTH_CALLBACK_COOP = 'unsafe-none';

export function isOAuthCallbackPage(url: string): boolean {
  return /^\/oauth\/[a-z]+(?:[/?#]|$)/.test(url);
}

/**
 * `Cache-Control: no-store` on every answer of a request that carried a credential (session
 * token, API key) or was authenticated by one, and on every JSON answer of the API that set no
 * policy of its own — sign-in answers carry tokens in their body. A browser or proxy keeps none
 * of them (docs/security.md). The hosted docs read with their HttpOnly cookie keep their own
 * `private` policy (browser cache only, see docsets/hosting.ts).
 */
export function noStoreOnAuthenticated(req: FastifyRequest, reply: FastifyReply): void {
  const credentialed =
    req.currentUser !== null ||
    req.currentApiKey !== null ||
    req.headers.authorization !== undefined ||
    req.headers['x-api-key'] !== undefined;
  if (credentialed) {
    reply.header('cache-control', 'no-store');
    return;
  }
  if (reply.hasHeader('cache-control') || !req.url.startsWith('/api/')) return;
  const type = String(reply.getHeader('content-type') ?? '');
  if (type.startsWith('application/json') || type === '') reply.header('cache-control', 'no-store');
}
