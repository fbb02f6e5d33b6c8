import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, signUpInBrowser, test } from './fixtures.ts';
import { GitDaemon, git } from '../apps/server/test/helpers/git-daemon.ts';

/**
 * Pull-request insights (docs/pr-insights.md): set the PR check threshold in the repository settings,
 * deliver GitHub's signed pull_request webhook for a pull request on the test daemon, and see the
 * comment and the status on a fake GitHub (a loopback server answering the REST
 * calls the way GitHub documents them and showing the pull request as a page).
 */
const TOKEN = 'ghp_e2e_pr_insights_token';
const FILES = {
  'lib/items.py':
    'def get_item(item_id):\n    """Return one item.\n\n    Args:\n        item_id: The item id.\n    """\n    return item_id\n',
  'README.md': '# Lib\n',
};

interface Comment {
  id: number;
  body: string;
}

function fakeGitHub(cloneUrl: string) {
  const comments: Comment[] = [];
  const statuses: Array<{ state: string; description: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(data));
      };
      const url = new URL(req.url ?? '/', 'http://x');
      const route = `${req.method} ${url.pathname}`;
      // the pull request as a person sees it: the page the test opens
      if (route === 'GET /octocat/prlib/pull/7') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const esc = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
        res.end(
          `<!doctype html><title>PR 7</title><h1>Feature #7</h1>${statuses
            .slice(-1)
            .map((s) => `<p data-testid="status">${esc(s.state)}: ${esc(s.description)}</p>`)
            .join('')}${comments.map((c) => `<pre data-testid="comment">${esc(c.body)}</pre>`).join('')}`,
        );
        return;
      }
      if ((req.headers.authorization ?? '') !== `token ${TOKEN}`) return send(401, { message: 'Bad credentials' });
      if (route === 'GET /user') return send(200, { login: 'octocat', id: 1, type: 'User' });
      if (route === 'GET /user/orgs') return send(200, []);
      if (route === 'GET /user/repos')
        return send(200, [
          {
            id: 7,
            name: 'prlib',
            full_name: 'octocat/prlib',
            owner: { login: 'octocat', id: 1 },
            private: true,
            html_url: 'https://github.com/octocat/prlib',
            clone_url: cloneUrl,
            default_branch: 'main',
            size: 1,
          },
        ]);
      if (route === 'GET /repos/octocat/prlib/issues/7/comments') return send(200, comments);
      if (route === 'POST /repos/octocat/prlib/issues/7/comments') {
        const c = { id: 500 + comments.length, body: String((JSON.parse(body) as { body: string }).body) };
        comments.push(c);
        return send(201, c);
      }
      const patch = /^PATCH \/repos\/octocat\/prlib\/issues\/comments\/(\d+)$/.exec(route);
      if (patch) {
        const c = comments.find((x) => x.id === Number(patch[1]));
        if (!c) return send(404, { message: 'Not Found' });
        c.body = String((JSON.parse(body) as { body: string }).body);
        return send(200, c);
      }
      if (/^POST \/repos\/octocat\/prlib\/statuses\/[0-9a-f]{40}$/.test(route)) {
        const s = JSON.parse(body) as { state: string; description: string };
        statuses.push(s);
        return send(201, { id: statuses.length, ...s });
      }
      if (route === 'GET /repos/octocat/prlib/pulls/7/comments') return send(200, []);
      if (route === 'POST /repos/octocat/prlib/pulls/7/reviews') return send(200, { id: 80, state: 'COMMENTED' });
      send(404, { message: 'Not Found' });
    });
  });
  return { server, comments, statuses };
}

