import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLogLine } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon } from './helpers/git-daemon.ts';

/**
 * five files, file i holding i + 1 undocumented thin wrappers of one documented function (so
 * their docstrings are grounded: docs/docgen.md); the documented function besides
 */
const FILES: Record<string, string> = {
  'lib/ok.py':
    'def fetch(item_id, limit=10):\n    """Fetch an item.\n\n    Args:\n        item_id: The item\'s database key.\n        limit: How many related rows to load.\n    """\n    print(item_id, limit)\n',
};
for (let i = 0; i < 5; i++) {
  FILES[`lib/m${i}.py`] = [
    'from lib.ok import fetch',
    ...Array.from({ length: i + 1 }, (_, j) => `def get_item_${j}(item_id, limit=10):\n    return fetch(item_id, limit)\n`),
  ].join('\n\n');
}

/** twelve such files, for the public repository's limit of 10 */
const TWELVE: Record<string, string> = { 'lib/ok.py': FILES['lib/ok.py']! };
for (let i = 0; i < 12; i++) {
  TWELVE[`lib/w${String(i).padStart(2, '0')}.py`] = [
    'from lib.ok import fetch',
    ...Array.from({ length: i + 1 }, (_, j) => `def get_item_${j}(item_id, limit=10):\n    return fetch(item_id, limit)\n`),
  ].join('\n\n');
}

let t: TestApp;
let daemon: GitDaemon;
let alice: { token: string; id: string };
let bob: { token: string; id: string };

beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('docs', [FILES]);
  await daemon.addRepo('docs2', [FILES]);
  await daemon.addRepo('public12', [TWELVE]);
  t = await createTestApp();
  alice = await signUp(t, 'alice-docs@example.com');
  bob = await signUp(t, 'bob-docs@example.com');
  for (const name of ['docs', 'docs2', 'public12']) {
    const res = await t.call({ method: 'POST', url: '/api/v1/git/repos', token: alice.token, payload: { url: daemon.url(name) } });
    expect(res.statusCode).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  await daemon?.stop();
});

const repo = (name: string) => ({ git_repo: { organization_name: 'local', repo_name: name }, vendor: 'GIT' });

