/**
 * One database read for all the live streams of a job (docs/performance.md, "Jobs off the API's
 * event loop"). A log line wakes every stream following the job at once, and each used to read
 * the new lines and the job row itself: 10 streams of a running job cost 20 queries per line,
 * on the API's own thread with PGlite. Here identical reads asked in the same turn of the event
 * loop share one query.
 *
 * Why sharing only within a turn is safe: a stream reads after its wake-up, and the wake-up
 * comes after the write it announces was committed; a read started in the same turn as that
 * stream's call is sent to the database after the commit too, so its answer holds the new line
 * (or the final state: a stream that missed it would never end). A read started in an earlier
 * turn may predate the write and is never joined.
 */

interface Source {
  logs(jobId: number, since: number, limit: number): Promise<Array<{ seq: number; line: string }>>;
  get(jobId: number): Promise<unknown>;
}

const byStore = new WeakMap<Source, Source>();

/** The shared reader of a job store (one per store, so every route and request shares it). */
export function sharedReads<S extends Source>(store: S): Pick<S, 'logs' | 'get'> {
  let reads = byStore.get(store);
  if (!reads) {
    const open = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, run: () => Promise<T>): Promise<T> => {
      const shared = open.get(key) as Promise<T> | undefined;
      if (shared) return shared;
      const started = run();
      open.set(key, started);
      // joinable until the end of this turn only (see above)
      setImmediate(() => {
        if (open.get(key) === started) open.delete(key);
      });
      return started;
    };
    reads = {
      logs: (jobId, since, limit) => once(`logs\0${jobId}\0${since}\0${limit}`, () => store.logs(jobId, since, limit)),
      get: (jobId) => once(`job\0${jobId}`, () => store.get(jobId)),
    };
    byStore.set(store, reads);
  }
  return reads as Pick<S, 'logs' | 'get'>;
}
