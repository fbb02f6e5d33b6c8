import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers on every answer (DESIGN.md §6). The session token lives in localStorage, so
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
    // The sign-in popups (issue 13) must stay this window's popups through the provider's pages:
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
