import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AzurePatQuery, AzurePatResponse, ConnectVendorRequest, ErrorCode, InstallStatus, VendorConnection } from '@docent/contracts';
import { requireUser, userOf } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import type { SecretBox } from '../crypto/secretbox.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { openEventStream, REVOKED_EVENT, watchCredential, type StreamSlots } from '../http/sse.ts';
import type { RepoRepository } from '../repos/repository.ts';
import { toVendorConnection, type ConnectionRepository } from './connections.ts';
import { VendorApiError, type VendorCredential } from './hosted-types.ts';
import { VENDOR_LABEL, vendorFromPath, type HostedVendor, type VendorAdapters } from './index.ts';
import { syncVendor } from './sync.ts';

const tags = ['vendors'];
const VendorParam = z.object({ vendor: z.string().max(40) });

function hostedVendor(segment: string): HostedVendor {
  const vendor = vendorFromPath(segment);
  if (!vendor) throw notFound(`Unknown vendor "${segment}". Use github, gitlab, bitbucket or azure.`);
  return vendor;
}

export interface VendorRouteDeps {
  auth: AuthService;
  adapters: VendorAdapters;
  connections: ConnectionRepository;
  repos: RepoRepository;
  box: SecretBox;
  slots: StreamSlots;
  /**
   * The login redirects (/v1/gitlab/install, /v2/bitbucket/install, /v1/azure/install; API table
   * of docs/spec-conformance.md) share their paths with the install streams: a request without a
   * bearer token (a browser navigation in the sign-in popup) is handed here, and answered when
   * this returns true.
   */
  loginRedirect?: (path: string, reply: FastifyReply) => Promise<boolean>;
}

