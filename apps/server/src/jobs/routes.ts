import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AllJobsQuery,
  ErrorCode,
  Job,
  JobIdParam,
  JobListQuery,
  JobState,
  JobStatusBatchQuery,
  NOT_CANCELLABLE_DETAIL,
  TerminateResponse,
  jobLogTexts,
} from '@docent/contracts';
import { mailLanguage } from '../mail/language.ts';
import { requireUser, userOf } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { openEventStream, REVOKED_EVENT, watchCredential, type StreamSlots } from '../http/sse.ts';
import type { JobEngine } from './engine.ts';
import type { LogBus } from './log-bus.ts';
import { toJob, type JobStore } from './store.ts';
import { StreamReads } from './stream-reads.ts';

const tags = ['jobs'];
const JOB_NOT_FOUND = 'Job not found.';

const csv = (s: string | undefined) =>
  s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : undefined;

export interface JobRouteDeps {
  auth: AuthService;
  store: JobStore;
  engine: JobEngine;
  bus: LogBus;
  /** the per-user and total caps on open live-log streams */
  slots: StreamSlots;
}

export function jobRoutes(deps: JobRouteDeps) {
  const { auth, store, engine, bus, slots } = deps;
  const reads = new StreamReads(store, bus);
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };

    r.get('/v1/lro/list', { ...signedIn, schema: { tags, querystring: JobListQuery, response: { 200: z.array(Job) } } }, async (req) => {
      const { rows } = await store.list(userOf(req).id, { ...req.query, limit: 500, offset: 0 });
      return rows.map((row) => toJob(row));
    });

    r.get(
      '/v1/lro/all',
      {
        ...signedIn,
        schema: { tags, querystring: AllJobsQuery, response: { 200: z.object({ jobs: z.array(Job), total: z.number().int() }) } },
      },
      async (req) => {
        const q = req.query;
        const status = csv(q.status);
        const bad = status?.find((s) => !JobState.safeParse(s).success);
        if (bad) throw new HttpError(400, ErrorCode.VALIDATION, `status: unknown job state "${bad}"`);
        const { rows, total } = await store.list(userOf(req).id, {
          ...(status ? { status: status as JobState[] } : {}),
          ...(q.type ? { types: csv(q.type)! } : {}),
          ...(q.from ? { from: new Date(q.from) } : {}),
          ...(q.to ? { to: new Date(q.to) } : {}),
          ...(q.q ? { q: q.q } : {}),
          limit: q.limit,
          offset: q.offset,
        });
        return { jobs: rows.map((row) => toJob(row)), total };
      },
    );

    r.get(
      '/v1/lro/status',
      { ...signedIn, schema: { tags, querystring: JobStatusBatchQuery, response: { 200: z.array(Job) } } },
      async (req) => {
        const ids = [...new Set(req.query.ids.split(',').map(Number))].filter((n) => n > 0 && n <= 2_147_483_647).slice(0, 500);
        return (await store.byIds(userOf(req).id, ids)).map((row) => toJob(row));
      },
    );

    r.get('/v1/lro/:id/status', { ...signedIn, schema: { tags, params: JobIdParam, response: { 200: Job } } }, async (req) => {
      const row = await store.getForUser(req.params.id, userOf(req).id);
      if (!row) throw notFound(JOB_NOT_FOUND);
      return toJob(row);
    });

    r.get(
      '/v1/lro/logs/:id',
      { ...signedIn, schema: { tags, params: JobIdParam, response: { 200: z.array(z.string()) } } },
      async (req) => {
        const row = await store.getForUser(req.params.id, userOf(req).id);
        if (!row) throw notFound(JOB_NOT_FOUND);
        return (await store.logs(row.id)).map((l) => l.line);
      },
    );

    r.post(
      '/v1/git/lro/:id/terminate',
      { ...signedIn, schema: { tags, params: JobIdParam, response: { 200: TerminateResponse } } },
      async (req) => {
        const user = userOf(req);
        const row = await store.getForUser(req.params.id, user.id);
        if (!row) throw notFound(JOB_NOT_FOUND);
        const marked = toJob(row).state === 'TIMEOUT' ? null : await store.requestCancel(row.id, user.id);
        if (!marked) throw new HttpError(409, 'NOT_CANCELLABLE', NOT_CANCELLABLE_DETAIL);
        await engine.cancel(marked);
        // the answer follows the request's language, as an error detail does (docs/i18n.md)
        return { success: true, message: jobLogTexts(mailLanguage(req.headers['accept-language'])).terminationRequested };
      },
    );

    /**
     * Live log (SSE): first the lines after Last-Event-ID (or ?since), then new ones as they
     * are written; an `end` event carries the final job when it finishes. Event ids are line
     * numbers, so a reconnecting EventSource resumes where it stopped.
     */
    r.get(
      '/v1/lro/logs/:id/stream',
      { ...signedIn, schema: { tags, params: JobIdParam, querystring: z.object({ since: z.coerce.number().int().min(0).optional() }) } },
      async (req, reply) => {
        const row = await store.getForUser(req.params.id, userOf(req).id);
        if (!row) throw notFound(JOB_NOT_FOUND);
        const header = Number(req.headers['last-event-id']);
        let since = Number.isInteger(header) && header >= 0 ? header : (req.query.since ?? 0);

        const release = slots.acquire(userOf(req).id);
        const res = openEventStream(reply);
        res.write('retry: 1000\n\n');

        let closed = false;
        let busy = false;
        let again = false;
        let alone = false;
        /** Writes what is new; `own`: a read of this stream's own (the polling backstop), else one shared with the job's other streams. */
        const flush = async (own = false): Promise<void> => {
          if (closed) return;
          alone ||= own;
          if (busy) {
            again = true;
            return;
          }
          busy = true;
          try {
            do {
              again = false;
              const read = alone ? reads.readNow(row.id, since) : reads.read(row.id, since);
              alone = false;
              const got = await read;
              if (closed) return;
              if (got.text) res.write(got.text);
              since = got.last;
              if (got.more) again = true;
              else if (got.end) {
                res.write(got.end);
                close();
                return;
              }
            } while (again && !closed);
          } catch {
            close();
          } finally {
            busy = false;
          }
        };
        const unsubscribe = bus.subscribe(row.id, () => void flush());
        // A backstop in case a wake-up is missed, where one can be: a PostgreSQL LISTEN
        // connection may drop. In-process wake-ups cannot be missed, so embedded mode does no
        // polling at all (150 streams polling PGlite every 2 s used to stall the event loop).
        const poll = bus.inProcess ? null : setInterval(() => void flush(true), 5000);
        const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
        // A signed-out session or a deleted key ends the stream too (docs/security.md).
        const unwatch = watchCredential(req, auth, () => {
          if (!closed) res.write(REVOKED_EVENT);
          close();
        });
        function close() {
          if (closed) return;
          closed = true;
          unwatch();
          unsubscribe();
          if (poll) clearInterval(poll);
          clearInterval(ping);
          release();
          res.end();
        }
        req.raw.on('close', close);
        await flush();
      },
    );
  };
}
