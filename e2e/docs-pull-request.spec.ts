import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, signUpInBrowser, test } from './fixtures.ts';
import { GitDaemon } from '../apps/server/test/helpers/git-daemon.ts';

/**
 * Code Docs' pull-request delivery in a real browser (docs/consent.md): on a GitHub repository
 * (a fake GitHub answering the REST calls as GitHub documents them, the code on the test daemon)
 * the default run pushes nothing and opens no pull request; only once the user picks "open a pull
 * request" is a branch pushed and exactly one pull request opened, which the card links to.
 */
const TOKEN = 'ghp_e2e_docs_pull_request';
const FILES = {
  'loader.py':
    'def load(path, strict=False):\n    """Load a file.\n\n    Args:\n        path: Where the file lives, relative to the root.\n        strict: Whether a missing file is an error.\n    """\n    return open(path).read()\n\n\ndef load_text(path, strict=False):\n    return load(path, strict)\n',
  'README.md': '# Loader\n\nReads files.\n',
};

interface Pull {
  head: string;
  base: string;
  title: string;
}

function fakeGitHub(cloneUrl: string) {
  const pulls: Pull[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(data));
      };
      if ((req.headers.authorization ?? '') !== `token ${TOKEN}`) return send(401, { message: 'Bad credentials' });
      const url = new URL(req.url ?? '/', 'http://x');
      const route = `${req.method} ${url.pathname}`;
      if (route === 'GET /user') return send(200, { login: 'octocat', id: 1, type: 'User' });
      if (route === 'GET /user/orgs') return send(200, []);
      if (route === 'GET /user/repos')
        return send(200, [
          {
            id: 9,
            name: 'loader',
            full_name: 'octocat/loader',
            owner: { login: 'octocat', id: 1 },
            private: true,
            html_url: 'https://github.com/octocat/loader',
            clone_url: cloneUrl,
            default_branch: 'main',
            size: 1,
          },
        ]);
      if (route === 'GET /repos/octocat/loader/pulls') return send(200, []);
      if (route === 'POST /repos/octocat/loader/pulls') {
        const asked = JSON.parse(body) as Pull;
        pulls.push({ head: asked.head, base: asked.base, title: asked.title });
        const number = 40 + pulls.length;
        return send(201, {
          number,
          html_url: `https://github.com/octocat/loader/pull/${number}`,
          state: 'open',
          head: { ref: asked.head },
        });
      }
      send(404, { message: 'Not Found' });
    });
  });
  return { server, pulls };
}

test('Code Docs on GitHub: nothing pushed and no pull request by default; the chosen pull request opens once', async ({ page }) => {
  test.setTimeout(240_000);
  const daemon = await GitDaemon.start();
  const cloneUrl = daemon.url('loader');
  const gh = fakeGitHub(cloneUrl);
  const heads = () => execFileSync('git', ['ls-remote', '--heads', cloneUrl], { encoding: 'utf8' }).trim().split('\n');
  try {
    await daemon.addRepo('loader', [FILES]);
    await new Promise<void>((resolve) => gh.server.listen(0, '127.0.0.1', resolve));
    const ghUrl = `http://127.0.0.1:${(gh.server.address() as AddressInfo).port}`;

    await signUpInBrowser(page, 'Ada', 'Lovelace', 'Analytical1');
    await expect(page.getByTestId('connect-vendors')).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const auth = { authorization: `Bearer ${token}` };
    expect(
      (await page.request.post('/api/v1/vendors/github/connection', { headers: auth, data: { token: TOKEN, baseUrl: ghUrl } })).status(),
    ).toBe(201);
    expect(await (await page.request.get('/api/v2/github/install', { headers: auth })).text()).toContain('COMPLETE');

    await page.goto('/repositories/github/octocat/loader');
    await page.getByTestId('full-analysis').click();
    await expect(page.getByTestId('analysis-terminal').locator('.dc-term__row--complete')).toContainText('Complete!', { timeout: 90_000 });
    await page.mouse.move(1, 1);
    await page.keyboard.press('Escape');

    const card = page.getByTestId('doc-tools');
    const deliveryBox = card.getByTestId('docs-delivery');
    const tryFree = async () => {
      await card.getByTestId('generate-docs').click();
      await page.getByRole('dialog', { name: 'Pro Feature Required' }).getByRole('button', { name: 'Try Free' }).click();
    };

    await test.step('the default: the patch only — no branch, no pull request', async () => {
      await expect(deliveryBox.getByRole('radio', { name: /nothing is written to the repository/ })).toBeChecked();
      await expect(deliveryBox.getByRole('radio', { name: /open a pull request/ })).toBeEnabled();
      await tryFree();
      await expect(card.getByTestId('docs-terminal').locator('.dc-term__row--complete')).toContainText(
        'Documentation generation complete!',
        { timeout: 90_000 },
      );
      await expect(card.getByTestId('docs-patch')).toContainText(
        'Nothing was written to the repository: you chose to review and download the patch.',
      );
      expect(heads()).toHaveLength(1);
      expect(gh.pulls).toEqual([]);
    });

    await test.step('chosen: a branch pushed and one pull request opened, linked from the card', async () => {
      await deliveryBox.getByRole('radio', { name: /open a pull request/ }).check();
      await tryFree();
      const link = card.getByTestId('docs-pull-request');
      await expect(link).toBeVisible({ timeout: 90_000 });
      await expect(link).toHaveAttribute('href', 'https://github.com/octocat/loader/pull/41');
      expect(gh.pulls).toHaveLength(1);
      expect(gh.pulls[0]).toMatchObject({ base: 'main', head: expect.stringMatching(/^docent\/docs-[0-9a-f]{7}/) });
      expect(heads()).toContainEqual(expect.stringContaining(`refs/heads/${gh.pulls[0]!.head}`));
    });
  } finally {
    await new Promise<void>((resolve) => gh.server.close(() => resolve()));
    await daemon.stop();
  }
});