test('the PR check threshold is set on the repository page; a check comments on the fake GitHub', async ({ page }) => {
  const daemon = await GitDaemon.start();
  const work = await mkdtemp(path.join(os.tmpdir(), 'docent-e2e-pr-'));
  const gh = fakeGitHub(daemon.url('prlib'));
  try {
    const bare = await daemon.addRepo('prlib', [FILES]);
    git(work, 'clone', '-q', bare, '.');
    git(work, 'checkout', '-q', '-b', 'feature');
    await writeFile(path.join(work, 'lib/items.py'), `${FILES['lib/items.py']}\n\ndef delete_item(item_id):\n    return item_id\n`);
    git(work, 'commit', '-q', '-am', 'delete_item');
    git(work, 'push', '-q', 'origin', 'feature');
    const base = git(work, 'rev-parse', 'main').trim();
    const head = git(work, 'rev-parse', 'feature').trim();
    await new Promise<void>((resolve) => gh.server.listen(0, '127.0.0.1', resolve));
    const ghUrl = `http://127.0.0.1:${(gh.server.address() as AddressInfo).port}`;

    await signUpInBrowser(page, 'Grace', 'Hopper', 'Compiler1A');
    await expect(page.getByTestId('connect-vendors')).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const auth = { authorization: `Bearer ${token}` };
    expect(
      (await page.request.post('/api/v1/vendors/github/connection', { headers: auth, data: { token: TOKEN, baseUrl: ghUrl } })).status(),
    ).toBe(201);
    expect(await (await page.request.get('/api/v2/github/install', { headers: auth })).text()).toContain('COMPLETE');

    await test.step('the threshold: off by default, set to 80 %', async () => {
      await page.goto('/repositories/github/octocat/prlib/settings');
      const panel = page.getByTestId('pr-check-settings');
      await expect(panel).toContainText('Off: the check always passes and only reports.');
      await panel.getByTestId('pr-check-enabled').click();
      await panel.getByLabel('Fail under').fill('80');
      await panel.getByTestId('pr-check-save').click();
      await expect(panel.getByTestId('pr-check-state')).toHaveText('On: the check fails under 80 % of changed functions documented.');
      await panel.screenshot({ path: test.info().outputPath('pr-check-settings.png') });
    });

    await test.step('at 360 px and in dark mode the panel fits the screen', async () => {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.evaluate(() => localStorage.setItem('theme', 'dark'));
      await page.reload();
      const panel = page.getByTestId('pr-check-settings');
      await expect(panel.getByTestId('pr-check-state')).toContainText('80 %');
      const box = await panel.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      await panel.screenshot({ path: test.info().outputPath('pr-check-settings-360-dark.png') });
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('GitHub delivers the signed pull_request webhook: the comment and the failing status appear', async () => {
      const which = new URLSearchParams({ vendor: 'GITHUB', orgName: 'octocat', repoName: 'prlib' });
      const hook = (await (await page.request.get(`/api/v1/git/repos/webhook?${which}`, { headers: auth })).json()) as { url: string };
      const repoBody = { git_repo: { organization_name: 'octocat', repo_name: 'prlib' }, vendor: 'GITHUB' };
      const { secret } = (await (
        await page.request.post('/api/v1/git/repos/webhook/secret', { headers: auth, data: repoBody })
      ).json()) as { secret: string };
      // The event as GitHub documents it (the replayed fixture), for this pull request.
      const event = JSON.parse(
        await readFile(path.join(import.meta.dirname, '../apps/server/test/vendors/fixtures/github/webhook-pull-request.json'), 'utf8'),
      ) as { number: number; pull_request: Record<string, unknown> & { head: Record<string, unknown>; base: Record<string, unknown> } };
      event.number = 7;
      event.pull_request = {
        ...event.pull_request,
        number: 7,
        title: 'Feature',
        head: { ...event.pull_request.head, sha: head, ref: 'feature' },
        base: { ...event.pull_request.base, sha: base, ref: 'main' },
      };
      const body = JSON.stringify(event);
      const start = await page.request.post(new URL(hook.url).pathname, {
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'pull_request',
          'x-github-delivery': `e2e-${Date.now()}`,
          'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
        },
        data: body,
      });
      expect(start.status()).toBe(202);
      await page.goto(`${ghUrl}/octocat/prlib/pull/7`);
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('comment')).toHaveCount(1);
        // the page shows the context's latest status, as GitHub does: pending first, then the verdict
        await expect(page.getByTestId('status')).toContainText('failure:', { timeout: 1_000 });
      }).toPass({ timeout: 60_000 });
      await expect(page.getByTestId('comment')).toContainText('0%');
      await expect(page.getByTestId('comment')).toContainText('delete_item');
      await expect(page.getByTestId('status')).toContainText(
        'failure: 0% of changed functions documented (0/1); below the threshold of 80%',
      );
      expect(gh.statuses.map((s) => s.state)).toEqual(['pending', 'failure']);
    });
  } finally {
    await new Promise<void>((resolve) => gh.server.close(() => resolve()));
    await daemon.stop();
    await rm(work, { recursive: true, force: true });
  }
});
