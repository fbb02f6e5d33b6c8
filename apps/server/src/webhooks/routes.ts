import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnalysisHistoryResponse,
  ErrorCode,
  GitRepoPayload,
  RepoDetailQuery,
  WebhookSecretResponse,
  WebhookSettingsRequest,
  WebhookStatus,
  type Vendor,
} from '@docent/contracts';
import { requireSession, requireUser, userOf } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import type { RepositoryRow, UserRow } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { RATE_LIMITED_DETAIL, WindowLimiter } from '../http/limits.ts';
import { VendorApiError } from '../vendors/hosted-types.ts';
import { VENDOR_LABEL } from '../vendors/index.ts';
import { registerWebhook } from '../vendors/webhooks.ts';
import { BadPayload, readEvent, type HookRoute } from './events.ts';
import { dispatch, type DispatchDeps } from './dispatch.ts';
import { autoDocSetState } from '../docsets/auto.ts';
import type { WebhookRow, WebhookStore } from './store.ts';
import { validBasicAuth, validGitLabToken, validHmacSignature } from './verify.ts';

const tags = ['webhooks'];

/** The URL segment of each repository vendor's webhook. */
export const ROUTE_OF: Record<Vendor, HookRoute> = { GITHUB: 'github', GITLAB: 'gitlab', BITBUCKET: 'bitbucket', AZUREDEVOPS: 'azure', GIT: 'git' };
const ROUTES: readonly HookRoute[] = ['github', 'gitlab', 'bitbucket', 'azure', 'git'];

/** A hosted repository takes its own vendor's deliveries; a plain git remote (which may be hosted anywhere) takes any. */
function accepts(vendor: string, route: HookRoute): boolean {
  return vendor === 'GIT' || ROUTE_OF[vendor as Vendor] === route;
}

/** Vendors send up to 25 MB (GitHub); a push of many commits can be a few MB. */
const HOOK_BODY_LIMIT = 10 * 1024 * 1024;

/** What each vendor's proof is called, for the 401's sentence. */
const PROOF: Record<HookRoute, string> = {
  github: 'X-Hub-Signature-256',
  gitlab: 'X-Gitlab-Token',
  bitbucket: 'X-Hub-Signature',
  azure: 'basic authentication password',
  git: 'X-Docent-Signature-256',
};

function verified(route: HookRoute, req: FastifyRequest, body: Buffer, secret: string): boolean {
  const h = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  switch (route) {
    case 'github':
      return validHmacSignature(h('x-hub-signature-256'), body, secret);
    case 'bitbucket':
      return validHmacSignature(h('x-hub-signature'), body, secret);
    case 'gitlab':
      return validGitLabToken(h('x-gitlab-token'), secret);
    case 'azure':
      return validBasicAuth(h('authorization'), secret);
    case 'git':
      return validHmacSignature(h('x-docent-signature-256'), body, secret);
  }
}

export interface WebhookRouteDeps extends DispatchDeps {
  auth: AuthService;
  hooks: WebhookStore;
  config: { webhookBaseUrl: string; webhookRateLimitPerMinute: number; webhookFailuresPerHour: number };
}

export function webhookUrl(base: string, repo: RepositoryRow, hook: WebhookRow): string {
  return `${base}/api/v1/webhooks/${ROUTE_OF[repo.vendor as Vendor] ?? 'git'}/${hook.hook_id}`;
}

/**
 * Receiving webhooks (POST /v1/webhooks/{vendor}/{hookId}: raw body, verified the vendor's way,
 * once per delivery id, rate-limited on the client address) and the repository settings'
 * webhook, automatic updates and analysis history routes.
 */
