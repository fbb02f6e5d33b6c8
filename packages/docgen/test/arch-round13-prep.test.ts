import { toMarkdown } from 'mdast-util-to-markdown';
import { describe, expect, it } from 'vitest';
import type { Route } from '../src/facts/index.ts';
import { repositoryFacts } from '../src/facts/index.ts';
import { fixtureRepos, routeList } from './support/fixture-repo.ts';
import { dataModels } from '../src/facts/models.ts';
import { mergeOpenApi, openApiFromRoutes } from '../src/openapi.ts';
import { openApiBlocks } from '../src/pages/openapi.ts';
import { apiHttpPage } from '../src/pages/api.ts';
import { renderMarkdown } from '../src/render/markdown.ts';

/**
 * The twelfth round's leftovers (docs/metrics/arch-api-facts.md, "What the twelfth round leaves"), each at its
 * general cause: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r13');
const list = routeList;
const page = (doc: Parameters<typeof openApiBlocks>[0], described: string[] = []): string =>
  toMarkdown({ type: 'root', children: openApiBlocks(doc, described) });

describe('a handler with no method restriction is one ANY entry', () => {
  const route: Route = { method: 'ANY', path: '/legacy', framework: 'spring', file: 'src/Legacy.java', line: 12, resolved: true };
  it('openapi.json marks each of the methods it writes it under', () => {
    const doc = openApiFromRoutes([route], 't');
    const item = doc.paths['/legacy']!;
    const ops = Object.entries(item).filter(([m]) => !m.startsWith('x-'));
    expect(ops.length).toBeGreaterThan(1);
    for (const [, op] of ops) expect((op as Record<string, unknown>)['x-any-method']).toBe(true);
  });
  it('the HTTP page shows it once, as ANY', () => {
    const md = page(openApiFromRoutes([route], 't'));
    expect(md).toContain('### ANY /legacy');
    expect(md).not.toContain('### POST /legacy');
    expect(md).toContain('accepts any method');
  });
});

describe('a body the repository’s API description gives is cited', () => {
  it('to the description file', () => {
    const ours = openApiFromRoutes(
      [{ method: 'POST', path: '/pets', framework: 'express', file: 'src/app.js', line: 3, resolved: true }],
      't',
    );
    const theirs = {
      openapi: '3.0.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/pets': {
          post: {
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } },
            responses: { '201': { description: 'created' } },
          },
        },
      },
    };
    const merged = mergeOpenApi(ours, [{ rel: 'api/swagger.yaml', doc: theirs }]);
    const body = (merged.paths['/pets']!.post as Record<string, Record<string, unknown>>).requestBody!;
    expect(body['x-described-in']).toBe('api/swagger.yaml');
    expect(page(merged, ['api/swagger.yaml'])).toContain('(as api/swagger.yaml describes it)');
  });
});

describe('Go: a package-qualified call reaches that package’s function (round 13, tuning)', () => {
  it('several packages each with an ApplyRoutes: each route under its own chain of groups only', async () => {
    const root = repo({
      'go.mod': 'module example.com/app\n\ngo 1.21\n',
      'main.go':
        'package main\n\nimport (\n\t"github.com/gin-gonic/gin"\n\t"example.com/app/api"\n)\n\nfunc main() {\n\tapp := gin.Default()\n\tapi.ApplyRoutes(app)\n\tapp.Run(":8080")\n}\n',
      'api/api.go':
        'package api\n\nimport (\n\t"github.com/gin-gonic/gin"\n\tapiv1 "example.com/app/api/v1"\n)\n\nfunc ApplyRoutes(r *gin.Engine) {\n\tapi := r.Group("/api")\n\t{\n\t\tapiv1.ApplyRoutes(api)\n\t}\n}\n',
      'api/v1/v1.go':
        'package v1\n\nimport (\n\t"github.com/gin-gonic/gin"\n\t"example.com/app/api/v1/auth"\n\t"example.com/app/api/v1/user"\n)\n\nfunc ApplyRoutes(r *gin.RouterGroup) {\n\tv1 := r.Group("/v1")\n\tuser.ApplyRoutes(v1)\n\tauth.ApplyRoutes(v1)\n}\n',
      'api/v1/user/user.go':
        'package user\n\nimport "github.com/gin-gonic/gin"\n\nfunc ApplyRoutes(r *gin.RouterGroup) {\n\tu := r.Group("/users")\n\t{\n\t\tu.GET("/me", me)\n\t}\n}\n\nfunc me(c *gin.Context) { c.JSON(200, gin.H{}) }\n',
      'api/v1/auth/auth.go':
        'package auth\n\nimport "github.com/gin-gonic/gin"\n\nfunc ApplyRoutes(r *gin.RouterGroup) {\n\ta := r.Group("/auth")\n\t{\n\t\ta.POST("/login", login)\n\t}\n}\n\nfunc login(c *gin.Context) { c.JSON(200, gin.H{}) }\n',
    });
    const facts = await repositoryFacts(root);
    expect(list(facts.routes)).toEqual(['GET /api/v1/users/me', 'POST /api/v1/auth/login']);
  });
});

describe('NestJS: a route path’s trailing slash (round 13, tuning)', () => {
  it('is stripped, as Nest does', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"@nestjs/core":"^10.0.0","@nestjs/common":"^10.0.0"}}',
      'src/profiles.controller.ts':
        "import { Controller, Delete, Get, Param } from '@nestjs/common';\n\n@Controller('profiles/')\nexport class ProfilesController {\n  @Get()\n  all() {\n    return [];\n  }\n\n  @Delete('/users/:userId/')\n  remove(@Param('userId') userId: string) {\n    return userId;\n  }\n}\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual(['DELETE /profiles/users/:userId', 'GET /profiles']);
  });
});

describe('Fastify: plugins of one module', () => {
  const pkg = '{"dependencies":{"fastify":"^4.0.0","fastify-plugin":"^4.0.0"}}';
  const app =
    "import Fastify from 'fastify';\nimport { apiRoutes } from './api.js';\n\nconst app = Fastify();\napp.register(apiRoutes, { prefix: '/api' });\napp.listen({ port: 3000 });\n";
  it('routes declared directly in one of several exported plugins are served under that plugin’s registration only', async () => {
    const root = repo({
      'package.json': pkg,
      'src/app.ts': app,
      'src/api.ts':
        "import type { FastifyPluginAsync } from 'fastify';\nimport { usersService, usersRoutes } from './users.js';\n\nexport const apiRoutes: FastifyPluginAsync = async (fastify) => {\n  await fastify.register(usersService);\n  await fastify.register(usersRoutes, { prefix: '/users' });\n};\n",
      'src/users.ts':
        "import fp from 'fastify-plugin';\nimport type { FastifyPluginAsync } from 'fastify';\n\nexport const usersService = fp(async (fastify) => {\n  fastify.decorate('users', { list: () => [] });\n});\n\nexport const usersRoutes: FastifyPluginAsync = async (fastify) => {\n  fastify.get('/', async () => []);\n  fastify.get('/:id', async (request) => request.params);\n};\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual(['GET /api/users', 'GET /api/users/:id']);
  });
  it('an encapsulated plugin handing `opts.prefix` on applies its registration’s prefix twice (as Fastify does), unmarked', async () => {
    const root = repo({
      'package.json': pkg,
      'src/app.ts': app,
      'src/api.ts':
        "import type { FastifyPluginAsync } from 'fastify';\nimport { accountsRoutes } from './accounts.js';\n\nexport const apiRoutes: FastifyPluginAsync = async (fastify) => {\n  await fastify.register(accountsRoutes, { prefix: '/accounts' });\n};\n",
      'src/accounts.ts':
        "import type { FastifyPluginAsync } from 'fastify';\nimport { accountsRouter } from './router.js';\n\nexport const accountsRoutes: FastifyPluginAsync<{ prefix: string }> = async (fastify, opts) => {\n  await fastify.register(accountsRouter, { prefix: opts.prefix });\n};\n",
      'src/router.ts':
        "import type { FastifyPluginAsync } from 'fastify';\n\nexport const accountsRouter: FastifyPluginAsync = async (fastify) => {\n  fastify.get('/', async () => []);\n};\n",
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /api/accounts/accounts']);
    expect(routes.every((r) => r.resolved)).toBe(true);
  });
});

describe('SQLite’s table redefinition in a migration', () => {
  const create = (name: string, cols: string): string => `CREATE TABLE "${name}" (\n    "id" INTEGER NOT NULL PRIMARY KEY,\n${cols}\n);\n`;
  const init = create('Category', '    "name" TEXT NOT NULL');
  const redefine =
    'PRAGMA foreign_keys=OFF;\n' +
    create('new_Category', '    "name" TEXT NOT NULL,\n    "slug" TEXT NOT NULL') +
    'INSERT INTO "new_Category" ("id", "name") SELECT "id", "name" FROM "Category";\nDROP TABLE "Category";\nALTER TABLE "new_Category" RENAME TO "Category";\nPRAGMA foreign_keys=ON;\n';
  it('the temporary new_X table is no entity: the copy is X', () => {
    const entities = dataModels([
      { rel: 'db/migrations/20240101000000_init/migration.sql', language: 'text', text: init },
      { rel: 'db/migrations/20240201000000_slug/migration.sql', language: 'text', text: redefine },
    ]);
    expect(entities.map((e) => e.name)).toEqual(['Category']);
    expect(entities[0]!.fields.map((f) => f.name)).toEqual(['id', 'name', 'slug']);
  });
  it('beside a Prisma schema, only its model', () => {
    const entities = dataModels([
      { rel: 'prisma/schema.prisma', language: 'text', text: 'model Category {\n  id   Int    @id\n  name String\n  slug String\n}\n' },
      { rel: 'prisma/migrations/20240101000000_init/migration.sql', language: 'text', text: init },
      { rel: 'prisma/migrations/20240201000000_slug/migration.sql', language: 'text', text: redefine },
    ]);
    expect(entities.map((e) => `${e.kind} ${e.name}`)).toEqual(['prisma Category']);
  });
});

describe('DRF: a viewset action overridden to read request.data itself', () => {
  const urls =
    'from django.urls import include, path\nfrom rest_framework.routers import DefaultRouter\nfrom .views import MatchViewSet\n\nrouter = DefaultRouter()\nrouter.register(r"match", MatchViewSet)\n\nurlpatterns = [path("api/", include(router.urls))]\n';
  const serializer =
    'from rest_framework import serializers\nfrom .models import Match\n\n\nclass MatchSerializer(serializers.ModelSerializer):\n    class Meta:\n        model = Match\n        fields = ("id", "name", "start_time")\n';
  it('its body is the keys the code reads, cited there — not the serializer_class', async () => {
    const root = repo({
      'app/urls.py': urls,
      'app/serializers.py': serializer,
      'app/views.py':
        'from rest_framework import viewsets\nfrom rest_framework.response import Response\nfrom .models import Match\nfrom .serializers import MatchSerializer\n\n\nclass MatchViewSet(viewsets.ModelViewSet):\n    queryset = Match.objects.all()\n    serializer_class = MatchSerializer\n\n    def create(self, request):\n        kind = request.data["message_type"]\n        event = request.data.get("event")\n        return Response({"kind": kind, "event": event})\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    const post = routes.find((r) => r.method === 'POST' && r.path === '/api/match/');
    expect(Object.keys((post?.request?.body?.schema as { properties: Record<string, unknown> }).properties)).toEqual([
      'message_type',
      'event',
    ]);
    expect(post?.request?.body?.source).toBe('app/views.py:12');
    // The update the viewset does not override keeps the serializer's fields (not the automatic, read-only `id`:
    // seventeenth round, docs/metrics/arch-api-facts.md).
    const put = routes.find((r) => r.method === 'PUT');
    expect(Object.keys((put?.request?.body?.schema as { properties: Record<string, unknown> }).properties)).toEqual(['name', 'start_time']);
  });
  it('an override that builds the serializer keeps the serializer as the body', async () => {
    const root = repo({
      'app/urls.py': urls,
      'app/serializers.py': serializer,
      'app/views.py':
        'from rest_framework import viewsets\nfrom rest_framework.response import Response\nfrom .models import Match\nfrom .serializers import MatchSerializer\n\n\nclass MatchViewSet(viewsets.ModelViewSet):\n    queryset = Match.objects.all()\n    serializer_class = MatchSerializer\n\n    def create(self, request):\n        serializer = self.get_serializer(data=request.data)\n        serializer.is_valid(raise_exception=True)\n        return Response(serializer.data)\n',
    });
    const post = (await repositoryFacts(root)).routes.find((r) => r.method === 'POST' && r.path === '/api/match/');
    expect(post?.request?.body?.source).toBe('app/serializers.py:5');
  });
});

describe('Fastify with fastify-type-provider-zod', () => {
  it('`schema: { body: someZodSchema }` gives the body, from this file or an imported module', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"fastify":"^4.0.0","fastify-type-provider-zod":"^2.0.0","zod":"^3.0.0"}}',
      'src/schemas.ts':
        "import { z } from 'zod';\n\nexport const addToCartSchema = z.object({\n  productId: z.string().uuid(),\n  quantity: z.number().int().optional(),\n});\n",
      'src/app.ts':
        "import Fastify from 'fastify';\nimport { z } from 'zod';\nimport { addToCartSchema } from './schemas.js';\n\nconst couponSchema = z.object({ code: z.string() });\nconst app = Fastify();\napp.post('/cart/items', { schema: { body: addToCartSchema } }, async (request) => request.body);\napp.post('/cart/coupon', { schema: { body: couponSchema } }, async (request) => request.body);\napp.listen({ port: 3000 });\n",
    });
    const routes = (await repositoryFacts(root)).routes;
    const items = routes.find((r) => r.path === '/cart/items')?.request?.body?.schema;
    expect(items).toEqual({
      type: 'object',
      properties: { productId: { type: 'string', format: 'uuid' }, quantity: { type: 'integer' } },
      required: ['productId'],
    });
    expect(routes.find((r) => r.path === '/cart/coupon')?.request?.body?.schema).toEqual({
      type: 'object',
      properties: { code: { type: 'string' } },
      required: ['code'],
    });
  });
});

describe('FastAPI WebSocket routes', () => {
  it('are marked WEBSOCKET, not GET, and are no OpenAPI operation', async () => {
    const root = repo({
      'app/main.py':
        'from fastapi import FastAPI, WebSocket\n\napp = FastAPI()\n\n\n@app.get("/items")\ndef items():\n    return []\n\n\n@app.websocket("/ws/main")\nasync def main_socket(websocket: WebSocket):\n    await websocket.accept()\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /items', 'WEBSOCKET /ws/main']);
    expect(Object.keys(openApiFromRoutes(routes, 't').paths)).toEqual(['/items']);
  });
});

describe('FastAPI endpoints registered under a condition of the code', () => {
  it('carry their condition and where it is written, in the route table and openapi.json', async () => {
    const root = repo({
      'app/config.py': 'class Settings:\n    ENABLE_ADMIN = False\n    DEBUG = False\n\n\nsettings = Settings()\n',
      'app/admin.py': 'from fastapi import APIRouter\n\nrouter = APIRouter()\n\n\n@router.get("/stats")\ndef stats():\n    return {}\n',
      'app/main.py':
        'from fastapi import FastAPI\n\nfrom app import admin\nfrom app.config import settings\n\napp = FastAPI()\n\n\n@app.get("/health")\ndef health():\n    return {"ok": True}\n\n\nif settings.ENABLE_ADMIN:\n    app.include_router(admin.router, prefix="/admin")\n\nif settings.DEBUG:\n\n    @app.get("/debug")\n    def debug():\n        return {}\n',
    });
    const facts = await repositoryFacts(root);
    const by = (p: string) => facts.routes.find((r) => r.path === p);
    expect(by('/health')?.condition).toBeUndefined();
    expect(by('/admin/stats')?.condition).toEqual({ text: 'settings.ENABLE_ADMIN', source: 'app/main.py:14' });
    expect(by('/debug')?.condition).toEqual({ text: 'settings.DEBUG', source: 'app/main.py:17' });
    const op = openApiFromRoutes(facts.routes, 't').paths['/debug']!.get as Record<string, unknown>;
    expect(op['x-condition']).toEqual({ if: 'settings.DEBUG', 'x-source': 'app/main.py:17' });
    const built = await apiHttpPage(facts).build();
    expect(renderMarkdown(built.tree)).toContain('`/admin/stats` — only if `settings.ENABLE_ADMIN` (`app/main.py:14`)');
  });
});

describe('Go: a request struct declared inside the handler (round 13, tuning)', () => {
  it('is that handler’s body, though another handler of the package declares one of the same name', async () => {
    const root = repo({
      'go.mod': 'module example.com/app\n\ngo 1.21\n',
      'main.go':
        'package main\n\nimport "github.com/gin-gonic/gin"\n\nfunc main() {\n\tr := gin.Default()\n\tr.POST("/register", register)\n\tr.POST("/login", login)\n\tr.Run(":8080")\n}\n',
      'handlers.go':
        'package main\n\nimport "github.com/gin-gonic/gin"\n\nfunc register(c *gin.Context) {\n\ttype RequestBody struct {\n\t\tUsername string `json:"username" binding:"required"`\n\t\tEmail    string `json:"email" binding:"required"`\n\t}\n\tvar body RequestBody\n\tif err := c.BindJSON(&body); err != nil {\n\t\treturn\n\t}\n\tc.JSON(201, body)\n}\n\nfunc login(c *gin.Context) {\n\ttype RequestBody struct {\n\t\tUsername string `json:"username" binding:"required"`\n\t\tPassword string `json:"password" binding:"required"`\n\t}\n\tvar body RequestBody\n\tif err := c.BindJSON(&body); err != nil {\n\t\treturn\n\t}\n\tc.JSON(200, body)\n}\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    const props = (p: string): string[] =>
      Object.keys((routes.find((r) => r.path === p)?.request?.body?.schema as { properties?: Record<string, unknown> }).properties ?? {});
    expect(props('/register')).toEqual(['username', 'email']);
    expect(props('/login')).toEqual(['username', 'password']);
  });
});
