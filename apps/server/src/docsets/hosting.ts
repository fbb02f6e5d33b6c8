import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { zipSync } from 'fflate';
import { DocSetKind } from '@docent/contracts';
import { bearerToken, presentedApiKey } from '../auth/guard.ts';
import { localizedDetail } from '../http/errors.ts';
import { readCookie, serializeCookie } from '../http/cookies.ts';
import { SWAGGER_A11Y_CSS, SWAGGER_A11Y_JS } from '../http/swagger-a11y.ts';
import type { AuthService } from '../auth/service.ts';
import type { UserRow } from '../db/schema.ts';
import type { RepoRepository } from '../repos/repository.ts';
import { type DocSetRow, type DocSetStore } from './store.ts';

/** The cookie that opens the hosted docs: the session token, HttpOnly, only sent to /docs. */
export const DOCS_COOKIE = 'docent_docs';

export function docsCookie(token: string, secure: boolean): string {
  return serializeCookie(DOCS_COOKIE, token, { path: '/docs', secure });
}

/**
 * The CSP of a hosted page: nothing but this origin; the page's own inline scripts by their
 * hashes (the generator's search script), no other inline script, no framing by other sites.
 */
function hostedCsp(html: string | null): string {
  const hashes: string[] = [];
  if (html !== null) {
    for (const m of html.matchAll(/<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
      hashes.push(`'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
    }
  }
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.length ? ` ${hashes.join(' ')}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page name of an API set's hosted OpenAPI viewer (Swagger UI over its openapi.json). */
export const OPENAPI_VIEWER = 'openapi.html';

/** The assets Docent serves itself: the OpenAPI viewer (swagger-ui-dist from npm) and two small scripts. */
const require = createRequire(import.meta.url);
const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const OWN_ASSETS = new Map<string, { type: string; body: string }>(
  Object.entries({
    'auth.js': {
      type: 'text/javascript; charset=utf-8',
      // Same origin as the app: the signed-in tab's token opens the docs (an HttpOnly cookie for /docs), then the page reloads.
      body: `(function () {
  var token = null;
  try { token = localStorage.getItem('accessToken'); } catch (e) { token = null; }
  var msg = document.getElementById('docent-auth');
  if (!token) { msg.textContent = 'Sign in to Docent to read these docs.'; return; }
  fetch('/api/v1/docs/session', { method: 'POST', headers: { Authorization: 'Bearer ' + token } }).then(function (r) {
    // one reload per 10 s at most: a cookie the server still refuses must not loop
    var last = Number(sessionStorage.getItem('docent-docs-retry') || 0);
    if (r.status === 204 && Date.now() - last > 10000) { sessionStorage.setItem('docent-docs-retry', String(Date.now())); location.reload(); }
    else { msg.textContent = 'Sign in to Docent to read these docs.'; }
  }, function () { msg.textContent = 'Docent could not be reached.'; });
})();
`,
    },
    'openapi-viewer.js': {
      type: 'text/javascript; charset=utf-8',
      body: `(function () {
  var el = document.getElementById('swagger-ui');
  // Swagger UI's dark theme (html.dark-mode in its CSS) with the system's, as the page's own bar
  var scheme = window.matchMedia('(prefers-color-scheme: dark)');
  var follow = function () { document.documentElement.classList.toggle('dark-mode', scheme.matches); };
  follow();
  scheme.addEventListener('change', follow);
  window.SwaggerUIBundle({ url: el.getAttribute('data-spec'), dom_id: '#swagger-ui', deepLinking: false, syntaxHighlight: false, tryItOutEnabled: false, supportedSubmitMethods: [] });
})();
${SWAGGER_A11Y_JS}`,
    },
    'docent.css': {
      type: 'text/css; charset=utf-8',
      body: `body{margin:0;font-family:system-ui,sans-serif;color:#1f1f1f;background:#fff}
.docent-bar{display:flex;flex-wrap:wrap;gap:12px;align-items:center;padding:10px 16px;border-bottom:1px solid #ddd;background:#fafafa}
.docent-bar a{color:#0958d9}
.docent-box{max-width:760px;margin:40px auto;padding:0 16px}
@media (prefers-color-scheme: dark){body{background:#141414;color:#e8e8e8}.docent-bar{background:#1f1f1f;border-color:#333}.docent-bar a{color:#69b1ff}}
${SWAGGER_A11Y_CSS}`,
    },
  }),
);
/**
 * Looked up by a name from the URL: Maps, so `constructor`, `__proto__` or `toString` are
 * simply absent (a plain object's inherited keys answered 500, docs/security.md).
 */
const SWAGGER_ASSETS = new Map<string, string>([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
]);

function page(title: string, body: string, extraHead = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/docs/_docent/docent.css">${extraHead}</head>
<body>${body}</body></html>`;
}

const KIND_NAME: Record<DocSetKind, string> = { arch: 'Architecture docs', api: 'API docs' };

/** Splits `/docs/a/b/c` into decoded segments; null for anything that could leave the set (`..`, `/`, `\\`, NUL). */
function docPathSegments(url: string): string[] | null {
  const raw = url.split('?')[0]!.replace(/^\/docs\/?/, '');
  const out: string[] = [];
  for (const seg of raw.split('/')) {
    let s: string;
    try {
      s = decodeURIComponent(seg);
    } catch {
      return null;
    }
    if (s === '.' || s === '..' || /[/\\\u0000]/.test(s)) return null;
    out.push(s);
  }
  return out;
}

/** Page formats link to the set's diagrams (and HTML to its search script): their zips carry them. */
const PAGE_FORMATS = new Set(['md', 'html', 'rst']);
function inFormatZip(fileFormat: string, format: string): boolean {
  return fileFormat === format || (PAGE_FORMATS.has(format) && (fileFormat === 'svg' || (format === 'html' && fileFormat === 'js')));
}

/**
 * The hosted docs: `/docs/{repoId}/{arch|api}/` (the newest hosted version) and
 * `/docs/{repoId}/{arch|api}/@{commit}/` (a version), each file at its name below, `?download=1`
 * as an attachment, `_download.zip` all files (`?format=md`: one format's, with the diagrams). Only the repository's owner sees them (session
 * cookie or the usual credentials); anybody else gets the same 404 as for nothing at all.
 */
export function hostedDocsRoutes(auth: AuthService, repos: RepoRepository, sets: DocSetStore) {
  return async (app: FastifyInstance): Promise<void> => {
    const userOfRequest = async (req: FastifyRequest): Promise<UserRow | null> => {
      try {
        const key = presentedApiKey(req);
        if (key !== null) return (await auth.authenticateApiKey(key, req.ip)).row;
        const token = bearerToken(req) ?? readCookie(req.headers.cookie, DOCS_COOKIE);
        return token ? (await auth.authenticate(token)).row : null;
      } catch {
        return null;
      }
    };

    const notFoundPage = (reply: FastifyReply) =>
      reply
        .status(404)
        .header('content-security-policy', hostedCsp(null))
        .type('text/html; charset=utf-8')
        .send(page('Not found', '<main class="docent-box"><h1>Not found</h1><p>There are no docs at this address.</p></main>'));

    app.get('/docs/_docent/:asset', async (req, reply) => {
      const name = (req.params as { asset: string }).asset;
      const own = OWN_ASSETS.get(name);
      if (own) return reply.type(own.type).header('cache-control', 'public, max-age=3600').send(own.body);
      const swagger = SWAGGER_ASSETS.get(name);
      if (swagger)
        return reply
          .type(swagger)
          .header('cache-control', 'public, max-age=86400')
          .send(await readFile(path.join(SWAGGER_DIR, name)));
      return notFoundPage(reply);
    });

    const serve = async (req: FastifyRequest, reply: FastifyReply) => {
      const segs = docPathSegments(req.url);
      if (!segs || segs.length < 2) return notFoundPage(reply);
      const [repoId, kindRaw, ...rest] = segs as [string, string, ...string[]];
      const kind = DocSetKind.safeParse(kindRaw);
      if (!kind.success) return notFoundPage(reply);
      const query = req.query as Record<string, string | undefined>;
      const download = query.download !== undefined;
      const user = await userOfRequest(req);
      if (!user) {
        return reply
          .status(401)
          .header('content-security-policy', hostedCsp(null))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            page(
              'Docent docs',
              '<main class="docent-box"><h1>Docent</h1><p id="docent-auth">Opening the docs…</p><p><a href="/auth/login">Sign in</a></p></main><script src="/docs/_docent/auth.js"></script>',
            ),
          );
      }
      const repo = await repos.byId(repoId);
      if (!repo || repo.user_id !== user.id) return notFoundPage(reply);
      let set: DocSetRow | null;
      let version = false;
      if (rest[0]?.startsWith('@')) {
        version = true;
        set = await sets.atCommit(repo.id, kind.data, rest.shift()!.slice(1));
      } else set = await sets.latest(repo.id, kind.data, !download && rest.join('/') !== '_download.zip');
      if (!set) return notFoundPage(reply);
      // `/docs/{repo}/{kind}` and `…/@{commit}`: relative links need the trailing slash.
      const pathOnly = req.url.split('?')[0]!;
      if (rest.length === 0 && !pathOnly.endsWith('/')) return reply.redirect(`${pathOnly}/${req.url.slice(pathOnly.length)}`, 301);
      const cache = version ? 'private, max-age=3600' : 'private, no-cache';
      const name = rest.join('/');

      if (name === '_download.zip') {
        let files = await sets.files(set.id);
        const format = query.format;
        if (format !== undefined) {
          if (!files.some((f) => f.format === format)) {
            return reply
              .status(400)
              .header('cache-control', 'no-store')
              .send({ detail: localizedDetail(req, `This documentation has no files in the format "${String(format).slice(0, 20)}".`) });
          }
          files = files.filter((f) => inFormatZip(f.format, format));
        }
        const zip = zipSync(Object.fromEntries(files.map((f) => [f.name, new Uint8Array(f.content)])), { level: 6 });
        const suffix = format === undefined ? '' : `-${format}`;
        return reply
          .type('application/zip')
          .header('cache-control', cache)
          .header(
            'content-disposition',
            `attachment; filename="${repo.repo_name.replace(/[^\w.-]/g, '_')}-${kind.data}-docs-${set.commit.slice(0, 7)}${suffix}.zip"`,
          )
          .send(Buffer.from(zip));
      }
      if (!set.hosted && !download) return notFoundPage(reply);

      // An API set's OpenAPI viewer lives at `openapi.html`; it is also the front page of a set
      // stored before doc sets had their own overview (index.html) (docs/hosted-docs.md).
      if (name === '' || name === 'index.html' || name === OPENAPI_VIEWER) {
        const files = await sets.names(set.id);
        const htmlPages = files.filter((f) => f.name.endsWith('.html'));
        const direct = files.find((f) => f.name === name || (name === '' && f.name === 'index.html'));
        if (kind.data === 'api' && files.some((f) => f.name === 'openapi.json') && (!direct || name === OPENAPI_VIEWER)) {
          const nav = htmlPages.map((f) => `<a href="${escapeHtml(encodeURI(f.name))}">${escapeHtml(f.name)}</a>`).join(' ');
          const html = page(
            `${KIND_NAME.api} — ${repo.organization_name}/${repo.repo_name}`,
            `<nav class="docent-bar"><strong>${escapeHtml(`${repo.organization_name}/${repo.repo_name}`)}</strong> <span>HTTP API @ ${escapeHtml(set.commit.slice(0, 7))}</span> ${nav}</nav><div id="swagger-ui" data-spec="openapi.json"></div><script src="/docs/_docent/swagger-ui-bundle.js"></script><script src="/docs/_docent/openapi-viewer.js"></script>`,
            '<link rel="stylesheet" href="/docs/_docent/swagger-ui.css">',
          );
          return reply
            .type('text/html; charset=utf-8')
            .header('cache-control', cache)
            .header('content-security-policy', hostedCsp(null))
            .send(html);
        }
        if (name === OPENAPI_VIEWER) return sendFile(reply, set, name, cache, download);
        const main = direct ?? htmlPages.find((f) => f.name === (kind.data === 'arch' ? 'architecture.html' : 'api.html')) ?? htmlPages[0];
        if (main) return sendFile(reply, set, main.name, cache, false);
        const list = files.map((f) => `<li><a href="${escapeHtml(encodeURI(f.name))}">${escapeHtml(f.name)}</a></li>`).join('');
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', cache)
          .header('content-security-policy', hostedCsp(null))
          .send(page(KIND_NAME[kind.data], `<main class="docent-box"><h1>${escapeHtml(KIND_NAME[kind.data])}</h1><ul>${list}</ul></main>`));
      }
      return sendFile(reply, set, name, cache, download);
    };

    const sendFile = async (reply: FastifyReply, set: DocSetRow, name: string, cache: string, download: boolean) => {
      const file = await sets.file(set.id, name);
      if (!file) return notFoundPage(reply);
      const html = file.contentType.startsWith('text/html') ? file.content.toString('utf8') : null;
      reply.type(file.contentType).header('cache-control', cache).header('content-security-policy', hostedCsp(html));
      if (download) reply.header('content-disposition', `attachment; filename="${path.basename(file.name).replace(/[^\w.-]/g, '_')}"`);
      return reply.send(file.content);
    };

    app.get('/docs/*', serve);
  };
}
