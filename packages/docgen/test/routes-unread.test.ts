import { describe, expect, it } from 'vitest';
import { factsOf } from '../src/facts/index.ts';
import type { SourceFile } from '../src/facts/imports.ts';
import { buildOpenApi } from '../src/openapi.ts';
import { apiHttpPage } from '../src/pages/api.ts';
import { renderMarkdown } from '../src/render/markdown.ts';

/**
 * Possible routes not understood (docs/docgen-arch-api.md §Possible routes not understood): code
 * that looks like a route registration and gave no route is listed with its `path:line`, on the
 * HTTP API page and in openapi.json — never read into a route.
 */
const src = (rel: string, language: SourceFile['language'], text: string): SourceFile => ({ rel, language, text });
const notices = (sources: SourceFile[]): string[] => factsOf(sources, null).routeNotices.map((n) => `${n.file}:${n.line} ${n.why}`);

describe('possible routes not understood', () => {
  it('a method of a router or app object given a path literal, of a form the reader does not know, is listed with its line', () => {
    const sources = [
      src(
        'server/app.js',
        'JavaScript',
        [
          "const express = require('express');",
          'const app = express();',
          "app.get('/health', (req, res) => res.send('ok'));",
          "app.on('GET', '/items', listItems);",
          "app.addRoute('/things', thingsHandler);",
          "res.redirect('/login');",
          "axios.get('/remote');",
          'app.listen(3000);',
        ].join('\n'),
      ),
    ];
    const facts = factsOf(sources, null);
    expect(facts.routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /health']);
    expect(notices(sources)).toEqual(['server/app.js:4 no route read from it', 'server/app.js:5 no route read from it']);
  });

  it("a path given by a setting's member (`env.graphql.route`) that gave no route is listed; middleware is not", () => {
    const sources = [
      src(
        'src/loaders/graphql.ts',
        'TypeScript',
        [
          "import express from 'express';",
          'export const load = (expressApp: express.Application): void => {',
          '  expressApp.use(env.graphql.route, (request, response) => graphql(request, response));',
          '  expressApp.get(env.app.routePrefix, (req, res) => res.json({}));',
          '  expressApp.use(env.swagger.route, swaggerUi.serve, swaggerUi.setup(doc));',
          '};',
        ].join('\n'),
      ),
    ];
    expect(notices(sources)).toEqual(['src/loaders/graphql.ts:3 its prefix not read', 'src/loaders/graphql.ts:4 no route read from it']);
  });

  it('Python: a decorator with a path not read, a registration in a loop, an include whose prefix is an expression nothing was read from', () => {
    const sources = [
      src(
        'api/urls.py',
        'Python',
        [
          'from rest_framework.routers import DefaultRouter',
          'from .routes import routes',
          'router = DefaultRouter()',
          'for route in routes:',
          '    router.register(route["regex"], route["viewset"], basename=route["basename"])',
          'urlpatterns = []',
        ].join('\n'),
      ),
      src(
        'svc/views.py',
        'Python',
        ['from svc import ns', '', '@ns.doc_route(path="/widgets")', '@ns.route(PATHS.widgets)', 'def widgets():', '    return []'].join(
          '\n',
        ),
      ),
    ];
    expect(notices(sources)).toEqual(['api/urls.py:5 no route read from it', 'svc/views.py:4 no route read from it']);
  });

  it('a mount under whose prefix no route was read (Go, Java annotations of an unknown kind of class are left alone when routes are read)', () => {
    const sources = [
      src(
        'cmd/main.go',
        'Go',
        [
          'package main',
          '',
          'import "github.com/go-chi/chi/v5"',
          '',
          'func main() {',
          '\tr := chi.NewRouter()',
          '\tr.Get("/ping", ping)',
          '\tr.Mount("/legacy", legacy.Handler())',
          '}',
          '',
          'func generated(r chi.Router, options Options) {',
          '\tr.Get(options.BaseURL+"/users/current", wrapper.GetCurrentUser)',
          '}',
        ].join('\n'),
      ),
    ];
    // oapi-codegen's `options.BaseURL+"/x"` is read (routes/oapi-chi-server): with no caller here, its BaseURL is unresolved.
    expect(
      factsOf(sources, null).routes.map((r) => `${r.method} ${r.path}${r.resolved ? '' : ` (unresolved: ${r.unresolvedPrefix})`}`),
    ).toEqual(['GET /ping', 'GET /users/current (unresolved: cmd/main.go:11 parameter r)']);
    expect(notices(sources)).toEqual(['cmd/main.go:8 no route under its prefix']);
  });

  it('known forms give no notice (Express routers mounted, Flask decorators, Spring mappings, Django includes of a library)', () => {
    const sources = [
      src(
        'web/users.js',
        'JavaScript',
        "const router = require('express').Router();\nrouter.get('/:id', show);\nmodule.exports = router;\n",
      ),
      src('web/app.js', 'JavaScript', "const app = require('express')();\nconst users = require('./users');\napp.use('/users', users);\n"),
      src(
        'py/app.py',
        'Python',
        "from flask import Flask\napp = Flask(__name__)\n\n@app.route('/a', methods=['POST'])\ndef a():\n    return ''\n",
      ),
      src(
        'j/UserController.java',
        'Java',
        '@RestController\n@RequestMapping("/api/users")\npublic class UserController {\n  @GetMapping("/{id}")\n  public User one(@PathVariable Long id) { return null; }\n}\n',
      ),
      src(
        'site/urls.py',
        'Python',
        'from django.urls import include, path\nurlpatterns = [\n    path("accounts/", include("allauth.urls")),\n]\n',
      ),
    ];
    expect(notices(sources)).toEqual([]);
  });

  it('the HTTP API page and openapi.json list them with their path:line; no operation is made of them', async () => {
    const sources = [
      src('app.js', 'JavaScript', "const app = require('express')();\napp.get('/a', h);\napp.on('GET', '/b', h);\n"),
      src('examples/demo.js', 'JavaScript', "const app = require('express')();\napp.get('/demo', h);\n"),
    ];
    const facts = factsOf(sources, null);
    const md = renderMarkdown((await apiHttpPage(facts).build()).tree);
    expect(md).toContain('## Possible routes not understood');
    expect(md).toContain('app.js:3');
    const { doc } = buildOpenApi(facts.routes, [], 'x', sources, facts.routeNotices);
    expect(Object.keys(doc.paths)).toEqual(['/a']);
    expect(doc['x-possible-routes-not-understood']).toEqual([
      { code: "app.on('GET', '/b', h)", why: 'no route read from it', 'x-source': 'app.js:3' },
    ]);
    // Example programs' routes apart, as on the HTML page.
    expect(doc['x-example-routes']).toEqual([{ method: 'GET', path: '/demo', 'x-source': 'examples/demo.js:2' }]);
  });
});
