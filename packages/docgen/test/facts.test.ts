import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { factsOf, folderCycles, joinPath, repositoryFacts, type SourceFile } from '../src/facts/index.ts';
import { languageOfPath } from '../src/languages.ts';

const src = (files: Record<string, string>): SourceFile[] =>
  Object.entries(files).map(([rel, text]) => ({ rel, language: languageOfPath(rel)!, text }));
const routes = (files: Record<string, string>, goMod: string | null = null) =>
  factsOf(src(files), goMod).routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line}${r.resolved ? '' : ' (unresolved)'}`);

describe('import graph', () => {
  it('resolves tsconfig / jsconfig path aliases and baseUrl (extends followed, the nearest config per folder)', () => {
    const f = factsOf(
      src({
        'web/src/main.ts': "import api from '@/api';\nimport util from 'lib/util';\nimport vue from 'vue';\n",
        'web/src/api/index.ts': 'export default 1;\n',
        'web/src/lib/util.ts': 'export default 1;\n',
        'server/app.js': "const db = require('~db');\n",
        'server/db/index.js': 'module.exports = 1;\n',
      }),
      null,
      [
        { rel: 'web/tsconfig.json', language: 'text', text: '{\n  // base\n  "extends": "./tsconfig.app",\n}\n' },
        { rel: 'web/tsconfig.app.json', language: 'text', text: '{ "compilerOptions": { "baseUrl": "src", "paths": { "@/*": ["*"] } } }' },
        { rel: 'server/jsconfig.json', language: 'text', text: '{ "compilerOptions": { "paths": { "~db": ["./db/index.js"] } } }' },
      ],
    );
    expect(f.imports.map((e) => `${e.from}:${e.line} ${e.spec} → ${e.to ?? e.package ?? '?'} ${e.kind}`)).toEqual([
      'server/app.js:1 ~db → server/db/index.js internal',
      'web/src/main.ts:1 @/api → web/src/api/index.ts internal',
      'web/src/main.ts:2 lib/util → web/src/lib/util.ts internal',
      'web/src/main.ts:3 vue → vue external',
    ]);
  });

  it('resolves JS/TS relative imports (extensions, index files, TS ESM .js names) and names external packages', () => {
    const f = factsOf(
      src({
        'src/app.ts':
          "import express from 'express';\nimport { users } from './routes/users.js';\nimport db from './db';\n// import nope from './commented';\nconst x = require('@scope/pkg/sub');\nconst y = require(name);\n",
        'src/routes/users.ts': "import type { User } from '../models';\nexport const users = 1;\n",
        'src/db/index.ts': 'export default 1;\n',
        'src/models.ts': 'export type User = {};\n',
      }),
      null,
    );
    expect(f.imports.map((e) => `${e.from}:${e.line} ${e.spec} → ${e.to ?? e.package ?? '?'} ${e.kind}`)).toEqual([
      'src/app.ts:1 express → express external',
      'src/app.ts:2 ./routes/users.js → src/routes/users.ts internal',
      'src/app.ts:3 ./db → src/db/index.ts internal',
      'src/app.ts:5 @scope/pkg/sub → @scope/pkg external',
      'src/app.ts:6 name → ? unresolved',
      'src/routes/users.ts:1 ../models → src/models.ts internal',
    ]);
    expect(f.coupling.find((c) => c.file === 'src/models.ts')).toEqual({ file: 'src/models.ts', fanOut: 0, fanIn: 1 });
    expect(f.packages.map((p) => p.name)).toEqual(['@scope/pkg', 'express']);
  });

  it('resolves Python absolute, relative and submodule imports', () => {
    const f = factsOf(
      src({
        'pkg/__init__.py': '',
        'pkg/core.py':
          'import os, json as j\nfrom . import util\nfrom .sub.deep import thing\nfrom pkg.util import helper\nimport requests\n',
        'pkg/util.py': '',
        'pkg/sub/deep.py': '',
      }),
      null,
    );
    expect(f.imports.filter((e) => e.from === 'pkg/core.py').map((e) => `${e.spec} → ${e.to ?? e.package}`)).toEqual([
      'os → os',
      'json → json',
      '. → pkg/util.py',
      '.sub.deep → pkg/sub/deep.py',
      'pkg.util → pkg/util.py',
      'requests → requests',
    ]);
  });

  it('resolves a Python application package that lives in a subfolder (`backend/app`) from the files inside it', () => {
    const f = factsOf(
      src({
        'backend/app/__init__.py': '',
        'backend/app/models.py': 'class User: ...\n',
        'backend/app/api/routes/users.py': 'from app.models import User\nfrom app import crud\nimport requests\n',
        'backend/app/crud.py': '',
        // a single-module name with no package folder above stays outside the repository
        'scripts/tool.py': 'import models\n',
      }),
      null,
    );
    expect(
      f.imports
        .filter((e) => e.from !== 'backend/app/__init__.py')
        .map((e) => `${e.from}:${e.line} ${e.spec} → ${e.to ?? e.package} ${e.kind}`),
    ).toEqual([
      'backend/app/api/routes/users.py:1 app.models → backend/app/models.py internal',
      'backend/app/api/routes/users.py:2 app → backend/app/crud.py internal',
      'backend/app/api/routes/users.py:3 requests → requests external',
      'scripts/tool.py:1 models → models external',
    ]);
  });

  it('resolves Go packages through go.mod, Java classes through their package, Rust modules and C# namespaces', () => {
    const f = factsOf(
      src({
        'main.go':
          'package main\n\nimport (\n\t"fmt"\n\tapi "example.com/app/internal/api"\n\t"github.com/gin-gonic/gin/binding"\n)\n\nfunc main() {}\n',
        'internal/api/api.go': 'package api\n',
        'src/main/java/com/acme/App.java':
          'package com.acme;\nimport com.acme.util.Strings;\nimport java.util.List;\nimport static com.acme.util.Strings.trim;\npublic class App { public static void main(String[] a) {} }\n',
        'src/main/java/com/acme/util/Strings.java': 'package com.acme.util;\npublic class Strings {}\n',
        'src/lib.rs': 'mod parser;\npub mod fmt;\nuse crate::parser::Token;\nuse serde::Serialize;\n',
        'src/parser.rs': '',
        'src/fmt/mod.rs': '',
        'Api/Models/User.cs': 'namespace Acme.Api.Models;\npublic class User {}\n',
        'Api/Program.cs': 'using System.Text;\nusing Acme.Api.Models;\n',
      }),
      'module example.com/app\n\ngo 1.22\n',
    );
    const at = (file: string) => f.imports.filter((e) => e.from === file).map((e) => `${e.spec} → ${e.to ?? e.package}`);
    expect(at('main.go')).toEqual([
      'fmt → fmt',
      'example.com/app/internal/api → internal/api/',
      'github.com/gin-gonic/gin/binding → github.com/gin-gonic/gin',
    ]);
    expect(at('src/main/java/com/acme/App.java')).toEqual([
      'com.acme.util.Strings → src/main/java/com/acme/util/Strings.java',
      'java.util.List → java.util',
      'com.acme.util.Strings.trim → src/main/java/com/acme/util/Strings.java',
    ]);
    expect(at('src/lib.rs')).toEqual([
      'parser → src/parser.rs',
      'fmt → src/fmt/mod.rs',
      'crate::parser::Token → src/parser.rs',
      'serde::Serialize → serde',
    ]);
    expect(at('Api/Program.cs')).toEqual(['System.Text → System.Text', 'Acme.Api.Models → Api/Models/']);
    expect(f.entryPoints.map((e) => `${e.file}:${e.line} ${e.kind}`)).toEqual([
      'Api/Program.cs:1 c# top-level program',
      'main.go:9 go main',
      'src/main/java/com/acme/App.java:5 java main',
    ]);
  });

  it('finds import cycles between folders, each with one shortest cycle of real imports (tests left out)', () => {
    const f = factsOf(
      src({
        'a/x.ts': "import '../b/y';\n",
        'b/y.ts': "import '../c/z';\nimport '../a/x';\n",
        'c/z.ts': "\nimport '../b/y';\n",
        'd/w.ts': "import '../a/x';\n",
        // a test in `a` importing `d` would close a → d → a
        'a/x.test.ts': "import '../d/w';\n",
      }),
      null,
    );
    // a, b and c import each other; the cycle shown is a → b → a, each step the import that makes it
    expect(f.cycles).toEqual([
      {
        folders: ['a', 'b', 'c'],
        path: [
          { from: 'a', to: 'b', file: 'a/x.ts', line: 1, target: 'b/y.ts' },
          { from: 'b', to: 'a', file: 'b/y.ts', line: 2, target: 'a/x.ts' },
        ],
      },
    ]);
    expect(folderCycles([])).toEqual([]);
  });
});

describe('HTTP routes', () => {
  it('Express: verbs, route() chains, and prefixes of routers mounted from other files (two levels)', () => {
    expect(
      routes({
        'app.js':
          "const express = require('express');\nconst api = require('./api');\nconst app = express();\napp.get('/health', health);\napp.use('/api', api);\n// app.get('/commented', x);\n",
        'api.js':
          "const router = require('express').Router();\nconst users = require('./users');\nrouter.use('/users', users);\nrouter.route('/items').get(list).post(create);\nmodule.exports = router;\n",
        'users.js':
          "const router = require('express').Router();\nrouter.get('/:id', show);\nrouter.delete('/:id', auth, remove);\nmodule.exports = router;\n",
      }),
    ).toEqual([
      'GET /api/items api.js:4',
      'POST /api/items api.js:4',
      'DELETE /api/users/:id users.js:3',
      'GET /api/users/:id users.js:2',
      'GET /health app.js:4',
    ]);
  });

  it('Express: routers mounted without a path into a chained local router that is mounted at a prefix (RealWorld layout)', () => {
    expect(
      routes({
        'src/main.ts':
          "import express from 'express';\nimport routes from './routes';\nconst app = express();\napp.use(cors());\napp.use(routes);\napp.get('/', home);\n",
        'src/routes.ts':
          "import { Router } from 'express';\nimport articles from './articles';\nimport auth from './auth';\n\nconst api = Router()\n  .use(articles)\n  .use(auth);\n\nexport default Router().use('/api', api);\n",
        'src/articles.ts':
          "import { Router } from 'express';\nconst router = Router();\nrouter.get('/articles', list);\nexport default router;\n",
        'src/auth.ts':
          "import { Router } from 'express';\nconst router = Router();\nrouter.post('/users/login', login);\nexport default router;\n",
      }),
    ).toEqual(['GET / src/main.ts:6', 'GET /api/articles src/articles.ts:3', 'POST /api/users/login src/auth.ts:3']);
  });

  it('Fastify and Koa: route objects, register prefixes, Router({prefix})', () => {
    expect(
      routes({
        'server.ts':
          "import Fastify from 'fastify';\nimport items from './items';\nconst fastify = Fastify();\nfastify.register(items, { prefix: '/v1' });\nfastify.route({ method: 'PUT', url: '/config', handler });\n",
        'items.ts': "import fastify from 'fastify';\nexport default async function items(f) {\n  f.get('/items', list);\n}\n",
        'koa.js': "const Router = require('@koa/router');\nconst router = new Router({ prefix: '/shop' });\nrouter.post('/cart', add);\n",
      }),
    ).toEqual(['PUT /config server.ts:5', 'POST /shop/cart koa.js:3', 'GET /v1/items items.ts:3']);
  });

  it("Express: an HTTP client's calls in a front end are requests, not routes", () => {
    expect(
      routes({
        'backend/server.js':
          "import express from 'express';\nimport users from './users.js';\nconst app = express();\napp.use('/api/users', users);\n",
        'backend/users.js':
          "import express from 'express';\nconst router = express.Router();\nrouter.post('/login', login);\nexport default router;\n",
        'frontend/actions.js':
          "import axios from 'axios';\nconst api = axios.create({ baseURL: '/' });\nexport const login = () => axios.post('/api/users/login', {});\nexport const me = () => api.get('/api/users/me');\n",
      }),
    ).toEqual(['POST /api/users/login backend/users.js:3']);
  });

  it('NestJS: controller path + method decorators', () => {
    expect(
      routes({
        'cats.controller.ts':
          "@Controller('cats')\nexport class CatsController {\n  @Get(':id')\n  findOne(@Param('id') id: string) {}\n  @Post()\n  async create() {}\n}\n",
      }),
    ).toEqual(['POST /cats cats.controller.ts:5', 'GET /cats/:id cats.controller.ts:3']);
  });

  // Flask: a url_prefix given at registration replaces the blueprint's own (flask.blueprints.BlueprintSetupState).
  it('Flask blueprints and FastAPI routers, with prefixes from their own constructor and from where they are mounted', () => {
    expect(
      routes({
        'app/__init__.py':
          'from flask import Flask\nfrom .views import bp\napp = Flask(__name__)\napp.register_blueprint(bp, url_prefix="/admin")\n@app.route("/", methods=["GET", "POST"])\ndef index():\n    pass\n',
        'app/views.py':
          'from flask import Blueprint\nbp = Blueprint("views", __name__, url_prefix="/v")\n@bp.get("/users/<int:id>")\ndef user(id):\n    pass\n',
        'api/main.py':
          'from fastapi import FastAPI\nfrom .routers import items\napp = FastAPI()\napp.include_router(items.router, prefix="/api")\n',
        'api/routers/items.py':
          'from fastapi import APIRouter\nrouter = APIRouter(prefix="/items")\n@router.get("/{item_id}")\nasync def read_item(item_id: int):\n    pass\n',
      }),
    ).toEqual([
      'GET / app/__init__.py:5',
      'POST / app/__init__.py:5',
      'GET /admin/users/<int:id> app/views.py:3',
      'GET /api/items/{item_id} api/routers/items.py:3',
    ]);
  });

  it("Django: path()/re_path() and include()'s prefix", () => {
    expect(
      routes({
        'site/urls.py':
          "from django.urls import include, path\nurlpatterns = [\n    path('blog/', include('blog.urls')),\n    path('about/', views.about),\n]\n",
        'blog/urls.py':
          "urlpatterns = [\n    path('<int:pk>/', views.PostDetail.as_view()),\n    re_path(r'^archive/$', views.archive),\n]\n",
      }),
    ).toEqual(['ANY /about/ site/urls.py:4', 'ANY /blog/<int:pk>/ blog/urls.py:2', 'ANY /blog/archive/ blog/urls.py:3']);
  });

  it('Gin and Echo groups; a group prefix that is not a constant marks the route unresolved', () => {
    expect(
      routes({
        'main.go':
          'package main\n\nfunc setup(r *gin.Engine) {\n\tv1 := r.Group("/v1")\n\tusers := v1.Group("/users")\n\tusers.GET("/:id", getUser)\n\tr.POST("/login", login)\n\tdyn := r.Group(prefix)\n\tdyn.GET("/x", h)\n}\n',
        'echo.go': 'package main\n\nimport "github.com/labstack/echo/v4"\n\nfunc e(e *echo.Echo) {\n\te.PUT("/things/:id", update)\n}\n',
      }),
    ).toEqual(['POST /login main.go:7', 'PUT /things/:id echo.go:6', 'GET /v1/users/:id main.go:6', 'GET /x main.go:9 (unresolved)']);
  });

  it('Spring class + method mappings and ASP.NET attribute and minimal-API routes', () => {
    expect(
      routes({
        'src/UserController.java':
          '@RestController\n@RequestMapping("/api/users")\npublic class UserController {\n  @GetMapping("/{id}")\n  public User get(@PathVariable long id) { return null; }\n  @RequestMapping(value = "/search", method = RequestMethod.POST)\n  public List<User> search() { return null; }\n}\n',
        'Controllers/OrdersController.cs':
          '[ApiController]\n[Route("api/[controller]")]\npublic class OrdersController : ControllerBase\n{\n    [HttpGet("{id}")]\n    public IActionResult Get(int id) => Ok();\n}\n',
        'Program.cs': 'var app = builder.Build();\napp.MapGet("/ping", () => "pong");\n',
      }),
    ).toEqual([
      'GET /api/Orders/{id} Controllers/OrdersController.cs:5',
      'POST /api/users/search src/UserController.java:6',
      'GET /api/users/{id} src/UserController.java:4',
      'GET /ping Program.cs:2',
    ]);
  });

  it('joins path parts with exactly one slash', () => {
    expect(joinPath('/api/', '/users/', ':id')).toBe('/api/users/:id');
    expect(joinPath('', '/')).toBe('/');
  });
});

it('reads a checkout: env vars, entry points and routes from the files on disk', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facts-'));
  try {
    fs.writeFileSync(
      path.join(dir, 'server.js'),
      "const app = require('express')();\nconst port = process.env.PORT;\napp.get('/', h);\napp.listen(port);\n",
    );
    fs.mkdirSync(path.join(dir, 'node_modules/x'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'node_modules/x/index.js'), "app.get('/vendored', h);\n");
    const f = await repositoryFacts(dir);
    expect(f.files).toBe(1);
    expect(f.envVars).toEqual([{ name: 'PORT', file: 'server.js', line: 2 }]);
    expect(f.entryPoints).toEqual([{ file: 'server.js', line: 4, kind: 'http server' }]);
    expect(f.routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
