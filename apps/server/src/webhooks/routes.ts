import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  webhookDetailEnglish,
  type Vendor,
  type WebhookDetailPart,
} from '@docent/contracts';
import { requireSession, requireUser, userOf } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import type { RepositoryRow, UserRow } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { RATE_LIMITED_DETAIL, WindowLimiter } from '../http/limits.ts';
import { VendorApiError } from '../vendors/hosted-types.ts';
import { VENDOR_LABEL } from '../vendors/index.ts';
import { BadPayload } from '../vendors/hooks.ts';
import { readEvent, registerWebhook, type HookRoute } from '../vendors/webhooks.ts';
import { dispatch, type DispatchDeps } from './dispatch.ts';
import { autoDocSetState } from '../docsets/auto.ts';
import type { WebhookRow, WebhookStore } from './store.ts';
import {
  hookTimestamp,
  validBasicAuth,
  validGitLabToken,
  validHmacSignature,
  validTimestampedSignature,
  wellFormedSignature,
} from './verify.ts';

const tags = ['webhooks'];

/** The URL segment of each repository vendor's webhook. */
const ROUTE_OF: Record<Vendor, HookRoute> = {
  GITHUB: 'github',
  GITLAB: 'gitlab',
  BITBUCKET: 'bitbucket',
  AZUREDEVOPS: 'azure',
  GIT: 'git',
};
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

/**
 * A refusal of a delivery: its reason as a code with parameters (shown in the user's language,
 * docs/webhooks.md) and, as the answer's and the stored `detail`, the same reason in English.
 */
class RefusedDelivery extends HttpError {
  constructor(
    statusCode: number,
    code: ErrorCode,
    readonly part: WebhookDetailPart,
  ) {
    super(statusCode, code, webhookDetailEnglish([part]));
  }
}

const refusal = (statusCode: number, code: ErrorCode, detail: WebhookDetailPart['code'], params: Record<string, string> = {}) =>
  new RefusedDelivery(statusCode, code, { code: detail, params });

