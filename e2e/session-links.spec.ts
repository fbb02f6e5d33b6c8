import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures.ts';

/**
 * docs/security.md "Round 2: sessions in links": three links that used to hand a session over
 * in a URL, each opened in Chromium by a signed-in victim. None signs the victim into the
 * attacker's account, and none sends the browser's own token anywhere.
 */
interface Session {
  token: string;
  user: { id: string; email: { name: string } };
}

async function signUpByApi(request: APIRequestContext, first: string): Promise<Session> {
  const res = await request.post('/api/signup', {
    data: { first_name: first, last_name: 'Example', email: uniqueEmail(first.toLowerCase()), password: 'Analytical1', agreeToTerms: true },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Session;
}

/** The victim's browser, signed in as `victim` (what the app keeps in localStorage). */
async function signInBrowser(page: Page, victim: Session): Promise<void> {
  await page.goto('/404');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('accessToken', token);
      localStorage.setItem('user', user);
    },
    [victim.token, JSON.stringify(victim.user)] as const,
  );
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('accessToken'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null') as { id: string } | null,
  }));

test('/oauth/github?token=<attacker token> signs nobody in: the victim keeps their own session', async ({ page, request }) => {
  const attacker = await signUpByApi(request, 'Mallory');
  const victim = await signUpByApi(request, 'Victor');
  await signInBrowser(page, victim);

  await page.goto(`/oauth/github?token=${encodeURIComponent(attacker.token)}&message=${encodeURIComponent('Mallory was here')}`);
  // no provider round trip: the page sends the browser on without taking the token
  await expect(page).not.toHaveURL(/\/oauth\/github/, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const after = await stored(page);
  expect(after.token).toBe(victim.token);
  expect(after.user?.id).toBe(victim.user.id);
  await expect(page.getByText('Mallory was here')).toHaveCount(0);
});

test("/auth/rapid/login?token=<attacker session token> is refused: no sign-in into the attacker's account", async ({ page, request }) => {
  const attacker = await signUpByApi(request, 'Mallory');
  const victim = await signUpByApi(request, 'Victor');
  await signInBrowser(page, victim);

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/rapid-login'));
  await page.goto(`/auth/rapid/login?token=${encodeURIComponent(attacker.token)}`);
  expect((await answered).status()).toBe(400);
  await expect(page).not.toHaveURL(/\/auth\/rapid\/login/, { timeout: 30_000 });
  const after = await stored(page);
  expect(after.token).not.toBe(attacker.token);
  expect(after.user?.id).not.toBe(attacker.user.id);
});

test("/auth/login?state=http://127.0.0.1:PORT/ asks first, and Allow sends a new session, never the browser's token", async ({
  page,
  request,
}) => {
  const victim = await signUpByApi(request, 'Victor');
  const received: string[] = [];
  const listener: Server = createServer((req, res) => {
    received.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>local page</h1>');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as AddressInfo).port;
  try {
    await signInBrowser(page, victim);
    await page.goto(`/auth/login?state=${encodeURIComponent(`http://127.0.0.1:${port}/grab`)}`);
    // the consent page of /auth/localhost/login, naming the address; nothing sent yet
    await expect(page).toHaveURL(/\/auth\/localhost\/login\?redirectUri=/, { timeout: 30_000 });
    await expect(page.getByTestId('local-tool-address')).toContainText(`127.0.0.1:${port}`);
    await page.waitForTimeout(1_000);
    expect(received).toEqual([]);
    expect(page.url()).not.toContain(victim.token);

    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${port}/grab\\?token=`), { timeout: 30_000 });
    const grabs = received.filter((u) => u.startsWith('/grab'));
    expect(grabs).toHaveLength(1);
    const sent = new URL(`http://x${grabs[0]}`).searchParams.get('token');
    expect(sent).toBeTruthy();
    expect(sent).not.toBe(victim.token);
    // a session of its own: ending it leaves the browser's session alive
    expect((await request.post('/api/v1/auth/logout', { headers: { authorization: `Bearer ${sent}` } })).status()).toBe(200);
    expect((await request.get('/api/v1/user', { headers: { authorization: `Bearer ${victim.token}` } })).status()).toBe(200);
  } finally {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
});

test('/auth/login?state=http://127.0.0.1:PORT/: Deny sends nothing', async ({ page, request }) => {
  const victim = await signUpByApi(request, 'Victor');
  const received: string[] = [];
  const listener: Server = createServer((req, res) => {
    received.push(req.url ?? '');
    res.end('ok');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as AddressInfo).port;
  try {
    await signInBrowser(page, victim);
    await page.goto(`/auth/login?state=${encodeURIComponent(`http://127.0.0.1:${port}/`)}`);
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page).toHaveURL(/\/repositories$/, { timeout: 30_000 });
    expect(received).toEqual([]);
  } finally {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
});
