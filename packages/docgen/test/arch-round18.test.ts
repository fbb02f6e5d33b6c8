import { describe, expect, it } from 'vitest';
import { repositoryFacts } from '../src/facts/index.ts';
import { dataModels } from '../src/facts/models.ts';
import type { SourceFile } from '../src/facts/imports.ts';
import { fixtureRepos, routeList } from './support/fixture-repo.ts';

/**
 * Causes of the eighteenth round's misses (docs/metrics/arch-api-facts.md, "Eighteenth round: figures"), each at
 * its general shape: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r18');
const list = routeList;

const django = {
  'manage.py': 'import os\nos.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings")\n',
  'requirements.txt': 'Django==5.0\n',
};

describe('Fastify: routes on `app.withTypeProvider<…>()`', () => {
  it('`app.withTypeProvider<ZodTypeProvider>().get("/posts", { schema }, handler)` is a route of `app`, in a registered plugin', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"fastify":"^5.0.0","fastify-type-provider-zod":"^4.0.0"}}',
      'src/app.ts':
        "import fastify from 'fastify'\nimport { postRoutes } from './routes'\n\nexport const app = fastify()\napp.register(postRoutes)\n",
      'src/routes.ts':
        "import { FastifyInstance } from 'fastify'\nimport { ZodTypeProvider } from 'fastify-type-provider-zod'\nimport { list, create } from './handlers'\n\nexport async function postRoutes(app: FastifyInstance) {\n  app.withTypeProvider<ZodTypeProvider>().get(\n    '/posts',\n    {\n      schema: {},\n    },\n    list\n  )\n\n  app.withTypeProvider<ZodTypeProvider>().post('/posts/:id', { onRequest: [] }, create)\n  app.withTypeProvider().delete('/posts/:id', async (_req, reply) => reply.send({}))\n}\n",
      'src/handlers.ts': 'export async function list() { return [] }\nexport async function create() { return {} }\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['DELETE /posts/:id', 'GET /posts', 'POST /posts/:id']);
    // Cited at the call, on its own line.
    expect(routes.find((r) => r.method === 'GET')!.line).toBe(6);
  });
});

describe("Django: the edit views' bases", () => {
  it('a view deriving from `BaseDeleteView` (django.views.generic.edit) answers GET, POST and DELETE, not every method', async () => {
    const root = repo({
      ...django,
      'core/urls.py':
        'from django.urls import path\nfrom blog import views\n\nurlpatterns = [\n    path("articles/<int:pk>/delete/", views.ArticleDestroyView.as_view()),\n]\n',
      'blog/views.py':
        'from django.contrib.auth.mixins import LoginRequiredMixin\nfrom django.views.generic.edit import BaseDeleteView\n\n\nclass ArticleDestroyView(LoginRequiredMixin, BaseDeleteView):\n    success_url = "/"\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual([
      'DELETE /articles/<int:pk>/delete/',
      'GET /articles/<int:pk>/delete/',
      'POST /articles/<int:pk>/delete/',
    ]);
  });
});

describe('DRF: a view mapped through an instance, `View().as_view()`', () => {
  it('`FavoritesAPIView().as_view()` is the class’s view: its handler methods', async () => {
    const root = repo({
      ...django,
      'core/urls.py':
        'from django.urls import path\nfrom shop.views import FavoritesAPIView\n\nurlpatterns = [\n    path("favorites/", FavoritesAPIView().as_view(), name="favorites"),\n]\n',
      'shop/views.py':
        'from rest_framework.views import APIView\nfrom rest_framework.response import Response\n\n\nclass FavoritesAPIView(APIView):\n    def get(self, request):\n        return Response([])\n\n    def post(self, request):\n        return Response({}, status=201)\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /favorites/', 'POST /favorites/']);
  });
});

const py = (rel: string, text: string): SourceFile => ({ rel, language: 'Python', text });

describe('data model: a Django relation to `User = get_user_model()`', () => {
  it("points at the model `AUTH_USER_MODEL` names, or Django's User with no such setting; a class of the name in the file is that class", () => {
    const models = {
      users: py(
        'users/models.py',
        'from django.contrib.auth.models import AbstractBaseUser\nfrom django.db import models\n\n\nclass CustomUser(AbstractBaseUser):\n    email = models.EmailField(unique=True)\n',
      ),
      cart: py(
        'cart/models.py',
        'from django.db import models\nfrom django.contrib.auth import get_user_model\n\nUser = get_user_model()\n\n\nclass CartItem(models.Model):\n    user = models.ForeignKey(User, on_delete=models.CASCADE)\n',
      ),
    };
    const settings = py('core/settings.py', "AUTH_USER_MODEL = 'users.CustomUser'\n");
    const to = (files: SourceFile[]): string[] =>
      dataModels(files)
        .find((e) => e.name === 'CartItem')!
        .relations.map((r) => r.to);
    expect(to([models.users, models.cart, settings])).toEqual(['CustomUser']);
    expect(to([models.cart])).toEqual(['User']);
    const own = py(
      'shop/models.py',
      'from django.db import models\nfrom django.contrib.auth import get_user_model\n\nUser = get_user_model()\n\n\nclass User(models.Model):\n    name = models.CharField(max_length=9)\n\n\nclass CartItem(models.Model):\n    user = models.ForeignKey(User, on_delete=models.CASCADE)\n',
    );
    expect(to([own, models.users, settings])).toEqual(['User']);
  });
});

describe('NestJS: a handler that takes `@Res()` sends its own status', () => {
  it("`res.status(201).send(true)` in a `@Delete` handler is a 201 at that line, not Nest's 200; `passthrough: true` keeps Nest's", async () => {
    const root = repo({
      'package.json': '{"dependencies":{"@nestjs/core":"^10.0.0","@nestjs/common":"^10.0.0"}}',
      'src/categories.controller.ts':
        'import { Controller, Delete, Get, Param, Res } from "@nestjs/common";\nimport { Response } from "express";\n\n@Controller("categories")\nexport class CategoriesController {\n    @Delete("/:name")\n    async delete(@Res() res: Response, @Param("name") name: string) {\n        await this.service.delete(name)\n        res.status(201).send(true)\n    }\n\n    @Get("/")\n    async list(@Res() res: Response) {\n        res.json([])\n    }\n\n    @Get("/:name")\n    async one(@Res({ passthrough: true }) res: Response) {\n        return {}\n    }\n}\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    const answers = (method: string, p: string): string[] =>
      routes.find((r) => r.method === method && r.path === p)!.responses!.map((r) => `${r.status} ${r.source}`);
    expect(answers('DELETE', '/categories/:name')).toEqual(['201 src/categories.controller.ts:9']);
    expect(answers('GET', '/categories')).toEqual(['200 src/categories.controller.ts:14']);
    expect(answers('GET', '/categories/:name')).toEqual(['200 src/categories.controller.ts:17']);
  });
});

describe("DRF: a DefaultRouter's API root behind a pattern of the list", () => {
  it("`urlpatterns += router.urls` after `path('', ProductAPIView…)`: `''` is the view's, the API root never reached; a router listed first keeps it", async () => {
    const view =
      'from rest_framework import viewsets\nfrom rest_framework.views import APIView\nfrom rest_framework.response import Response\n\n\nclass CategoryViewSet(viewsets.ModelViewSet):\n    queryset = None\n\n\nclass ProductAPIView(APIView):\n    def get(self, request):\n        return Response([])\n';
    const urls = (patterns: string): string =>
      `from django.urls import path\nfrom rest_framework.routers import DefaultRouter\nfrom .views import CategoryViewSet, ProductAPIView\n\nrouter = DefaultRouter()\nrouter.register(r'category', CategoryViewSet)\n\n${patterns}\n`;
    const after = repo({
      ...django,
      'shop/views.py': view,
      'shop/urls.py': urls("urlpatterns = [\n    path('', ProductAPIView.as_view()),\n]\n\nurlpatterns += router.urls"),
    });
    const first = repo({
      ...django,
      'shop/views.py': view,
      'shop/urls.py': urls("urlpatterns = router.urls + [\n    path('products/', ProductAPIView.as_view()),\n]"),
    });
    const roots = async (root: string): Promise<string[]> =>
      (await repositoryFacts(root)).routes.filter((r) => r.method === 'GET' && r.path === '/').map((r) => r.handler ?? '');
    expect(await roots(after)).toEqual(['ProductAPIView']);
    expect(await roots(first)).toEqual(['APIRootView']);
  });
});

describe('Fastify: a zod schema object imported under another name', () => {
  it('`schema: createUserSchema` with `import { schema as createUserSchema }` and `body: z.object({ … })` there is the body; `.default(…)` is not required', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"fastify":"^5.0.0","fastify-type-provider-zod":"^4.0.0","zod":"^3.0.0"}}',
      'src/app.ts':
        "import fastify from 'fastify'\nimport { userRoutes } from './routes'\n\nexport const app = fastify()\napp.register(userRoutes)\n",
      'src/routes.ts':
        "import { FastifyInstance } from 'fastify'\nimport { ZodTypeProvider } from 'fastify-type-provider-zod'\nimport { createUser, schema as createUserSchema } from './create-user'\n\nexport async function userRoutes(app: FastifyInstance) {\n  app.withTypeProvider<ZodTypeProvider>().post(\n    '/users',\n    {\n      schema: createUserSchema,\n    },\n    createUser\n  )\n}\n",
      'src/create-user.ts':
        "import { z } from 'zod'\n\nexport const schema = {\n  summary: 'Create user',\n  body: z.object({\n    username: z.string(),\n    role: z.enum(['student', 'teacher']).default('student'),\n    email: z.string().email(),\n  }),\n}\n\nexport async function createUser() {\n  return {}\n}\n",
    });
    const route = (await repositoryFacts(root)).routes.find((r) => r.method === 'POST')!;
    const schema = route.request?.body?.schema as { properties: object; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['username', 'role', 'email']);
    expect(schema.required).toEqual(['username', 'email']);
  });
});