export function webhookRoutes(deps: WebhookRouteDeps) {
  const { auth, hooks, service, config } = deps;
  const perClient = new WindowLimiter(config.webhookRateLimitPerMinute, 60_000);
  const failures = new WindowLimiter(config.webhookFailuresPerHour, 3_600_000);
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();

  const status = async (repo: RepositoryRow): Promise<WebhookStatus> => {
    const hook = await hooks.ensure(repo.id);
    return {
      url: webhookUrl(config.webhookBaseUrl, repo, hook),
      registration: hook.registration === 'vendor' ? 'vendor' : 'manual',
      registrationNote: hook.registration_note,
      lastDelivery: await hooks.lastDelivery(repo.id),
      autoDocs: { repo: hook.auto_docs.repo === true, arch: hook.auto_docs.arch === true, api: hook.auto_docs.api === true },
      autoDocSets: { repo: await autoDocSetState(deps.repos, repo.id, 'repo'), arch: await autoDocSetState(deps.repos, repo.id, 'arch'), api: await autoDocSetState(deps.repos, repo.id, 'api') },
    };
  };
  const repoOf = (user: UserRow, body: { vendor: Vendor; orgName: string; repoName: string }) => service.get(user, body.vendor, body.orgName, body.repoName);
  const fromPayload = (p: GitRepoPayload) => ({ vendor: p.vendor, orgName: p.git_repo.organization_name, repoName: p.git_repo.repo_name });

  return async (app: FastifyInstance): Promise<void> => {
    // The receiving routes, in their own scope: the raw body is kept for the HMAC (no JSON parse first).
    await app.register(async (hookScope) => {
      hookScope.removeAllContentTypeParsers();
      hookScope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: HOOK_BODY_LIMIT }, (req, body, done) => {
        rawBodies.set(req, body as Buffer);
        done(null, undefined);
      });
      const r = hookScope.withTypeProvider<ZodTypeProvider>();
      r.post(
        '/v1/webhooks/:vendor/:hookId',
        { bodyLimit: HOOK_BODY_LIMIT, schema: { tags, summary: 'Receive a webhook delivery', params: z.object({ vendor: z.string().max(20), hookId: z.string().max(100) }) } },
        async (req, reply) => {
          const ip = req.ip;
          const limited = (retry: number) => new HttpError(429, ErrorCode.RATE_LIMITED, RATE_LIMITED_DETAIL, { headers: { 'retry-after': String(retry) } });
          const hit = perClient.hit(ip);
          if (!hit.allowed) throw limited(hit.retryAfterSeconds);
          const spent = failures.spent(ip);
          if (spent.spent) throw limited(spent.retryAfterSeconds);
          const fail = (err: HttpError) => {
            failures.hit(ip);
            return err;
          };
          const route = ROUTES.find((v) => v === req.params.vendor);
          const found = route ? await hooks.byHookId(req.params.hookId) : undefined;
          if (!route || !found || !accepts(found.repo.vendor, route)) throw fail(notFound('Unknown webhook: no repository has this webhook URL.'));
          const body = rawBodies.get(req) ?? Buffer.alloc(0);
          if (!verified(route, req, body, hooks.secret(found.hook))) {
            throw fail(new HttpError(401, 'WEBHOOK_SIGNATURE', `The ${PROOF[route]} does not match this webhook's secret.`));
          }
          let parsed;
          try {
            parsed = readEvent(route, { headers: req.headers, body });
          } catch (err) {
            if (err instanceof BadPayload) throw new HttpError(400, ErrorCode.VALIDATION, err.message);
            throw err;
          }
          const id = await hooks.claimDelivery(found.repo.id, route, parsed.deliveryId, parsed.event.name);
          if (id === null) return reply.code(200).send({ status: 'duplicate', detail: 'This delivery was handled before; nothing was done again.', jobIds: [] });
          try {
            const outcome = await dispatch(deps, found.repo, found.hook, route, parsed.event, parsed.deliveryId);
            await hooks.finishDelivery(id, outcome.result, outcome.detail);
            return reply.code(outcome.jobIds.length > 0 ? 202 : 200).send({ status: outcome.result, detail: outcome.detail, jobIds: outcome.jobIds });
          } catch (err) {
            // Not recorded as handled: the vendor's redelivery gets another chance.
            await hooks.forgetDelivery(id).catch(() => undefined);
            throw err;
          }
        },
      );
    });

    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };

    r.get('/v1/git/repos/webhook', { ...signedIn, schema: { tags, querystring: RepoDetailQuery, response: { 200: WebhookStatus } } }, async (req) =>
      status(await repoOf(userOf(req), req.query)),
    );

    // The secret is shown to the signed-in owner only (no API key), for pasting into the vendor or the hook.
    const revealLimit = new WindowLimiter(30, 3_600_000);
    r.post(
      '/v1/git/repos/webhook/secret',
      { preHandler: requireSession(auth), schema: { tags, body: GitRepoPayload, response: { 200: WebhookSecretResponse } } },
      async (req) => {
        const user = userOf(req);
        const verdict = revealLimit.hit(user.id);
        if (!verdict.allowed) throw new HttpError(429, ErrorCode.RATE_LIMITED, RATE_LIMITED_DETAIL, { headers: { 'retry-after': String(verdict.retryAfterSeconds) } });
        const repo = await repoOf(user, fromPayload(req.body));
        return { secret: hooks.secret(await hooks.ensure(repo.id)) };
      },
    );

    r.post('/v1/git/repos/webhook/register', { ...signedIn, schema: { tags, body: GitRepoPayload, response: { 200: WebhookStatus } } }, async (req) => {
      const repo = await repoOf(userOf(req), fromPayload(req.body));
      const hook = await hooks.ensure(repo.id);
      if (repo.vendor === 'GIT') {
        throw new HttpError(400, ErrorCode.VALIDATION, 'A plain git remote has no API to register a webhook on: install the post-receive hook with the URL and secret shown.');
      }
      const found = await service.connectionFor(repo);
      const label = VENDOR_LABEL[repo.vendor as keyof typeof VENDOR_LABEL];
      if (!found) {
        await hooks.setRegistration(repo.id, 'manual', `No ${label} connection holds a token for ${repo.organization_name}: add the webhook by hand with the URL and secret below.`, null);
        return status(repo);
      }
      try {
        const reg = await registerWebhook(
          found.vendor,
          found.cred,
          { organizationName: repo.organization_name, repoName: repo.repo_name },
          { url: webhookUrl(config.webhookBaseUrl, repo, hook), secret: hooks.secret(hook) },
          { signal: AbortSignal.timeout(30_000) },
        );
        await hooks.setRegistration(repo.id, 'vendor', null, reg.id);
      } catch (err) {
        if (!(err instanceof VendorApiError)) throw err;
        const rights = err.failure === 'auth' || err.failure === 'forbidden' || err.failure === 'not-found';
        // Our own sentence, never the vendor's words.
        const note = rights
          ? `${label} did not let this connection's token add webhooks (it needs the right to manage the repository's webhooks): add the webhook by hand with the URL and secret below.`
          : `The webhook could not be registered on ${label} (${err.status ? `HTTP ${err.status}` : err.failure}): try again, or add it by hand with the URL and secret below.`;
        await hooks.setRegistration(repo.id, 'manual', note, null);
      }
      return status(repo);
    });

    r.put('/v1/git/repos/webhook/settings', { ...signedIn, schema: { tags, body: WebhookSettingsRequest, response: { 200: WebhookStatus } } }, async (req) => {
      const repo = await repoOf(userOf(req), fromPayload(req.body));
      const hook = await hooks.ensure(repo.id);
      const now = { repo: hook.auto_docs.repo === true, arch: hook.auto_docs.arch === true, api: hook.auto_docs.api === true };
      await hooks.setAutoDocs(repo.id, { ...now, ...req.body.autoDocs });
      return status(repo);
    });

    r.get('/v1/git/repos/history', { ...signedIn, schema: { tags, querystring: RepoDetailQuery, response: { 200: AnalysisHistoryResponse } } }, async (req) => {
      const repo = await repoOf(userOf(req), req.query);
      return { points: await hooks.history(repo.id) };
    });
  };
}
