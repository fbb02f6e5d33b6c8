import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDocs } from '../src/docs.ts';
import { openApiFromRoutes, openApiPath, readApiDescription, type OpenApiDocument } from '../src/openapi.ts';
import { factsOf, type Route, type SourceFile } from '../src/facts/index.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (root: string, rel: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

const validate = async (doc: unknown): Promise<{ valid: boolean; errors?: unknown }> =>
  new Validator().validate(doc as Parameters<Validator['validate']>[0]);
const openapiOf = async (root: string): Promise<OpenApiDocument> =>
  JSON.parse(String((await generateDocs(root, 'api', ['md'])).find((d) => d.name === 'openapi.json')!.content)) as OpenApiDocument;

describe('OpenAPI path templates', () => {
  it.each([
    ['/users/:id', '/users/{id}', ['id']],
    ['/files/<path:name>/raw', '/files/{name}/raw', ['name']],
    ['/items/{id:int}', '/items/{id}', ['id']],
    ['/a/:x/b/:x', '/a/{x}/b/{x_}', ['x', 'x_']],
    ['/static/*', '/static/{wildcard}', ['wildcard']],
    ['/', '/', []],
  ])('%s → %s', (input, expected, params) => {
    expect(openApiPath(input)).toEqual({ path: expected, params });
  });
});

