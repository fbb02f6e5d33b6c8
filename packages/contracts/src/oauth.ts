import { z } from 'zod';

/** The identity providers a user may sign in with; `azure` is Azure DevOps / Microsoft. */
export const OAuthProvider = z.enum(['github', 'google', 'gitlab', 'bitbucket', 'azure']);
export type OAuthProvider = z.infer<typeof OAuthProvider>;

/** GET /v1/auth/providers: the providers the operator configured; the web shows only their buttons. */
export const OAuthProvidersResponse = z.object({
  providers: z.array(z.object({ id: OAuthProvider, label: z.string() })),
});
export type OAuthProvidersResponse = z.infer<typeof OAuthProvidersResponse>;

/**
 * The query a provider sends back to the app's callback page, which forwards it to
 * GET /github/callback, GET /google/login and the analogous paths. Only `code` and `state`
 * are read; the provider's own error words are never shown.
 */
export const OAuthCallbackQuery = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
});
export type OAuthCallbackQuery = z.infer<typeof OAuthCallbackQuery>;

/** GET /oauth/{provider}/login: no parameters are needed; any others (the page's own) are ignored. */
export const OAUTH_POPUP = { width: 600, height: 600, checkEveryMs: 500 } as const;
