// Error details follow the request's Accept-Language (docs/i18n.md "Error details"): German for
// the web app in German, English for a client without the header (the CLI).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signUp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signUp(t, 'error-language@example.com')).token;
});
afterAll(() => t.close());

const GERMAN = { 'accept-language': 'de' };
const detail = (res: { json(): unknown }) => (res.json() as { detail: string }).detail;

describe('error details in the request language (docs/i18n.md "Error details")', () => {
  it('the same wrong sign-in answers German with Accept-Language: de, English without', async () => {
    const payload = { username: 'error-language@example.com', password: 'Wrong-Pass1' };
    const en = await t.call({ method: 'POST', url: '/api/login', payload });
    const de = await t.call({ method: 'POST', url: '/api/login', payload, headers: GERMAN });
    expect(en.statusCode).toBe(401);
    expect(de.statusCode).toBe(401);
    expect(detail(en)).toBe('Incorrect email or password.');
    expect(detail(de)).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect((de.json() as { code: string }).code).toBe((en.json() as { code: string }).code);
  });

  it('English when English ranks above German', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'error-language@example.com', password: 'Wrong-Pass1' },
      headers: { 'accept-language': 'en-GB, de;q=0.8' },
    });
    expect(detail(res)).toBe('Incorrect email or password.');
  });

  it('a duplicate sign-up answers 409 in German', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/signup',
      payload: { first_name: 'A', last_name: 'B', email: 'error-language@example.com', password: PASSWORD },
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    expect(res.statusCode).toBe(409);
    expect(detail(res)).toBe('Es gibt bereits ein Konto mit dieser E-Mail-Adresse.');
  });

  it('a validation error names the field and words its message in German', async () => {
    const payload = { first_name: 'A', last_name: 'B', email: '', password: PASSWORD };
    const en = await t.call({ method: 'POST', url: '/api/signup', payload });
    const de = await t.call({ method: 'POST', url: '/api/signup', payload, headers: GERMAN });
    expect(en.statusCode).toBe(400);
    expect(de.statusCode).toBe(400);
    expect(detail(en)).toMatch(/^email: /);
    expect(detail(de)).toMatch(/^email: /);
    expect(detail(de)).not.toBe(detail(en));
    expect(detail(en)).toBe('email: This field is required!; email: Please input a valid email address!');
    expect(detail(de)).toBe('email: Dieses Feld ist erforderlich!; email: Bitte geben Sie eine gültige E-Mail-Adresse ein!');
  });

  it("Fastify's own client errors answer German too", async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: '{"email": ',
      headers: { ...GERMAN, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(detail(res)).toBe('Der Inhalt der Anfrage ist kein gültiges JSON.');
  });

  it('an unknown API path answers German too', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no-such-path', headers: GERMAN });
    expect(res.statusCode).toBe(404);
    expect(detail(res)).toBe('Keine Route GET /api/no-such-path.');
  });

  it("Fastify's unsupported content type and empty JSON body answer German, English unchanged", async () => {
    const media = { method: 'POST' as const, url: '/api/login', payload: 'x' };
    const en = await t.call({ ...media, headers: { 'content-type': 'application/xml' } });
    const de = await t.call({ ...media, headers: { ...GERMAN, 'content-type': 'application/xml' } });
    expect(en.statusCode).toBe(415);
    expect(detail(en)).toBe('Unsupported content type. Unsupported Media Type');
    expect(detail(de)).toBe('Dieser Inhaltstyp wird nicht unterstützt.');
    const empty = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: '',
      headers: { ...GERMAN, 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    expect(detail(empty)).toBe('Der Inhalt der Anfrage ist leer, obwohl JSON angegeben ist.');
  });

  it("Fastify's router error (a badly percent-encoded URL) answers German, English unchanged", async () => {
    const en = await t.call({ method: 'GET', url: '/api/v1/lro/%E0%A4%A/status', token });
    const de = await t.call({ method: 'GET', url: '/api/v1/lro/%E0%A4%A/status', token, headers: GERMAN });
    expect(en.statusCode).toBe(400);
    expect(detail(en)).toBe('The URL is not correctly percent-encoded.');
    expect(detail(de)).toBe('Die URL ist nicht korrekt prozentkodiert.');
  });

  it("a git URL's refusal reason answers German, English unchanged", async () => {
    const payload = { url: 'file:///etc/passwd' };
    const en = await t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload });
    const de = await t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload, headers: GERMAN });
    expect(en.statusCode).toBe(400);
    expect(detail(en)).toBe('The "file" scheme is not allowed; use https, http, ssh or git.');
    expect(detail(de)).toBe('Das Schema "file" ist nicht erlaubt; verwenden Sie https, http, ssh oder git.');
  });

  it("the outbound policy's reason answers German after its field name", async () => {
    const payload = { url: 'https://169.254.169.254/acme/api.git' };
    const en = await t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload });
    const de = await t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload, headers: GERMAN });
    expect(en.statusCode).toBe(400);
    expect(detail(en)).toBe('url: The address is not allowed: it points to a private or internal network.');
    expect(detail(de)).toBe('url: Die Adresse ist nicht erlaubt, denn sie zeigt in ein privates oder internes Netz.');
  });
});