/** Vendor connections, the install/sync streams and the Azure DevOps PAT check (docs/spec-conformance.md, API). */
export function vendorRoutes(deps: VendorRouteDeps) {
  const { auth, adapters, connections, repos, box, slots, loginRedirect } = deps;
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const guard = requireUser(auth);
    const signedIn = { preHandler: guard };
    const streamGuard = async (req: FastifyRequest, reply: FastifyReply) => {
      if (loginRedirect && !req.headers.authorization) {
        const path = (req.url.split('?')[0] ?? '').replace(/^\/api/, '').toLowerCase();
        if (await loginRedirect(path, reply)) return reply;
      }
      return guard(req, reply);
    };

    const validate = async (vendor: HostedVendor, cred: VendorCredential, log: FastifyBaseLogger) => {
      try {
        return await adapters[vendor].validateCredential(cred, AbortSignal.timeout(20_000));
      } catch (err) {
        if (err instanceof VendorApiError) {
          log.warn({ vendor, failure: err.failure, detail: err.internalDetail }, 'vendor check failed');
          if (err.failure === 'refused') throw new HttpError(400, 'OUTBOUND_REFUSED', err.message);
          throw new HttpError(502, 'VENDOR_UNREACHABLE', err.message);
        }
        throw err;
      }
    };

    r.get('/v1/vendors/connections', { ...signedIn, schema: { tags, response: { 200: z.array(VendorConnection) } } }, async (req) =>
      (await connections.list(userOf(req).id)).map(toVendorConnection),
    );

    r.post(
      '/v1/vendors/:vendor/connection',
      { ...signedIn, schema: { tags, params: VendorParam, body: ConnectVendorRequest, response: { 201: VendorConnection } } },
      async (req, reply) => {
        const vendor = hostedVendor(req.params.vendor);
        const b = req.body;
        if (vendor === 'AZUREDEVOPS' && !b.organization)
          throw new HttpError(400, ErrorCode.VALIDATION, 'organization: Azure DevOps needs the organization name.');
        const cred: VendorCredential = {
          token: b.token,
          kind: b.kind,
          ...(b.baseUrl ? { baseUrl: b.baseUrl } : {}),
          ...(b.organization ? { organization: b.organization } : {}),
          ...(b.username ? { username: b.username } : {}),
        };
        const verdict = await validate(vendor, cred, req.log);
        if (!verdict.valid) throw new HttpError(400, 'INVALID_TOKEN', verdict.message ?? `${VENDOR_LABEL[vendor]} rejected the token.`);
        const row = await connections.upsert(userOf(req).id, vendor, cred, verdict.login ?? null);
        reply.status(201);
        return toVendorConnection(row);
      },
    );

    r.delete(
      '/v1/vendors/:vendor/connection',
      {
        ...signedIn,
        schema: {
          tags,
          params: VendorParam,
          querystring: z.object({ organization: z.string().max(200).optional() }),
          response: { 200: z.object({ success: z.boolean() }) },
        },
      },
      async (req) => {
        const removed = await connections.remove(userOf(req).id, hostedVendor(req.params.vendor), req.query.organization ?? '');
        if (!removed) throw notFound('No such connection.');
        return { success: true };
      },
    );

    /** Event stream of `x~~message` lines ending with COMPLETE, ERROR or FAILED. */
    const stream = async (req: FastifyRequest, reply: FastifyReply, segment: string) => {
      const vendor = hostedVendor(segment);
      const user = userOf(req);
      const release = slots.acquire(user.id);
      const res = openEventStream(reply);
      const controller = new AbortController();
      // a signed-out session or a deleted key ends the sync's stream too (docs/security.md)
      const unwatch = watchCredential(req, auth, () => {
        if (!res.writableEnded) res.write(REVOKED_EVENT);
        controller.abort(new Error('credential revoked'));
        res.end();
      });
      req.raw.on('close', () => {
        unwatch();
        release();
        controller.abort(new Error('client went away'));
      });
      const say = (message: string) => {
        if (!res.writableEnded) res.write(`data: x~~${message.replace(/\r?\n/g, ' ')}\n\n`);
      };
      let end: string;
      try {
        end = await syncVendor({ adapters, connections, repos, box }, user, vendor, say, controller.signal);
      } catch (err) {
        say(`Error: ${(err as Error).message}`);
        end = 'FAILED';
      }
      unwatch();
      say(end);
      release();
      res.end();
    };
    for (const path of ['/v2/:vendor/install', '/v2/:vendor/reinstall', '/v1/:vendor/install', '/v1/:vendor/reinstall']) {
      r.get(path, { preHandler: streamGuard, schema: { tags, params: VendorParam } }, (req, reply) =>
        stream(req, reply, req.params.vendor),
      );
    }

    r.get(
      '/git/:vendor/install/status',
      { ...signedIn, schema: { tags, params: VendorParam, response: { 200: InstallStatus } } },
      async (req) => {
        const rows = await connections.list(userOf(req).id, hostedVendor(req.params.vendor));
        const running = rows.find((row) => row.status !== 'no_status');
        return running
          ? { status: running.status, message: running.message }
          : {
              status: 'no_status',
              message: rows
                .map((row) => row.message)
                .filter(Boolean)
                .join('; '),
            };
      },
    );

    r.get(
      '/v1/azure/pat',
      { ...signedIn, schema: { tags, querystring: AzurePatQuery, response: { 200: AzurePatResponse } } },
      async (req) => {
        const row = await connections.find(userOf(req).id, 'AZUREDEVOPS', req.query.organization);
        if (!row) return { isValid: false, message: `No personal access token stored for '${req.query.organization}'.` };
        const verdict = await validate('AZUREDEVOPS', connections.credential(row), req.log);
        return { isValid: verdict.valid, ...(verdict.message ? { message: verdict.message } : {}) };
      },
    );

    r.post(
      '/v1/azure/pat',
      { ...signedIn, schema: { tags, querystring: AzurePatQuery, response: { 200: AzurePatResponse } } },
      async (req) => {
        const header = req.headers['x-azure-pat'];
        const pat = (Array.isArray(header) ? header[0] : header)?.trim();
        if (!pat) throw new HttpError(400, ErrorCode.VALIDATION, 'Please enter a valid Personal Access Token');
        if (pat.length > 4096) throw new HttpError(400, ErrorCode.VALIDATION, 'The Personal Access Token is too long.');
        const cred: VendorCredential = {
          token: pat,
          kind: 'pat',
          organization: req.query.organization,
          ...(req.query.baseUrl ? { baseUrl: req.query.baseUrl } : {}),
        };
        const verdict = await validate('AZUREDEVOPS', cred, req.log);
        if (!verdict.valid)
          return {
            isValid: false,
            message: `Invalid PAT. Please try again or check if the PAT has access to '${req.query.organization}'.`,
          };
        await connections.upsert(userOf(req).id, 'AZUREDEVOPS', cred, verdict.login ?? null);
        return { isValid: true, message: 'Azure Devops PAT verified successfully!' };
      },
    );
  };
}