/** A header's first value. */
function headerOf(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The signature header of the routes whose proof covers the body (HMAC). */
const SIGNATURE_HEADER: Partial<Record<HookRoute, string>> = {
  github: 'x-hub-signature-256',
  bitbucket: 'x-hub-signature',
  git: 'x-docent-signature-256',
};

/**
 * What can be proven from the headers alone, before the body is read: GitLab's token and Azure's
 * basic authentication whole; for the HMAC routes a signature of the right shape (and for the
 * post-receive hook a fresh timestamp). Returns the refusal, or null.
 */
function headerProof(route: HookRoute, req: FastifyRequest, secret: string): RefusedDelivery | null {
  const mismatch = () => refusal(401, 'WEBHOOK_SIGNATURE', 'SIGNATURE_MISMATCH', { proof: PROOF[route] });
  switch (route) {
    case 'gitlab':
      return validGitLabToken(headerOf(req, 'x-gitlab-token'), secret) ? null : mismatch();
    case 'azure':
      return validBasicAuth(headerOf(req, 'authorization'), secret) ? null : mismatch();
    case 'git': {
      const ts = hookTimestamp(headerOf(req, 'x-docent-timestamp'));
      if (ts === 'missing') {
        return refusal(401, 'WEBHOOK_SIGNATURE', 'TIMESTAMP_MISSING');
      }
      if (ts === 'stale') {
        return refusal(401, 'WEBHOOK_STALE', 'TIMESTAMP_STALE');
      }
      return wellFormedSignature(headerOf(req, SIGNATURE_HEADER.git!)) ? null : mismatch();
    }
    case 'github':
    case 'bitbucket':
      return wellFormedSignature(headerOf(req, SIGNATURE_HEADER[route]!)) ? null : mismatch();
  }
}

/** The body's proof, once read (HMAC routes; the header-only proofs passed before). */
function bodyProof(route: HookRoute, req: FastifyRequest, body: Buffer, secret: string): boolean {
  switch (route) {
    case 'github':
    case 'bitbucket':
      return validHmacSignature(headerOf(req, SIGNATURE_HEADER[route]!), body, secret);
    case 'git':
      return validTimestampedSignature(headerOf(req, SIGNATURE_HEADER.git!), headerOf(req, 'x-docent-timestamp')!.trim(), body, secret);
    case 'gitlab':
    case 'azure':
      return true;
  }
}

/** A replay is the same signed body (for the post-receive hook: with the same signed timestamp) to the same webhook again. */
function bodyDigest(route: HookRoute, hookId: string, req: FastifyRequest, body: Buffer): string {
  const signedTime = route === 'git' ? (headerOf(req, 'x-docent-timestamp') ?? '').trim() : '';
  return createHash('sha256').update(`${route}\n${hookId}\n${signedTime}\n`, 'utf8').update(body).digest('hex');
}

/** How long an accepted body is remembered: a vendor's redelivery keeps its delivery id, a replay does not. */
const REPLAY_WINDOW_MS = 24 * 3_600_000;

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
      autoDocSets: {
        repo: await autoDocSetState(deps.repos, repo.id, 'repo'),
        arch: await autoDocSetState(deps.repos, repo.id, 'arch'),
        api: await autoDocSetState(deps.repos, repo.id, 'api'),
      },
    };
  };
  const repoOf = (user: UserRow, body: { vendor: Vendor; orgName: string; repoName: string }) =>
    service.get(user, body.vendor, body.orgName, body.repoName);
  const fromPayload = (p: GitRepoPayload) => ({ vendor: p.vendor, orgName: p.git_repo.organization_name, repoName: p.git_repo.repo_name });

  return async (app: FastifyInstance): Promise<void> => {
    // The receiving routes, in their own scope: the raw body is kept for the HMAC (no JSON parse first).
    await app.register(async (hookScope) => {
      hookScope.removeAllContentTypeParsers();
      hookScope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: HOOK_BODY_LIMIT }, (req, body, done) => {
        rawBodies.set(req, body as Buffer);
        done(null, undefined);
      });
      const early = new WeakMap<FastifyRequest, { route: HookRoute; found: { hook: WebhookRow; repo: RepositoryRow }; secret: string }>();
      const limited = (retry: number) =>
        new HttpError(429, ErrorCode.RATE_LIMITED, RATE_LIMITED_DETAIL, { headers: { 'retry-after': String(retry) } });
      const fail = (ip: string, err: HttpError) => {
        failures.hit(ip);
        return err;
      };
      /** A refusal of a delivery to a known hook is shown in its settings, with the reason (docs/webhooks.md). */
      const rejected = async (req: FastifyRequest, repo: RepositoryRow, route: HookRoute, err: RefusedDelivery): Promise<HttpError> => {
        // an unverified sender's header is kept only when it reads as an event name (never its free text)
        const header = (name: string) => {
          const value = req.headers[name];
          return typeof value === 'string' && /^[\w .:-]{1,60}$/.test(value) ? value : undefined;
        };
        const event =
          header('x-github-event') ?? header('x-gitlab-event') ?? header('x-event-key') ?? (route === 'git' ? 'push' : 'delivery');
        await hooks.recordRejected(repo.id, route, event, err.message, [err.part]).catch(() => undefined);
        return err;
      };
      // Budget, hook id and the header-only proofs before a byte of the body is read: an unknown
      // or refused sender costs no 10 MB read (docs/security.md). The connection is closed
      // after such a refusal, so the unread body is not drained either.
      hookScope.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        const refuse = (err: HttpError) => {
          reply.header('connection', 'close');
          return err;
        };
        const ip = req.ip;
        const hit = perClient.hit(ip);
        if (!hit.allowed) throw refuse(limited(hit.retryAfterSeconds));
        const spent = failures.spent(ip);
        if (spent.spent) throw refuse(limited(spent.retryAfterSeconds));
        const params = req.params as { vendor?: unknown; hookId?: unknown };
        const route = ROUTES.find((v) => v === params.vendor);
        const found = route && typeof params.hookId === 'string' ? await hooks.byHookId(params.hookId) : undefined;
        if (!route || !found || !accepts(found.repo.vendor, route))
          throw refuse(fail(ip, notFound('Unknown webhook: no repository has this webhook URL.')));
        const secret = hooks.secret(found.hook);
        const refused = headerProof(route, req, secret);
        if (refused) throw refuse(fail(ip, await rejected(req, found.repo, route, refused)));
        early.set(req, { route, found, secret });
      });

      const r = hookScope.withTypeProvider<ZodTypeProvider>();
      r.post(
        '/v1/webhooks/:vendor/:hookId',
        {
          bodyLimit: HOOK_BODY_LIMIT,
          schema: {
            tags,
            summary: 'Receive a webhook delivery',
            params: z.object({ vendor: z.string().max(20), hookId: z.string().max(100) }),
          },
        },
        async (req, reply) => {
          const ip = req.ip;
          const checked = early.get(req);
          if (!checked) throw notFound('Unknown webhook: no repository has this webhook URL.');
          const { route, found, secret } = checked;
          const body = rawBodies.get(req) ?? Buffer.alloc(0);
          if (!bodyProof(route, req, body, secret)) {
            const mismatch = refusal(401, 'WEBHOOK_SIGNATURE', 'SIGNATURE_MISMATCH', { proof: PROOF[route] });
            throw fail(ip, await rejected(req, found.repo, route, mismatch));
          }
          let parsed;
          try {
            parsed = readEvent(route, { headers: req.headers, body });
          } catch (err) {
            if (err instanceof BadPayload) {
              // the parser's own sentence, kept as it was (English) inside the worded reason
              const refused = refusal(400, ErrorCode.VALIDATION, 'UNREADABLE_BODY', { reason: err.message.replace(/\.$/, '') });
              throw await rejected(req, found.repo, route, Object.assign(refused, { message: err.message }));
            }
            throw err;
          }
          const id = await hooks.claimDelivery(found.repo.id, route, parsed.deliveryId, parsed.event.name);
          if (id === null)
            return reply
              .code(200)
              .send({ status: 'duplicate', detail: 'This delivery was handled before; nothing was done again.', jobIds: [] });
          // The same signed body under a new delivery id: a replay, refused (docs/webhooks.md).
          const digest = bodyDigest(route, found.hook.hook_id, req, body);
          if (!(await hooks.claimBody(found.repo.id, digest, REPLAY_WINDOW_MS))) {
            await hooks.forgetDelivery(id).catch(() => undefined);
            throw fail(ip, await rejected(req, found.repo, route, refusal(409, 'WEBHOOK_REPLAY', 'BODY_REPLAYED')));
          }
          try {
            const outcome = await dispatch(deps, found.repo, found.hook, route, parsed.event, parsed.deliveryId);
            await hooks.finishDelivery(id, outcome.result, outcome.detail, outcome.parts);
            return reply
              .code(outcome.jobIds.length > 0 ? 202 : 200)
              .send({ status: outcome.result, detail: outcome.detail, jobIds: outcome.jobIds });
          } catch (err) {
            // Not recorded as handled: the vendor's redelivery gets another chance.
            await hooks.forgetDelivery(id).catch(() => undefined);
            await hooks.forgetBody(digest).catch(() => undefined);
            throw err;
          }
        },
      );
    });

    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };

    r.get(
      '/v1/git/repos/webhook',
      { ...signedIn, schema: { tags, querystring: RepoDetailQuery, response: { 200: WebhookStatus } } },
      async (req) => status(await repoOf(userOf(req), req.query)),
    );

    // The secret is shown to the signed-in owner only (no API key), for pasting into the vendor or the hook.
    const revealLimit = new WindowLimiter(30, 3_600_000);
    r.post(
      '/v1/git/repos/webhook/secret',
      { preHandler: requireSession(auth), schema: { tags, body: GitRepoPayload, response: { 200: WebhookSecretResponse } } },
      async (req) => {
        const user = userOf(req);
        const verdict = revealLimit.hit(user.id);
        if (!verdict.allowed)
          throw new HttpError(429, ErrorCode.RATE_LIMITED, RATE_LIMITED_DETAIL, {
            headers: { 'retry-after': String(verdict.retryAfterSeconds) },
          });
        const repo = await repoOf(user, fromPayload(req.body));
        return { secret: hooks.secret(await hooks.ensure(repo.id)) };
      },
    );

    r.post(
      '/v1/git/repos/webhook/register',
      { ...signedIn, schema: { tags, body: GitRepoPayload, response: { 200: WebhookStatus } } },
      async (req) => {
        const repo = await repoOf(userOf(req), fromPayload(req.body));
        const hook = await hooks.ensure(repo.id);
        if (repo.vendor === 'GIT') {
          throw new HttpError(
            400,
            ErrorCode.VALIDATION,
            'A plain git remote has no API to register a webhook on: install the post-receive hook with the URL and secret shown.',
          );
        }
        const found = await service.connectionFor(repo);
        const label = VENDOR_LABEL[repo.vendor as keyof typeof VENDOR_LABEL];
        if (!found) {
          await hooks.setRegistration(
            repo.id,
            'manual',
            `No ${label} connection holds a token for ${repo.organization_name}: add the webhook by hand with the URL and secret below.`,
            null,
          );
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
      },
    );

    r.put(
      '/v1/git/repos/webhook/settings',
      { ...signedIn, schema: { tags, body: WebhookSettingsRequest, response: { 200: WebhookStatus } } },
      async (req) => {
        const repo = await repoOf(userOf(req), fromPayload(req.body));
        const hook = await hooks.ensure(repo.id);
        const now = { repo: hook.auto_docs.repo === true, arch: hook.auto_docs.arch === true, api: hook.auto_docs.api === true };
        await hooks.setAutoDocs(repo.id, { ...now, ...req.body.autoDocs });
        return status(repo);
      },
    );

    r.get(
      '/v1/git/repos/history',
      { ...signedIn, schema: { tags, querystring: RepoDetailQuery, response: { 200: AnalysisHistoryResponse } } },
      async (req) => {
        const repo = await repoOf(userOf(req), req.query);
        return { points: await hooks.history(repo.id) };
      },
    );
  };
}
