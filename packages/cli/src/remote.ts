import type { AnalysisReport, Job, Repository } from '@docent/contracts';
import { flagOf, stringOf, UsageError, type ParsedArgs } from './args.ts';
import { checkThreshold, documentedPercent, parsePercent, trivialNote } from './badge.ts';
import { DEFAULT_SERVER, readCredentials } from './login.ts';

/**
 * The CLI's remote commands (docs/cli.md): `docent repos` and `docent analyze --remote org/repo`
 * call a Docent server's API with an API key ($DOCENT_API_KEY) or the token `docent login` stored.
 *
 * Which credential: $DOCENT_API_KEY wins over the stored login (CI sets the variable on purpose;
 * a developer's stored login must not silently take over a pipeline's identity).
 * Which server: --server, else $DOCENT_URL, else $DOCENT_SERVER, else the stored login's server,
 * else http://localhost:8080. The stored token is only ever sent to the server it was issued by.
 *
 * Exit codes: 0 ok; 1 the documented share is below --fail-under; 2 anything else that went wrong
 * (usage, no credential, refused credential, unknown repository, failed job, unreachable server).
 */

class RemoteError extends Error {}

export interface Connection {
  server: string;
  headers: Record<string, string>;
  /** where the credential came from, for messages */
  source: 'DOCENT_API_KEY' | 'stored login';
}