async function finish(
  token: string,
  jobId: number,
  name = 'docs',
): Promise<{
  state: string;
  percentage: number;
  messages: string[];
  result: Record<string, unknown> & { files: { path: string; diff: string }[] };
}> {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await t.call({ method: 'POST', url: `/api/v1/git/generate/repo/doc/status?jobId=${jobId}`, token, payload: repo(name) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    if (['COMPLETE', 'FAILED', 'CANCELLED'].includes(body.state)) return body;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${body.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const remoteBranches = (name: string): string[] =>
  execFileSync('git', ['ls-remote', '--heads', daemon.url(name)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.split('\t')[1]!);

describe('code docs generation (DOC_REPO)', () => {
  it('asks a free user without credits for Pro (402 Pro Feature Required)', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/git/generate/repo/doc', token: alice.token, payload: repo('docs') });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ detail: 'Pro Feature Required', code: 'PRO_FEATURE_REQUIRED' });
  });

  it('writes nothing into the repository until the user chooses to (the default is the patch)', async () => {
    const choice = await t.call({
      method: 'GET',
      url: `/api/v1/git/generate/repo/delivery?orgName=local&repoName=docs&vendor=GIT`,
      token: alice.token,
    });
    expect(choice.json()).toEqual({ delivery: 'patch', chosen: false, remote: daemon.url('docs'), pullRequests: false });
    const before = execFileSync('git', ['ls-remote', daemon.url('docs')], { encoding: 'utf8' });
    const start = await t.call({
      method: 'POST',
      url: '/api/v1/git/generate/repo/doc',
      token: alice.token,
      payload: { ...repo('docs'), free_trial: true },
    });
    const done = await finish(alice.token, start.json().lroJobId);
    expect(done.state).toBe('COMPLETE');
    expect(done.result.files.length).toBeGreaterThan(0);
    expect(done.result).toMatchObject({
      delivery: 'patch',
      pushed: false,
      branch: null,
      pullRequest: null,
      deliveryNote: 'Nothing was written to the repository: you chose to review and download the patch.',
    });
    expect(execFileSync('git', ['ls-remote', daemon.url('docs')], { encoding: 'utf8' })).toBe(before);
    expect(done.messages.map(decodeLogLine).some((l) => l.text.startsWith('git push'))).toBe(false);
    // A pull request needs a code-host connection; a plain git remote gets a clear 400.
    const pr = await t.call({
      method: 'POST',
      url: '/api/v1/git/generate/repo/doc',
      token: alice.token,
      payload: { ...repo('docs'), free_trial: true, delivery: 'pull_request' },
    });
    expect(pr.statusCode).toBe(400);
    expect(pr.json().detail).toBe(
      'A pull request needs a connection to the code host holding this repository. Choose to push a branch or to download the patch.',
    );
    const bad = await t.call({
      method: 'POST',
      url: '/api/v1/git/generate/repo/doc',
      token: alice.token,
      payload: { ...repo('docs'), free_trial: true, delivery: 'force-push' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('delivery must be patch, branch or pull_request.');
  });

  it('Try Free on a private repository changes the 3 most undocumented files, pushes a branch, keeps main', async () => {
    await t.database.db.updateTable('repositories').set({ is_private: true }).where('repo_name', '=', 'docs').execute();
    const mainBefore = remoteBranches('docs');
    const start = await t.call({
      method: 'POST',
      url: '/api/v1/git/generate/repo/doc',
      token: alice.token,
      payload: {
        ...repo('docs'),
        free_trial: true,
        delivery: 'branch',
        style_guide: { languages: [{ name: 'Python', docstringStyle: 'numpy', maxDocStringLength: 60 }] },
      },
    });
    expect(start.statusCode).toBe(200);
    expect(start.json().message).toBe('Documentation generation started');
    const done = await finish(alice.token, start.json().lroJobId);
    expect(done.state).toBe('COMPLETE');
    expect(done.percentage).toBe(100);
    const lines = done.messages.map(decodeLogLine);
    expect(lines.some((l) => l.text === 'Free plan: at most 3 files, the most undocumented first')).toBe(true);
    expect(lines.at(-1)?.text).toBe('Job COMPLETE: Documentation generation complete!');
    const result = done.result;
    expect(result.files.map((f) => f.path)).toEqual(['lib/m2.py', 'lib/m3.py', 'lib/m4.py']);
    expect(result.documented).toBe(3 + 4 + 5);
    expect(result.fileLimit).toBe(3);
    expect(result.files[0]!.diff).toContain('+    Parameters\n+    ----------');
    const sha = String(result.commit).slice(0, 7);
    expect(result).toMatchObject({ delivery: 'branch', pushed: true, branch: `docent/docs-${sha}` });
    // The choice is remembered: the runs below push without naming it again.
    const choice = await t.call({
      method: 'GET',
      url: `/api/v1/git/generate/repo/delivery?orgName=local&repoName=docs&vendor=GIT`,
      token: alice.token,
    });
    expect(choice.json()).toMatchObject({ delivery: 'branch', chosen: true });

    const heads = remoteBranches('docs');
    expect(heads).toContain(`refs/heads/docent/docs-${sha}`);
    expect(heads).toContain('refs/heads/main');
    // main did not move; the branch holds exactly one commit on top of it, touching those files.
    const main = execFileSync('git', ['ls-remote', daemon.url('docs'), 'refs/heads/main'], { encoding: 'utf8' }).split('\t')[0];
    expect(mainBefore).toContain('refs/heads/main');
    expect(main).toBe(result.commit);
    const bare = `${daemon.base}/docs.git`;
    const changed = execFileSync('git', ['diff', '--name-only', `${result.commit}..refs/heads/docent/docs-${sha}`], {
      cwd: bare,
      encoding: 'utf8',
    })
      .trim()
      .split('\n');
    expect(changed).toEqual(['lib/m2.py', 'lib/m3.py', 'lib/m4.py']);

    const patch = await t.call({ method: 'POST', url: '/api/v1/git/generate/repo/doc/patch', token: alice.token, payload: repo('docs') });
    expect(patch.statusCode).toBe(200);
    expect(patch.headers['content-disposition']).toBe(`attachment; filename="docent-docs-${sha}.patch"`);
    expect(patch.body).toBe(result.diff);

    const branchHead = execFileSync('git', ['rev-parse', `refs/heads/docent/docs-${sha}`], { cwd: bare, encoding: 'utf8' }).trim();
    // Run again on the same commit: the branch exists and is left as it was (nothing is forced);
    // the push goes to the first free suffixed name, -2, then -3.
    for (const suffix of ['-2', '-3']) {
      const again = await t.call({
        method: 'POST',
        url: '/api/v1/git/generate/repo/doc',
        token: alice.token,
        payload: { ...repo('docs'), free_trial: true },
      });
      const next = await finish(alice.token, again.json().lroJobId);
      expect(next.state).toBe('COMPLETE');
      expect(next.result).toMatchObject({ pushed: true, branch: `docent/docs-${sha}${suffix}`, deliveryNote: null });
      const texts = next.messages.map((m) => decodeLogLine(m).text);
      expect(texts).toContain(`Pushed branch docent/docs-${sha}${suffix}`);
      expect(
        texts.some((l) =>
          l.startsWith(`Branch docent/docs-${sha} already exists on the remote; pushing docent/docs-${sha}${suffix} instead`),
        ),
      ).toBe(true);
      expect(execFileSync('git', ['rev-parse', `refs/heads/docent/docs-${sha}`], { cwd: bare, encoding: 'utf8' }).trim()).toBe(branchHead);
    }
    expect(
      remoteBranches('docs')
        .filter((h) => h.startsWith(`refs/heads/docent/docs-${sha}`))
        .sort(),
    ).toEqual([`refs/heads/docent/docs-${sha}`, `refs/heads/docent/docs-${sha}-2`, `refs/heads/docent/docs-${sha}-3`]);
  }, 120_000); // three runs of the job

  it('Try Free on a public repository changes the 10 most undocumented files', async () => {
    await t.database.db.updateTable('repositories').set({ is_private: false }).where('repo_name', '=', 'public12').execute();
    const start = await t.call({
      method: 'POST',
      url: '/api/v1/git/generate/repo/doc',
      token: alice.token,
      payload: { ...repo('public12'), free_trial: true },
    });
    expect(start.statusCode, start.body).toBe(200);
    const done = await finish(alice.token, start.json().lroJobId, 'public12');
    expect(done.state).toBe('COMPLETE');
    expect(done.result.fileLimit).toBe(10);
    // w00 (1 function) and w01 (2) are the least undocumented of the twelve: left out
    expect(done.result.files.map((f) => f.path)).toEqual(Array.from({ length: 10 }, (_, i) => `lib/w${String(i + 2).padStart(2, '0')}.py`));
    expect(done.messages.map((m) => decodeLogLine(m).text)).toContain('Free plan: at most 10 files, the most undocumented first');
  }, 120_000);

  it('a full-repository credit runs every file once and is used up', async () => {
    await t.database.db.updateTable('users').set({ count_repo_gen: 1 }).where('id', '=', alice.id).execute();
    const start = await t.call({ method: 'POST', url: '/api/v1/git/generate/repo/doc', token: alice.token, payload: repo('docs2') });
    expect(start.statusCode).toBe(200);
    const done = await finish(alice.token, start.json().lroJobId);
    expect(done.result.files.map((f) => f.path)).toEqual(['lib/m0.py', 'lib/m1.py', 'lib/m2.py', 'lib/m3.py', 'lib/m4.py']);
    expect(done.result.fileLimit).toBeNull();
    const user = await t.database.db.selectFrom('users').select('count_repo_gen').where('id', '=', alice.id).executeTakeFirstOrThrow();
    expect(user.count_repo_gen).toBe(0);
    const refused = await t.call({ method: 'POST', url: '/api/v1/git/generate/repo/doc', token: alice.token, payload: repo('docs2') });
    expect(refused.statusCode).toBe(402);
  });

  it('a PRO repository needs no credit; the job is listed as DOC_REPO', async () => {
    await t.database.db.updateTable('repositories').set({ plan_type: 'PRO' }).where('repo_name', '=', 'docs2').execute();
    const start = await t.call({ method: 'POST', url: '/api/v1/git/generate/repo/doc', token: alice.token, payload: repo('docs2') });
    expect(start.statusCode).toBe(200);
    const jobs = await t.call({ method: 'GET', url: '/api/v1/lro/all?type=DOC_REPO', token: alice.token });
    expect(JSON.stringify(jobs.json())).toContain('DOC_REPO');
    await finish(alice.token, start.json().lroJobId);
  });

  it('refuses bad input with {detail}', async () => {
    const long = await t.call({
      method: 'POST',
      url: '/api/v1/git/generate/repo/doc',
      token: alice.token,
      payload: { ...repo('docs2'), style_guide: { languages: [{ name: 'Python', docstringStyle: 'google', maxDocStringLength: 20 }] } },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toContain('at least 40');
    const style = await t.call({
      method: 'POST',
      url: '/api/v1/git/generate/repo/doc',
      token: alice.token,
      payload: { ...repo('docs2'), style_guide: { languages: [{ name: 'Python', docstringStyle: 'jsdoc', maxDocStringLength: 80 }] } },
    });
    expect(style.statusCode).toBe(400);
    expect(style.json().detail).toBe('Python supports google, numpy, rest, epytext (got "jsdoc").');
    // arch and api have their own routes (arch-api-docs.test.ts); other doc types are refused
    const wiki = await t.call({ method: 'POST', url: '/api/v1/git/generate/wiki/doc', token: alice.token, payload: repo('docs2') });
    expect(wiki.statusCode).toBe(400);
  });

  it('reads and sets the repository language config; a run saves its style guide', async () => {
    const initial = await t.call({
      method: 'GET',
      url: '/api/v1/git/generate/repo/config?orgName=local&repoName=docs2&vendor=GIT',
      token: alice.token,
    });
    expect(initial.statusCode).toBe(200);
    const python = (list: Array<{ name: string }>) => list.find((l) => l.name === 'Python');
    expect(python(initial.json())).toEqual({
      name: 'Python',
      displayName: 'Python',
      fileExtension: '.py',
      supportedStyles: ['google', 'numpy', 'rest', 'epytext'],
      docstringStyle: 'google',
      maxDocStringLength: 80,
    });
    const set = await t.call({
      method: 'PUT',
      url: '/api/v1/git/generate/repo/config',
      token: alice.token,
      payload: { ...repo('docs2'), languages: [{ name: 'Python', docstringStyle: 'rest', maxDocStringLength: 100 }] },
    });
    expect(set.statusCode).toBe(200);
    expect(python(set.json())).toMatchObject({ docstringStyle: 'rest', maxDocStringLength: 100 });
    const bad = await t.call({
      method: 'PUT',
      url: '/api/v1/git/generate/repo/config',
      token: alice.token,
      payload: { ...repo('docs2'), languages: [{ name: 'Python', docstringStyle: 'tsdoc', maxDocStringLength: 100 }] },
    });
    expect(bad.statusCode).toBe(400);
    const other = await t.call({
      method: 'GET',
      url: '/api/v1/git/generate/repo/config?orgName=local&repoName=docs2&vendor=GIT',
      token: bob.token,
    });
    expect(other.statusCode).toBe(404);
    // the 'docs' runs above used numpy at 60: that became its config
    const docs = await t.call({
      method: 'GET',
      url: '/api/v1/git/generate/repo/config?orgName=local&repoName=docs&vendor=GIT',
      token: alice.token,
    });
    expect(python(docs.json())).toMatchObject({ docstringStyle: 'numpy', maxDocStringLength: 60 });
  });

  it('keeps users apart: another user sees neither the job nor the patch', async () => {
    const start = await t.call({
      method: 'POST',
      url: '/api/v1/git/generate/repo/doc',
      token: alice.token,
      payload: { ...repo('docs'), free_trial: true },
    });
    const jobId = start.json().lroJobId;
    await finish(alice.token, jobId);
    const status = await t.call({
      method: 'POST',
      url: `/api/v1/git/generate/repo/doc/status?jobId=${jobId}`,
      token: bob.token,
      payload: repo('docs'),
    });
    expect(status.statusCode).toBe(404);
    const patch = await t.call({ method: 'POST', url: '/api/v1/git/generate/repo/doc/patch', token: bob.token, payload: repo('docs') });
    expect(patch.statusCode).toBe(404);
  });
});
