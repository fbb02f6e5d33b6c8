import { describe, expect, it } from 'vitest';
import { repositoryFacts } from '../src/facts/index.ts';
import { fixtureRepos, routeList } from './support/fixture-repo.ts';

/**
 * Leftovers of the fourteenth round (docs/metrics/arch-api-facts.md, "What the fourteenth round leaves"), each at
 * its general shape: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r15p');
const list = routeList;
const NEST = '{"dependencies":{"@nestjs/common":"^10.0.0","@nestjs/core":"^10.0.0"}}';

describe('NestJS: the project’s own decorators', () => {
  it('a controller decorator imported through a barrel `index.ts` (`export * from …`) gives the controller’s path', async () => {
    const root = repo({
      'package.json': NEST,
      'src/common/decorators/api-controller.decorator.ts':
        "import { applyDecorators, Controller, UseGuards } from '@nestjs/common';\n\nexport function ApiController(prefix: string, dto?: unknown) {\n  return applyDecorators(Controller(prefix), UseGuards());\n}\n",
      'src/common/index.ts': "export * from './decorators/api-controller.decorator';\n",
      'src/orders/orders.controller.ts':
        "import { Get, Post } from '@nestjs/common';\nimport { ApiController } from '../common';\n\n@ApiController('orders')\nexport class OrdersController {\n  @Get()\n  list() {\n    return [];\n  }\n\n  @Post('refund')\n  refund() {\n    return [];\n  }\n}\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual(['GET /orders', 'POST /orders/refund']);
  });

  it('a method decorator returning `applyDecorators(Get(path), …)` is the route it declares', async () => {
    const root = repo({
      'package.json': NEST,
      'src/http.decorators.ts':
        "import { applyDecorators, Get, Post, HttpCode, UseGuards } from '@nestjs/common';\n\nexport function ApiGet(path: string, summary?: string) {\n  return applyDecorators(Get(path), UseGuards());\n}\n\nexport const ApiCreate = (route = '', dto?: unknown) => applyDecorators(Post(route), HttpCode(201));\n\nexport function Health() {\n  return applyDecorators(Get('health'));\n}\n",
      'src/items/items.controller.ts':
        "import { Controller, Delete, Param } from '@nestjs/common';\nimport { ApiGet, ApiCreate, Health } from '../http.decorators';\n\n@Controller('items')\nexport class ItemsController {\n  @ApiGet(':id', 'One item')\n  one(@Param('id') id: string) {\n    return id;\n  }\n\n  @ApiCreate('', Object)\n  create() {\n    return {};\n  }\n\n  @Health()\n  health() {\n    return 'ok';\n  }\n\n  @Delete(':id')\n  remove(@Param('id') id: string) {\n    return id;\n  }\n}\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual(['DELETE /items/:id', 'GET /items/:id', 'GET /items/health', 'POST /items']);
  });
});

describe('Express: a GraphQL handler mounted with use, written with a type argument (fifteenth round, tuning)', () => {
  it("`app.use('/graphql', cors(), express.json(), expressMiddleware<Ctx>(server, {…}))` is one ANY endpoint", async () => {
    const root = repo({
      'package.json': '{"dependencies":{"express":"^5.1.0","@apollo/server":"^4.12.0","@as-integrations/express5":"^1.1.0"}}',
      'src/app.ts':
        "import express from 'express';\nimport cors from 'cors';\nimport { expressMiddleware } from '@as-integrations/express5';\nimport { gqlServer, Ctx } from './gql';\n\nexport async function init() {\n  const app = express();\n  await gqlServer.start();\n  app.use(express.json());\n  app.use(\n    '/graphql',\n    cors<cors.CorsRequest>(),\n    express.json(),\n    expressMiddleware<Ctx>(gqlServer, {\n      context: async () => ({}),\n    }),\n  );\n  app.listen(5000);\n}\n",
      'src/gql.ts':
        "import { ApolloServer } from '@apollo/server';\nexport type Ctx = Record<string, never>;\nexport const gqlServer = new ApolloServer<Ctx>({ typeDefs: 'type Query { a: Int }' });\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual(['ANY /graphql']);
  });
});

describe('Go: route paths from another package’s constant and from fmt.Sprintf', () => {
  it('`e.GET(config.APIPrefix + "/users", h)` and `fmt.Sprintf("%s/jobs", base)` give the paths', async () => {
    const root = repo({
      'go.mod': 'module example.com/shop\n\ngo 1.21\n\nrequire github.com/labstack/echo/v4 v4.11.0\n',
      'config/config.go': 'package config\n\nconst (\n\tAPIPrefix = "/api/v1"\n\tAdmin     = "/admin"\n)\n',
      'routes/routes.go':
        'package routes\n\nimport (\n\t"fmt"\n\n\t"example.com/shop/config"\n\t"github.com/labstack/echo/v4"\n)\n\nconst base = "/v2"\n\nfunc Register(e *echo.Echo) {\n\te.GET(config.APIPrefix+"/users", list)\n\te.POST(config.Admin + "/" + "reindex", list)\n\te.GET(fmt.Sprintf("%s/jobs", base), list)\n\te.GET(fmt.Sprintf("%s/unknown", other.Name), list)\n}\n\nfunc list(c echo.Context) error { return nil }\n',
      'main.go':
        'package main\n\nimport (\n\t"github.com/labstack/echo/v4"\n\t"example.com/shop/routes"\n)\n\nfunc main() {\n\te := echo.New()\n\troutes.Register(e)\n\te.Start(":8080")\n}\n',
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual(['GET /api/v1/users', 'GET /v2/jobs', 'POST /admin/reindex']);
  });
});