function originOf(raw: string, what: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${what} must be an http(s) URL (got "${raw}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${what} must be an http(s) URL (got "${raw}").`);
  // A path is kept (a server behind a reverse proxy under /docent), without the trailing slash.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Resolves the server and the credential, as documented above. */
export function connect(serverFlag: string | undefined, env: NodeJS.ProcessEnv = process.env): Connection {
  const stored = readCredentials(env);
  const fromEnv = env.DOCENT_URL ? ['DOCENT_URL', env.DOCENT_URL] : env.DOCENT_SERVER ? ['DOCENT_SERVER', env.DOCENT_SERVER] : null;
  const server = serverFlag
    ? originOf(serverFlag, '--server')
    : fromEnv
      ? originOf(fromEnv[1]!, `$${fromEnv[0]}`)
      : stored
        ? originOf(stored.server, 'The stored server')
        : DEFAULT_SERVER;
  const key = env.DOCENT_API_KEY?.trim();
  if (key) return { server, headers: { 'x-api-key': key }, source: 'DOCENT_API_KEY' };
  if (!stored) throw new RemoteError(`not signed in. Run "docent login --server ${server}" or set DOCENT_API_KEY to an API key.`);
  if (originOf(stored.server, 'The stored server') !== server) {
    // Never hand a session token to another server than the one that issued it.
    throw new RemoteError(
      `the stored login belongs to ${stored.server}, not ${server}. Run "docent login --server ${server}" or set DOCENT_API_KEY.`,
    );
  }
  return { server, headers: { authorization: `Bearer ${stored.token}` }, source: 'stored login' };
}

/** Calls the API; throws RemoteError with a readable message on every failure. */
export async function api<T>(c: Connection, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${c.server}/api${path}`, {
      method,
      headers: { ...c.headers, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new RemoteError(`cannot reach ${c.server}: ${causeOf(error)}`);
  }
  if (res.ok) return (await res.json()) as T;
  throw new RemoteError(await failureText(c, res));
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

async function failureText(c: Connection, res: Response): Promise<string> {
  let detail = '';
  try {
    const body = (await res.json()) as { detail?: unknown };
    if (typeof body.detail === 'string') detail = body.detail;
  } catch {
    /* not our JSON: only the status is shown */
  }
  if (res.status === 401 || res.status === 511) {
    return c.source === 'DOCENT_API_KEY'
      ? `${c.server} refused the API key in DOCENT_API_KEY (${res.status}${detail ? `: ${detail}` : ''}). Is it active?`
      : `${c.server} refused the stored login (${res.status}). Run "docent login" again.`;
  }
  return `${c.server} answered ${res.status}${detail ? `: ${detail}` : ''}`;
}

const isAnalysisJob = (j: Job): boolean => j.jobType === 'ANALYSIS' || j.jobType.startsWith('ANALYSIS_');
const keyOf = (vendor: string, org: string, repo: string): string => `${vendor}\0${org.toLowerCase()}\0${repo.toLowerCase()}`;

export interface RepoLine {
  name: string;
  provider: string;
  lastAnalysis: string | null;
  documentedPercent: number | null;
}

/** The user's repositories with their last completed analysis and documented share. */
async function listRepos(c: Connection): Promise<RepoLine[]> {
  const [repos, done] = await Promise.all([
    api<Repository[]>(c, 'GET', '/app/github/list'),
    api<{ jobs: Job[] }>(c, 'GET', '/v1/lro/all?status=COMPLETE&limit=500'),
  ]);
  const last = new Map<string, string>();
  // newest first: the first completed analysis per repository is its last
  for (const j of done.jobs.filter(isAnalysisJob)) {
    const k = keyOf(j.vendor, j.organizationName, j.repoName);
    if (!last.has(k)) last.set(k, j.timeCreated);
  }
  return repos
    .map((r) => {
      const counts = r.gitAppMetaData.analysisReport.basicFuncDocAnalysis;
      return {
        name: `${r.organizationName}/${r.repoName}`,
        provider: r.vendor,
        lastAnalysis: last.get(keyOf(r.vendor, r.organizationName, r.repoName)) ?? null,
        documentedPercent: counts ? documentedPercent(counts) : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.provider.localeCompare(b.provider));
}

export function renderRepos(lines: readonly RepoLine[]): string {
  if (lines.length === 0) return 'No repositories yet. Add one on the Repositories page.\n';
  const rows = [
    ['NAME', 'PROVIDER', 'LAST ANALYSIS', 'DOCUMENTED'],
    ...lines.map((l) => [
      l.name,
      l.provider,
      l.lastAnalysis ? l.lastAnalysis.replace(/\.\d+Z$/, 'Z').replace('T', ' ') : 'never',
      l.documentedPercent === null ? '–' : `${l.documentedPercent.toFixed(1)}%`,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return `${rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n')}\n`;
}

/** Reads an SSE body: calls onEvent per event (event name, data, id). */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: string, data: string, id: string | null) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  let id: string | null = null;
  const line = (raw: string): void => {
    if (raw === '') {
      if (data.length) onEvent(event, data.join('\n'), id);
      event = 'message';
      data = [];
      return;
    }
    if (raw.startsWith(':')) return;
    const colon = raw.indexOf(':');
    const field = colon < 0 ? raw : raw.slice(0, colon);
    const value = colon < 0 ? '' : raw.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
      if (nl === buffer.length - 1 && buffer[nl] === '\r') break; // may be the first half of a CRLF
      const sep = buffer.startsWith('\r\n', nl) ? 2 : 1;
      line(buffer.slice(0, nl));
      buffer = buffer.slice(nl + sep);
    }
  }
}

/** One log line of the wire format KIND::timestamp::text as the terminal prints it. */
export function formatLogLine(raw: string): string {
  const first = raw.indexOf('::');
  const second = first < 0 ? -1 : raw.indexOf('::', first + 2);
  if (first < 0 || second < 0 || !/^[A-Z]+$/.test(raw.slice(0, first))) return raw;
  const kind = raw.slice(0, first);
  const text = raw.slice(second + 2);
  return kind === 'INFO' ? text : `${kind}: ${text}`;
}

/**
 * Follows a job's live log (the stream the web terminal reads) until its `end` event; a dropped
 * stream is resumed from the last line seen (Last-Event-ID). Returns the final job.
 */
