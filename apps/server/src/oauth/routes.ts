import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthResponse, OAuthCallbackQuery, OAuthProvider, OAuthProvidersResponse } from '@docent/contracts';
import { readCookie, serializeCookie } from '../http/cookies.ts';
import { notFound } from '../http/errors.ts';
import { limitBy, WindowLimiter } from '../http/limits.ts';
import { STATE_TTL_SECONDS, type OAuthService } from './service.ts';

const tags = ['auth'];

/**
 * Where the app's callback page hands the provider's code and state in (docs/spec-conformance.md §7 names the
 * first two; the others follow the same pattern).
 */
export const CALLBACK_PATHS: Record<OAuthProvider, string> = {
  github: '/github/callback',
  google: '/google/login',
  gitlab: '/gitlab/callback',
  bitbucket: '/bitbucket/callback',
  azure: '/azure/callback',
};

/**
 * docs/spec-conformance.md §7 "Login redirects" that share their path with an install stream: a browser navigation
 * (no bearer token) starts the sign-in, a signed-in stream request streams (see vendors/routes.ts).
 */
export const LOGIN_REDIRECT_ALIASES: Record<string, OAuthProvider> = {
  '/v1/gitlab/install': 'gitlab',
  '/v2/bitbucket/install': 'bitbucket',
  '/v1/azure/install': 'azure',
};

export interface OAuthRouteOptions {
  appUrl: string;
  loginRateLimitPerMinute: number;
}

export class OAuthRoutes {
  /** one budget per client address for starts and callbacks together */
  private readonly perClient: WindowLimiter;

  constructor(
    private readonly oauth: OAuthService,
    private readonly opts: OAuthRouteOptions,
  ) {
    this.perClient = new WindowLimiter(opts.loginRateLimitPerMinute * 2, 60_000);
  }

  private cookie(name: string, value: string, maxAge: number): string {
    return serializeCookie(name, value, { path: '/api', maxAge, secure: this.opts.appUrl.startsWith('https:') });
  }

  /** Sends the browser to the provider with a fresh state; used by the routes and the aliases. */
  readonly startSignIn = async (provider: OAuthProvider, reply: FastifyReply): Promise<FastifyReply> => {
    const { url, cookie } = await this.oauth.start(provider);
    reply.header('set-cookie', this.cookie(this.oauth.cookieName(provider), cookie, STATE_TTL_SECONDS));
    reply.header('cache-control', 'no-store');
    return reply.redirect(url, 302);
  };

  /**
   * Per client address, as for password sign-in (twice its budget: a sign-in is two requests):
   * each start writes a row, each callback calls the provider.
   */
  private limited() {
    return { preHandler: limitBy((req: FastifyRequest) => [[this.perClient, `oauth:${req.ip}`]]) };
  }

  plugin() {
    return async (app: FastifyInstance): Promise<void> => {
      const r = app.withTypeProvider<ZodTypeProvider>();
      r.get('/v1/auth/providers', { schema: { tags, response: { 200: OAuthProvidersResponse } } }, async () => ({
        providers: this.oauth.configured(),
      }));

      r.get(
        '/oauth/:provider/login',
        {
          ...this.limited(),
          schema: { tags, params: z.object({ provider: z.string().max(40) }), querystring: z.record(z.string(), z.unknown()) },
        },
        async (req, reply) => {
          const parsed = OAuthProvider.safeParse(req.params.provider.toLowerCase());
          if (!parsed.success)
            throw notFound(`Unknown sign-in provider "${req.params.provider}". Use github, google, gitlab, bitbucket or azure.`);
          return this.startSignIn(parsed.data, reply);
        },
      );

      for (const provider of OAuthProvider.options) {
        r.get(
          CALLBACK_PATHS[provider],
          { ...this.limited(), schema: { tags, querystring: OAuthCallbackQuery, response: { 200: AuthResponse } } },
          async (req, reply) => {
            const name = this.oauth.cookieName(provider);
            const cookie = readCookie(req.headers.cookie, name);
            // The state is used up whatever happens next: the cookie goes with it.
            reply.header('set-cookie', this.cookie(name, '', 0));
            reply.header('cache-control', 'no-store');
            return this.oauth.finish(provider, req.query.code, req.query.state, cookie);
          },
        );
      }
    };
  }
}
