import { describe, expect, it } from 'vitest';
import { repositoryFacts } from '../src/facts/index.ts';
import { fixtureRepos, routeList } from './support/fixture-repo.ts';

/**
 * The fourteenth round's causes (docs/metrics/arch-api-facts.md, "Fourteenth round: figures"), each at its general
 * shape: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r14');
const list = routeList;

describe('NestJS: a controller declared through the project’s own decorator', () => {
  it('`@ApiController(prefix, Dto)` returning `applyDecorators(Controller(prefix), …)` is the controller’s path', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"@nestjs/common":"^10.0.0","@nestjs/core":"^10.0.0"}}',
      'src/core/api-controller.decorator.ts':
        "import { applyDecorators, Controller, UseGuards } from '@nestjs/common';\nimport { JwtAuthGuard } from './jwt.guard';\n\nexport function ApiController(prefix: string, dtoClass: unknown, guard: unknown = JwtAuthGuard) {\n  return applyDecorators(Controller(prefix), UseGuards(guard));\n}\n",
      'src/contacts/contacts.controller.ts':
        "import { Get, Post, Delete, Param } from '@nestjs/common';\nimport { ApiController } from '../core/api-controller.decorator';\n\n@ApiController('/api/v1/contacts', Object)\nexport class ContactsController {\n  @Get()\n  list() {\n    return [];\n  }\n\n  @Post('import')\n  importAll() {\n    return [];\n  }\n\n  @Delete(':id')\n  remove(@Param('id') id: string) {\n    return id;\n  }\n}\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual([
      'DELETE /api/v1/contacts/:id',
      'GET /api/v1/contacts',
      'POST /api/v1/contacts/import',
    ]);
  });
});

describe('Go: a route path built by concatenation', () => {
  it('a local string and a package constant joined to a literal (`apiBaseURL+"job"`, `e.Group(adminBase + "/v2")`) give the path', async () => {
    const root = repo({
      'go.mod': 'module example.com/jobs\n\ngo 1.21\n\nrequire github.com/labstack/echo v3.3.10+incompatible\n',
      'main.go':
        'package main\n\nimport (\n\t"github.com/labstack/echo"\n)\n\nconst adminBase = "/admin"\n\nfunc main() {\n\te := echo.New()\n\tapiBaseURL := "/api/v1/"\n\te.POST(apiBaseURL+"job", createJob)\n\te.GET(apiBaseURL+"job/:id", getJob)\n\te.GET(adminBase + "/stats", stats)\n\tv2 := e.Group(adminBase + "/v2")\n\tv2.GET("/jobs", getJob)\n\te.Start(":8080")\n}\n\nfunc createJob(c echo.Context) error { return nil }\nfunc getJob(c echo.Context) error    { return nil }\nfunc stats(c echo.Context) error     { return nil }\n',
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual([
      'GET /admin/stats',
      'GET /admin/v2/jobs',
      'GET /api/v1/job/:id',
      'POST /api/v1/job',
    ]);
  });
});

describe('Go: a route path naming a constant of another file of the package', () => {
  it('`e.GET(apiPrefix + "/users", h)` with `const apiPrefix = "/api"` in constants.go gives the path', async () => {
    const root = repo({
      'go.mod': 'module example.com/users\n\ngo 1.21\n\nrequire github.com/labstack/echo/v4 v4.11.0\n',
      'server/constants.go': 'package server\n\nconst (\n\tapiPrefix = "/api"\n\tversion   = "v1"\n)\n',
      'server/router.go':
        'package server\n\nimport (\n\t"github.com/labstack/echo/v4"\n)\n\nfunc Routes(e *echo.Echo) {\n\te.GET(apiPrefix + "/users", listUsers)\n\tg := e.Group("/admin")\n\tg.POST(apiPrefix+"/"+version+"/jobs", listUsers)\n\te.GET(unknownPrefix+"/x", listUsers)\n}\n\nfunc listUsers(c echo.Context) error { return nil }\n',
      'main.go':
        'package main\n\nimport (\n\t"github.com/labstack/echo/v4"\n\t"example.com/users/server"\n)\n\nfunc main() {\n\te := echo.New()\n\tserver.Routes(e)\n\te.Start(":8080")\n}\n',
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual(['GET /api/users', 'POST /admin/api/v1/jobs']);
  });
});

describe('Fastify: routes of a registered plugin', () => {
  const pkg = '{"dependencies":{"fastify":"^4.0.0","@fastify/websocket":"^8.0.0"}}';
  const app =
    "import Fastify from 'fastify';\nimport productRoutes from './product.route';\n\nconst server = Fastify();\nserver.register(productRoutes, { prefix: 'api/products' });\nserver.listen({ port: 3000 });\n";
  it('a route written `""` is served at the plugin’s prefix', async () => {
    const root = repo({
      'package.json': pkg,
      'src/server.ts': app,
      'src/product.route.ts':
        "import { FastifyInstance } from 'fastify';\n\nasync function productRoutes(server: FastifyInstance) {\n  server.post(\n    \"\",\n    { schema: { tags: ['Products'] } },\n    async () => ({}),\n  );\n  server.get(\"\", async () => []);\n  server.get('/:product_id', async () => ({}));\n}\n\nexport default productRoutes;\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual([
      'GET /api/products',
      'GET /api/products/:product_id',
      'POST /api/products',
    ]);
  });
  it('a route with `{ websocket: true }` is marked WEBSOCKET, not GET', async () => {
    const root = repo({
      'package.json': pkg,
      'src/server.ts': app,
      'src/product.route.ts':
        "import { FastifyInstance } from 'fastify';\n\nasync function productRoutes(server: FastifyInstance) {\n  server.get('/:product_id', async () => ({}));\n  server.get('/live', { websocket: true }, (socket) => socket.send('hi'));\n  server.get('/chat/:chat_id', { websocket: true, preHandler: [server.authenticate] }, (socket) => socket.send('hi'));\n}\n\nexport default productRoutes;\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual([
      'GET /api/products/:product_id',
      'WEBSOCKET /api/products/chat/:chat_id',
      'WEBSOCKET /api/products/live',
    ]);
  });
});

describe('Django REST framework: what a view answers', () => {
  const urls =
    "from django.urls import path, include\nfrom .views import root_route, logout_route\nfrom profiles.views import CustomLoginView\n\nurlpatterns = [\n    path('', root_route),\n    path('dj-rest-auth/login/', CustomLoginView.as_view()),\n    path('dj-rest-auth/logout/', logout_route),\n]\n";
  const views =
    "from rest_framework.decorators import api_view\nfrom rest_framework.response import Response\n\n\n@api_view()\ndef root_route(request):\n    return Response({'message': 'hi'})\n\n\n@api_view(['POST'])\ndef logout_route(request):\n    return Response({})\n";
  it('`@api_view()` with no method list answers GET only (DRF’s default)', async () => {
    const root = repo({
      'requirements.txt': 'django\ndjangorestframework\ndj-rest-auth\n',
      'drf_api/urls.py': urls,
      'drf_api/views.py': views,
      'profiles/__init__.py': '',
      'profiles/views.py':
        'from dj_rest_auth.views import LoginView\n\n\nclass CustomLoginView(LoginView):\n    def get_response(self):\n        return super().get_response()\n',
    });
    const routes = list((await repositoryFacts(root)).routes);
    expect(routes).toContain('GET /');
    expect(routes).not.toContain('ANY /');
  });
  it('a view extending dj-rest-auth’s `LoginView` answers POST (not Django’s form view’s GET, POST, PUT)', async () => {
    const root = repo({
      'requirements.txt': 'django\ndjangorestframework\ndj-rest-auth\n',
      'drf_api/urls.py': urls,
      'drf_api/views.py': views,
      'profiles/__init__.py': '',
      'profiles/views.py':
        'from dj_rest_auth.views import LoginView\n\n\nclass CustomLoginView(LoginView):\n    def get_response(self):\n        return super().get_response()\n',
      'accounts/urls.py':
        "from django.urls import path\nfrom django.contrib.auth.views import LoginView\n\nurlpatterns = [\n    path('login/', LoginView.as_view()),\n]\n",
    });
    const routes = list((await repositoryFacts(root)).routes);
    expect(routes.filter((r) => r.includes('/dj-rest-auth/login/'))).toEqual(['POST /dj-rest-auth/login/']);
  });
});

describe('Express: a GraphQL server’s handler mounted with `use`', () => {
  it('`app.use("/graphql", expressMiddleware(server, …))` in a module the app calls is one ANY endpoint', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"express":"^4.18.0","@apollo/server":"^4.0.0"}}',
      'api/app.js':
        "const express = require('express');\nconst useGraphQL = require('./graphql');\n\nconst createApp = async () => {\n  const app = express();\n  app.use(express.json());\n  app.get('/', (req, res) => res.send('hi'));\n  await useGraphQL(app);\n  return app;\n};\nmodule.exports = createApp;\n",
      'api/graphql/index.js':
        "const { ApolloServer } = require('@apollo/server');\nconst { expressMiddleware } = require('@apollo/server/express4');\n\nasync function useGraphQL(app) {\n  const server = new ApolloServer({ typeDefs: '', resolvers: {} });\n  await server.start();\n  app.use('/graphql',\n    expressMiddleware(server, {\n      context: async ({ req }) => ({ req }),\n    }));\n  app.use('/static', express.static('public'));\n}\n\nmodule.exports = useGraphQL;\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual(['ANY /graphql', 'GET /']);
  });
});

describe('the overview’s count of routes in further files', () => {
  it('one route left over is said in the singular (“1 more route is declared”)', async () => {
    const { factsOf } = await import('../src/facts/index.ts');
    const { overviewSentences } = await import('../src/pages/overview.ts');
    type Src = { rel: string; language: string; text: string };
    const sources: Src[] = [
      { rel: 'package.json', language: 'JSON', text: '{"dependencies":{"express":"^4.18.0"}}' },
      ...Array.from({ length: 9 }, (_, i) => ({
        rel: `routes/r${i}.js`,
        language: 'JavaScript',
        text: `const express = require('express');\nconst app = express();\napp.get('/r${i}', (req, res) => res.send('${i}'));\n${i < 8 ? `app.get('/r${i}/b', (req, res) => res.send('b'));\n` : ''}module.exports = app;\n`,
      })),
    ];
    const said = overviewSentences(factsOf(sources, null), sources, [], [])
      .map((s) => s.parts.map((p) => (typeof p === 'string' ? p : 'value' in p ? String(p.value) : '')).join(''))
      .filter((t) => /more route/.test(t));
    expect(said).toEqual(['1 more route is declared in 1 other file, the first in routes/r8.js']);
  });
});