describe('openapi.json', () => {
  const express = path.join(dir, 'express');
  write(
    express,
    'src/server.js',
    "const express = require('express');\nconst users = require('./users');\nconst app = express();\napp.use('/api/users', users);\napp.listen(3000);\n",
  );
  write(
    express,
    'src/users.js',
    "const router = require('express').Router();\nfunction show(req, res) {}\nrouter.get('/:id', show);\nrouter.post('/', create);\nrouter.all('/ping', ping);\nmodule.exports = router;\n",
  );
  write(
    express,
    'api/swagger.yaml',
    [
      "swagger: '2.0'",
      'info: {title: Shop, version: 2.1.0}',
      'host: shop.example.com',
      'basePath: /api',
      'schemes: [https]',
      'paths:',
      '  /users/{userId}:',
      '    get:',
      '      summary: One user (from swagger)',
      '      parameters:',
      '        - {name: userId, in: path, required: true, type: integer}',
      '      responses:',
      "        '200': {description: the user, schema: {$ref: '#/definitions/User'}}",
      '  /orders:',
      '    post:',
      '      operationId: createOrder',
      '      parameters:',
      "        - {name: body, in: body, required: true, schema: {$ref: '#/definitions/Order'}}",
      '      responses:',
      "        '201': {description: created}",
      'definitions:',
      '  User: {type: object, properties: {id: {type: integer}}}',
      '  Order: {type: object}',
      '',
    ].join('\n'),
  );

  it('is a valid OpenAPI 3.1 document built from the routes, merged with a Swagger 2 file (the file wins)', async () => {
    const doc = await openapiOf(express);
    const result = await validate(doc);
    expect(result.errors ?? null).toBeNull();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Shop', version: '2.1.0' });
    expect(doc.servers).toEqual([{ url: 'https://shop.example.com' }]);
    expect(Object.keys(doc.paths)).toEqual(['/api/orders', '/api/users', '/api/users/ping', '/api/users/{userId}']);
    const get = doc.paths['/api/users/{userId}']!.get as Record<string, unknown>;
    // the repository's description wins; our operationId and source stay where it has none
    expect(get.summary).toBe('One user (from swagger)');
    expect(get.parameters).toEqual([{ name: 'userId', in: 'path', required: true, schema: { type: 'integer' } }]);
    expect(get.responses).toEqual({
      '200': { description: 'the user', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
    });
    expect(get.operationId).toBe('show');
    expect(get['x-source']).toBe('src/users.js:3');
    expect(get['x-described-in']).toBe('api/swagger.yaml');
    // a route only the code has; `all` is documented under the usual methods
    expect(doc.paths['/api/users']!.post).toMatchObject({ operationId: 'create', 'x-source': 'src/users.js:4' });
    expect(Object.keys(doc.paths['/api/users/ping']!).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
    // an operation only the file has, with its body as requestBody
    expect(doc.paths['/api/orders']!.post).toMatchObject({
      operationId: 'createOrder',
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
    });
    expect((doc.components as { schemas: object }).schemas).toHaveProperty('User');
  });

  it('has request samples in curl, JavaScript, Python and Go per operation, also on the HTTP page', async () => {
    const doc = await openapiOf(express);
    const samples = (doc.paths['/api/users/{userId}']!.get as { 'x-codeSamples': Array<{ lang: string; source: string }> })[
      'x-codeSamples'
    ];
    expect(samples.map((s) => s.lang)).toEqual(['Shell', 'JavaScript', 'Python', 'Go']);
    expect(samples[0]!.source).toContain('curl https://shop.example.com/api/users/USERID');
    expect(samples[1]!.source).toContain("fetch('https://shop.example.com/api/users/USERID'");
    expect(samples[2]!.source).toMatch(/requests\.get\(\s*"https:\/\/shop\.example\.com\/api\/users\/USERID"/);
    expect(samples[3]!.source).toContain('http.NewRequest("GET", url, nil)');
    const post = (doc.paths['/api/users']!.post as { 'x-codeSamples': Array<{ source: string }> })['x-codeSamples'];
    expect(post[0]!.source).toContain('--request POST');
    // An operation only the description has, no route of the code matching it, is marked and given no sample (docs/docgen-arch-api.md §OpenAPI).
    expect(doc.paths['/api/orders']!.post).toMatchObject({ 'x-no-code-route': true });
    expect(doc.paths['/api/orders']!.post).not.toHaveProperty('x-codeSamples');
    const page = String((await generateDocs(express, 'api', ['md'])).find((d) => d.name === 'api-http.md')!.content);
    expect(page).toContain('### GET /api/users/{userId}');
    expect(page).toContain('```shell\ncurl');
    expect(page).toContain('```go\npackage main');
    expect(page).toMatch(/\| POST +\| `\/api\/orders` +\| `api\/swagger\.yaml` +\|/);
    expect(page).toContain('[`openapi.json`](openapi.json)');
  });

  it('merges an OpenAPI 3 YAML file and stays valid for Flask-style and ASP.NET-style paths', async () => {
    const flask = path.join(dir, 'flask');
    write(
      flask,
      'app.py',
      "from flask import Flask\napp = Flask(__name__)\n\n@app.route('/items/<int:item_id>', methods=['GET', 'DELETE'])\ndef item(item_id):\n    pass\n",
    );
    write(
      flask,
      'openapi.yaml',
      "openapi: 3.0.3\ninfo: {title: Items, version: '1'}\npaths:\n  /items/{id}:\n    delete:\n      summary: Remove an item\n      parameters:\n        - {name: id, in: path, required: true, schema: {type: integer}}\n      responses:\n        '204': {description: gone}\n",
    );
    const doc = await openapiOf(flask);
    expect((await validate(doc)).valid).toBe(true);
    expect(Object.keys(doc.paths)).toEqual(['/items/{id}']);
    expect(doc.paths['/items/{id}']!.delete).toMatchObject({ summary: 'Remove an item', operationId: 'item', 'x-source': 'app.py:4' });
    // the generated GET takes the file's parameter name; the handler's second method is named apart
    expect(doc.paths['/items/{id}']!.get).toMatchObject({
      operationId: 'item_get',
      parameters: [{ name: 'id', in: 'path', required: true }],
    });
  });

  it('without routes or files it is still a valid, empty document', async () => {
    const empty = path.join(dir, 'empty');
    write(empty, 'lib.js', 'exports.x = 1;\n');
    const doc = await openapiOf(empty);
    expect(doc.paths).toEqual({});
    expect((await validate(doc)).valid).toBe(true);
  });
});

describe('routes that share a method and path', () => {
  const route = (over: Partial<Route>): Route => ({
    method: 'GET',
    path: '/owners/find',
    framework: 'spring',
    file: 'A.java',
    line: 1,
    resolved: true,
    ...over,
  });

  it('are never merged: the first is the operation, the others are kept whole under x-conflicts, and the document stays valid', async () => {
    const doc = openApiFromRoutes(
      [
        route({ handler: 'find', file: 'OwnerController.java', line: 19 }),
        route({ handler: 'findLegacy', file: 'LegacyOwnerController.java', line: 8 }),
        // the same declaration reached twice (a router mounted twice at one prefix) is one operation
        route({ handler: 'find', file: 'OwnerController.java', line: 19 }),
        route({ method: 'DELETE', path: '/users/:id', handler: 'remove', file: 'users.js', line: 3, framework: 'express' }),
        route({ method: 'DELETE', path: '/users/{userId}', handler: 'drop', file: 'admin.py', line: 7, framework: 'fastapi' }),
      ],
      'T',
    );
    const item = doc.paths['/owners/find']!;
    expect((item.get as Record<string, unknown>)['x-source']).toBe('OwnerController.java:19');
    expect(item['x-conflicts']).toEqual([
      { method: 'get', operation: expect.objectContaining({ operationId: 'findLegacy', 'x-source': 'LegacyOwnerController.java:8' }) },
    ]);
    // paths that differ only in their parameters' names are one path: the second is a conflict there
    expect(Object.keys(doc.paths)).toEqual(['/owners/find', '/users/{id}']);
    expect(doc.paths['/users/{id}']!['x-conflicts']).toEqual([
      {
        method: 'delete',
        operation: expect.objectContaining({
          'x-source': 'admin.py:7',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        }),
      },
    ]);
    expect(await validate(doc)).toMatchObject({ valid: true });
  });

  it('an unresolved prefix is marked with its citation', () => {
    const doc = openApiFromRoutes([route({ resolved: false, unresolvedPrefix: 'app/main.py:8 settings.api_prefix' })], 'T');
    expect((doc.paths['/owners/find']!.get as Record<string, unknown>)['x-unresolved-prefix']).toBe('app/main.py:8 settings.api_prefix');
  });
});

it("a Swagger 2 basePath left as a template (swag's `{{.BasePath}}`) is no prefix of the paths", () => {
  const doc = readApiDescription({
    rel: 'docs/swagger/swagger.yaml',
    language: 'text',
    text: "swagger: '2.0'\nbasePath: '{{.BasePath}}'\npaths:\n  /api/v1/tags:\n    get:\n      responses:\n        '200': {description: ok}\n",
  });
  expect(Object.keys(doc!.paths)).toEqual(['/api/v1/tags']);
});

it('a repository\'s description of a path without the trailing slash the code serves merges into the code\'s path (Gin `lists.POST("/")` is `/api/lists/`)', async () => {
  const root = path.join(dir, 'gin-slash');
  write(root, 'go.mod', 'module example.com/todo\n\ngo 1.21\n');
  write(
    root,
    'main.go',
    'package main\n\nimport "github.com/gin-gonic/gin"\n\nfunc main() {\n\tr := gin.New()\n\tapi := r.Group("/api")\n\tlists := api.Group("/lists")\n\tlists.POST("/", createList)\n\tr.Run()\n}\n\nfunc createList(c *gin.Context) {}\n',
  );
  write(
    root,
    'docs/swagger.yaml',
    "swagger: '2.0'\npaths:\n  /api/lists:\n    post:\n      summary: Create todo list\n      responses:\n        '200': {description: ok}\n",
  );
  const doc = await openapiOf(root);
  expect(Object.keys(doc.paths)).toEqual(['/api/lists/']);
  const op = doc.paths['/api/lists/']!.post as Record<string, unknown>;
  expect(op.summary).toBe('Create todo list');
  expect(op['x-source']).toBe('main.go:9');
  expect((await validate(doc)).valid).toBe(true);
});

describe('request bodies and query parameters from the code', () => {
  const src = (files: Record<string, string>): SourceFile[] =>
    Object.entries(files).map(([rel, text]) => ({ rel, language: 'Python', text }));
  it('FastAPI: a pydantic model (embedded under its alias), Form fields and query parameters; Flask: request.form, request.args and a WTForms form — a valid 3.1 document citing where each is read', async () => {
    const facts = factsOf(
      src({
        'app/schemas.py':
          'from pydantic import BaseModel\nfrom typing import List, Optional\n\nclass Base(BaseModel):\n    email: str\n\nclass UserIn(Base):\n    password: str\n    bio: Optional[str] = None\n    tags: List[str] = []\n',
        'app/api.py':
          'from fastapi import APIRouter, Body, Depends, Form, Query\nfrom .schemas import UserIn\nrouter = APIRouter()\n\n@router.post("/users/{uid}")\nasync def create(uid: int, user: UserIn = Body(..., embed=True, alias="user"), db=Depends(get_db)):\n    pass\n\n@router.get("/search")\ndef search(q: str, limit: int = Query(20, ge=1)):\n    pass\n\n@router.post("/login")\ndef login(username: str = Form(...), remember: bool = Form(False)):\n    pass\n',
        'web/forms.py':
          'from flask_wtf import FlaskForm\nfrom wtforms import StringField, BooleanField, SubmitField\n\nclass PostForm(FlaskForm):\n    body = StringField("Body")\n    draft = BooleanField("Draft")\n    submit = SubmitField("Send")\n',
        'web/views.py':
          'from flask import Blueprint, request\nfrom .forms import PostForm\nbp = Blueprint("main", __name__)\n\n@bp.route("/", methods=["GET", "POST"])\ndef index():\n    form = PostForm()\n    page = request.args.get("page", 1, type=int)\n    return ""\n\n@bp.route("/rename", methods=["POST"])\ndef rename():\n    name = request.form["name"]\n    return name\n',
      }),
      null,
    );
    const doc = openApiFromRoutes(facts.routes, 't') as {
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>;
    };
    expect((await validate(doc)).valid).toBe(true);
    expect(doc.paths['/users/{uid}']!.post!.requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              user: {
                type: 'object',
                title: 'UserIn',
                properties: {
                  email: { type: 'string' },
                  password: { type: 'string' },
                  bio: { type: 'string' },
                  tags: { type: 'array', items: { type: 'string' } },
                },
                required: ['email', 'password'],
                'x-source': 'app/schemas.py:7',
              },
            },
            required: ['user'],
          },
        },
      },
      'x-source': 'app/api.py:6',
    });
    expect(doc.paths['/search']!.get!.parameters).toEqual([
      { name: 'q', in: 'query', required: true, schema: { type: 'string' }, 'x-source': 'app/api.py:10' },
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer' }, 'x-source': 'app/api.py:10' },
    ]);
    expect(doc.paths['/login']!.post!.requestBody).toMatchObject({
      content: {
        'application/x-www-form-urlencoded': {
          schema: { properties: { username: { type: 'string' }, remember: { type: 'boolean' } }, required: ['username'] },
        },
      },
    });
    expect(doc.paths['/']!.post!.requestBody).toMatchObject({
      content: {
        'application/x-www-form-urlencoded': { schema: { properties: { body: { type: 'string' }, draft: { type: 'boolean' } } } },
      },
      'x-source': 'web/forms.py:4',
    });
    expect(doc.paths['/']!.get!.requestBody).toBeUndefined();
    expect(doc.paths['/']!.get!.parameters).toMatchObject([{ name: 'page', in: 'query', required: false, 'x-source': 'web/views.py:8' }]);
    expect(doc.paths['/rename']!.post!.requestBody).toMatchObject({
      content: { 'application/x-www-form-urlencoded': { schema: { properties: { name: { type: 'string' } }, required: ['name'] } } },
      'x-source': 'web/views.py:13',
    });
  });
});

