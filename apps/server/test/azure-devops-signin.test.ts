import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SecretBox } from '../src/crypto/secretbox.ts';
import { CALLBACK_PATHS } from '../src/oauth/routes.ts';
import { loadSecrets } from '../src/secrets.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { FakeOAuth } from './helpers/fake-oauth.ts';

/**
 * Signing in with Microsoft connects Azure DevOps. The sign-in's refresh token buys a
 * token for Azure DevOps' resource, the user's organizations come from the profile and accounts
 * service, each becomes a sealed Azure DevOps connection, and its repositories sync at once —
 * against a loopback fake of the Microsoft identity platform and Azure DevOps' documented APIs.
 */
let t: TestApp;
let fake: FakeOAuth;
let box: SecretBox;
const logLines: string[] = [];

beforeAll(async () => {
  fake = new FakeOAuth();
  await fake.start();
  t = await createTestApp({ ...fake.env(), LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => logLines.push(line) } });
  box = new SecretBox((await loadSecrets(t.config)).encryptionKey);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  fake.adoRefused = false;
});

let n = 0;
async function signInWithMicrosoft() {
  n += 1;
  fake.users.azure = {
    id: `87d349ed-44d7-43e1-9a83-5f2406dee5b${n}`,
    login: `user${n}@contoso.com`,
    name: `User ${n}`,
    email: `user${n}@contoso.com`,
    emailVerified: false,
  };
  const start = await t.call({ method: 'GET', url: '/api/oauth/azure/login' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
  const q = new URLSearchParams({ code: back.searchParams.get('code')!, state: back.searchParams.get('state')! });
  const res = await t.call({ method: 'GET', url: `/api${CALLBACK_PATHS.azure}?${q}`, headers: { cookie } });
  return { res, authorize };
}

const connectionsOf = (userId: string) =>
  t.database.db.selectFrom('vendor_connections').selectAll().where('user_id', '=', userId).orderBy('organization').execute();

async function reposOf(userId: string, count: number): Promise<string[]> {
  let names: string[] = [];
  for (let i = 0; i < 100; i += 1) {
    names = (
      await t.database.db
        .selectFrom('repositories')
        .select(['organization_name', 'repo_name', 'vendor'])
        .where('user_id', '=', userId)
        .execute()
    )
      .map((r) => `${r.vendor} ${r.organization_name}/${r.repo_name}`)
      .sort();
    if (names.length >= count) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return names;
}

describe('Microsoft sign-in connects Azure DevOps', () => {
  it('asks for offline access and Azure DevOps consent; stores the Azure DevOps token sealed per organization; its repositories sync', async () => {
    const { res, authorize } = await signInWithMicrosoft();
    expect(authorize.searchParams.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining(['offline_access', 'User.Read', '499b84ac-1321-427f-aa17-267ca6975798/user_impersonation']),
    );
    expect(res.statusCode).toBe(200);
    const user = res.json().user as { id: string; connectedVendors: string[] };
    expect(user.connectedVendors).toEqual(['AZUREDEVOPS']);

    const [conn, ...others] = await connectionsOf(user.id);
    expect(others).toHaveLength(0);
    expect(conn).toMatchObject({
      vendor: 'AZUREDEVOPS',
      organization: 'fabrikam',
      kind: 'oauth',
      oauth_provider: 'azure',
      base_url: `${fake.url}/ado/fabrikam`,
      needs_reauth: false,
    });
    const adoToken = fake.issued.filter((tok) => tok.includes('.ado.')).at(-1)!;
    expect(conn!.credential_sealed).not.toContain(adoToken);
    expect(box.open(conn!.credential_sealed)).toBe(adoToken); // Azure DevOps' token, not Graph's
    expect(box.open(conn!.refresh_sealed!)).toMatch(/^M\.C5/);
    expect(new Date(conn!.expires_at!).getTime()).toBeGreaterThan(Date.now() + 3000_000);
    expect(res.body).not.toContain(adoToken);

    expect(await reposOf(user.id, 2)).toEqual([
      'AZUREDEVOPS fabrikam/Fabrikam-Fiber-Git/Fabrikam-Fiber-Git',
      'AZUREDEVOPS fabrikam/Fabrikam-Fiber-Git/Fabrikam-Web',
    ]);
    const list = await t.call({ method: 'GET', url: '/api/v1/vendors/connections', token: res.json().token });
    expect(list.json()).toEqual([
      expect.objectContaining({ vendor: 'AZUREDEVOPS', organization: 'fabrikam', login: 'fabrikam', needsReauth: false }),
    ]);
    expect(list.body).not.toContain(adoToken);
    expect(logLines.join('\n')).not.toContain(adoToken);
  });

  it('a user in two organizations gets two connections; a disabled repository is left out', async () => {
    fake.adoOrganizations = {
      contoso: [
        { project: 'Web', name: 'site' },
        { project: 'Web', name: 'old', isDisabled: true },
      ],
      'fabrikam-2': [{ project: 'Tools', name: 'cli' }],
    };
    const { res } = await signInWithMicrosoft();
    expect(res.statusCode).toBe(200);
    const id = res.json().user.id as string;
    expect((await connectionsOf(id)).map((c) => [c.organization, c.base_url])).toEqual([
      ['contoso', `${fake.url}/ado/contoso`],
      ['fabrikam-2', `${fake.url}/ado/fabrikam-2`],
    ]);
    expect(await reposOf(id, 2)).toEqual(['AZUREDEVOPS contoso/Web/site', 'AZUREDEVOPS fabrikam-2/Tools/cli']);
  });

  it('without Azure DevOps (Microsoft refuses its token) the sign-in still succeeds, with no connection and no provider words in the answer', async () => {
    fake.adoRefused = true;
    const { res } = await signInWithMicrosoft();
    expect(res.statusCode).toBe(200);
    expect(res.json().user.connectedVendors).toEqual([]);
    expect(await connectionsOf(res.json().user.id)).toEqual([]);
    expect(res.body).not.toMatch(/AADSTS|invalid_grant/);
    expect(logLines.some((l) => l.includes('no Azure DevOps connection from the Microsoft sign-in'))).toBe(true);
  });
});