async function followJob(c: Connection, jobId: number, print: (line: string) => void, signal?: AbortSignal): Promise<Job> {
  let lastId = null as string | null; // set by the event callback
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(`${c.server}/api/v1/lro/logs/${jobId}/stream`, {
        headers: { ...c.headers, accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) },
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw new RemoteError(`interrupted; job ${jobId} keeps running on the server.`);
      if (attempt >= 5) throw new RemoteError(`lost the log of job ${jobId}: ${causeOf(error)}`);
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    if (!res.ok || !res.body) throw new RemoteError(await failureText(c, res));
    let final: Job | null = null;
    try {
      await readEvents(res.body, (event, data, id) => {
        if (event === 'line') {
          lastId = id;
          print(formatLogLine(data));
        } else if (event === 'end') final = JSON.parse(data) as Job;
      });
    } catch (error) {
      if (signal?.aborted) throw new RemoteError(`interrupted; job ${jobId} keeps running on the server.`);
      if (attempt >= 5) throw new RemoteError(`lost the log of job ${jobId}: ${causeOf(error)}`);
    }
    if (final) return final;
    if (attempt >= 5) throw new RemoteError(`the log of job ${jobId} ended before the job did.`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function renderReport(name: string, report: AnalysisReport): string {
  const rows: Array<[string, string]> = [];
  const counts = report.basicFuncDocAnalysis;
  if (counts)
    rows.push([
      'Documented functions',
      `${counts.totalDocumented} of ${counts.totalFunctions} (${documentedPercent(counts).toFixed(1)}%)${trivialNote(counts)}`,
    ]);
  if (report.advancedFuncDocAnalysis) {
    rows.push(['Outdated docs', String(report.advancedFuncDocAnalysis.outdatedDocCount)]);
    rows.push(['Urgent to document', String(report.advancedFuncDocAnalysis.urgentDocCount)]);
  }
  if (report.programmingLanguages) {
    const langs = Object.entries(report.programmingLanguages).sort((a, b) => b[1] - a[1]);
    rows.push(['Languages', langs.length ? langs.map(([l, s]) => `${l} ${s.toFixed(1)}%`).join(', ') : '(none)']);
  }
  if (report.readmeAnalysis) {
    rows.push(['README', report.readmeAnalysis.fileName ?? '(none found)']);
    rows.push(['README quality', `${Math.round(report.readmeAnalysis.calculatedQualityScore)}/100`]);
  }
  const width = Math.max(10, ...rows.map(([l]) => l.length));
  return `\nDocent report for ${name}\n${'─'.repeat(width + 24)}\n${rows.map(([l, v]) => `  ${l.padEnd(width)}  ${v}`).join('\n')}\n`;
}

const REMOTE_ONLY = ['basicDoc', 'advancedDoc', 'readme'] as const;

/** Local-analysis options that mean nothing to a server-side analysis. */
const LOCAL_ONLY = ['no-git-history', 'history-depth', 'workers', 'cache-dir'];

function fail(error: unknown): number {
  // Usage errors go to the command line's one policy (cli.ts).
  if (error instanceof UsageError) throw error;
  process.stderr.write(`docent: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
}

/** `docent repos`. */
export async function reposCommand(args: ParsedArgs): Promise<number> {
  try {
    const c = connect(stringOf(args, 'server'));
    const lines = await listRepos(c);
    process.stdout.write(flagOf(args, 'json') ? `${JSON.stringify(lines, null, 2)}\n` : renderRepos(lines));
    return 0;
  } catch (error) {
    return fail(error);
  }
}

/** `docent analyze --remote <org/repo>`. */
export async function remoteAnalyzeCommand(parsed: ParsedArgs): Promise<number> {
  const controller = new AbortController();
  const onSignal = (): void => controller.abort();
  process.once('SIGINT', onSignal);
  try {
    for (const local of LOCAL_ONLY) {
      if (parsed.values[local] !== undefined) throw new UsageError(`--${local} is for a local analysis; it does not apply with --remote.`);
    }
    const only = stringOf(parsed, 'only');
    if (only !== undefined && !(REMOTE_ONLY as readonly string[]).includes(only)) {
      throw new UsageError(`--only with --remote must be one of basicDoc, advancedDoc, readme (got "${only}").`);
    }
    const type: 'coverage' | (typeof REMOTE_ONLY)[number] = (only as (typeof REMOTE_ONLY)[number] | undefined) ?? 'coverage';
    const rawFailUnder = stringOf(parsed, 'fail-under');
    const failUnder = rawFailUnder === undefined ? undefined : parsePercent(rawFailUnder);
    if (failUnder === null) throw new UsageError(`--fail-under must be a percentage from 0 to 100 (got "${rawFailUnder}").`);
    const args = {
      server: stringOf(parsed, 'server'),
      json: flagOf(parsed, 'json'),
      vendor: stringOf(parsed, 'vendor')?.toUpperCase(),
      type,
      failUnder,
    };
    const target = stringOf(parsed, 'remote') ?? '';
    const slash = target.indexOf('/');
    if (slash <= 0 || slash === target.length - 1) throw new UsageError(`--remote needs <org>/<repo> (got "${target}").`);
    // Azure DevOps names repositories {project}/{repo}: everything after the first slash is the repository.
    const org = target.slice(0, slash);
    const repo = target.slice(slash + 1);
    if (args.failUnder !== undefined && args.type === 'readme')
      throw new UsageError('--fail-under needs the function documentation; --only readme does not analyse it.');
    const c = connect(args.server);

    const repos = await api<Repository[]>(c, 'GET', '/app/github/list');
    const matches = repos.filter(
      (r) =>
        r.organizationName.toLowerCase() === org.toLowerCase() &&
        r.repoName.toLowerCase() === repo.toLowerCase() &&
        (!args.vendor || r.vendor === args.vendor),
    );
    if (matches.length === 0)
      throw new RemoteError(
        `no repository ${target}${args.vendor ? ` on ${args.vendor}` : ''} in your account. "docent repos" lists them.`,
      );
    if (matches.length > 1)
      throw new UsageError(`${target} exists on ${matches.map((m) => m.vendor).join(' and ')}; choose one with --vendor.`);
    const found = matches[0]!;
    const payload = { git_repo: { organization_name: found.organizationName, repo_name: found.repoName }, vendor: found.vendor };
    const path = args.type === 'coverage' ? '/v1/git/analyze/repo' : `/v1/git/analyze/repo/${args.type}`;
    const { lroJobId } = await api<{ lroJobId: number }>(c, 'POST', path, payload);
    const name = `${found.organizationName}/${found.repoName}`;
    // The log goes to stderr, so --json keeps stdout parseable.
    process.stderr.write(`docent: job ${lroJobId} started on ${c.server} for ${name} (${found.vendor})\n`);
    const job = await followJob(c, lroJobId, (line) => process.stderr.write(`${line}\n`), controller.signal);
    if (job.state !== 'COMPLETE') throw new RemoteError(`job ${lroJobId} ended ${job.state}: ${job.message}`);

    const query = new URLSearchParams({ orgName: found.organizationName, repoName: found.repoName, vendor: found.vendor });
    const detail = await api<{ repository: Repository }>(c, 'GET', `/app/github/get/repo?${query.toString()}`);
    const report = detail.repository.gitAppMetaData.analysisReport;
    process.stdout.write(
      args.json ? `${JSON.stringify({ jobId: lroJobId, repository: name, vendor: found.vendor, report })}\n` : renderReport(name, report),
    );
    if (args.failUnder !== undefined) {
      const counts = report.basicFuncDocAnalysis;
      if (!counts) throw new RemoteError('the report has no function documentation figures to compare with --fail-under.');
      return checkThreshold(counts, args.failUnder);
    }
    return 0;
  } catch (error) {
    return fail(error);
  } finally {
    process.off('SIGINT', onSignal);
  }
}