describe('API-first Spring (docs/metrics/arch-api-facts.md, fifth round)', () => {
  it("an operation an implementing controller serves is one operation, at the code's path, with the description's fields; one no controller serves stays the description's", async () => {
    const { buildOpenApi } = await import('../src/openapi.ts');
    const { readCheckout } = await import('../src/facts/index.ts');
    const { sources, goMod, projectFiles } = await readCheckout(path.join(import.meta.dirname, 'fixtures/routes/spring-api-first'));
    const facts = factsOf(sources, goMod, projectFiles);
    const { doc } = buildOpenApi(facts.routes, projectFiles, 'zoo', sources);
    const ops = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item).map(([m, op]) => `${m.toUpperCase()} ${p} ${(op as Record<string, unknown>)['x-source'] ?? 'description only'}`),
    );
    expect(ops).toEqual([
      'GET /api/animals src/main/java/org/example/zoo/web/AnimalController.java:11',
      'POST /api/animals src/main/java/org/example/zoo/web/AnimalController.java:16',
      'GET /api/animals/{animalId} src/main/java/org/example/zoo/web/AnimalController.java:22',
      'GET /health description only',
    ]);
    expect((doc.paths['/api/animals/{animalId}']!.get as { operationId?: string }).operationId).toBe('getAnimal');
  });
});
