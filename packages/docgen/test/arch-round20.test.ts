import { describe, expect, it } from 'vitest';
import { repositoryFacts } from '../src/facts/index.ts';
import type { SourceFile } from '../src/facts/imports.ts';
import { dataModels } from '../src/facts/models.ts';
import { fixtureRepos, routeList } from './support/fixture-repo.ts';

/**
 * Next.js API routes (the nineteenth round's five misses, docs/metrics/arch-api-facts.md) and the causes of the
 * twentieth round's misses, each at its general shape: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r20');
const list = routeList;

describe('Next.js API routes', () => {
  it('pages/api: each module with a default export is an ANY route at its file path (index, [id], [...slug], [[...slug]])', async () => {
    const root = repo({
      'backend/app.py': "from flask import Flask\napp = Flask(__name__)\n\n@app.route('/products')\ndef products():\n    return []\n",
      'frontend/package.json': '{"dependencies":{"next":"^13.0.0","react":"^18.0.0"}}',
      'frontend/pages/index.js': 'export default function Home() {\n  return null\n}\n',
      'frontend/pages/api/auth/[...auth0].js': "import { handleAuth } from '@auth0/nextjs-auth0'\n\nexport default handleAuth()\n",
      'frontend/pages/api/me.js': 'export default async function me(req, res) {\n  res.json({})\n}\n',
      'frontend/pages/api/users/index.ts':
        "import type { NextApiRequest, NextApiResponse } from 'next'\n\nconst handler = (req: NextApiRequest, res: NextApiResponse) => res.json([])\n\nexport default handler\n",
      'frontend/pages/api/users/[id].ts': 'export default function user(req, res) {\n  res.json({ id: req.query.id })\n}\n',
      'frontend/pages/api/docs/[[...path]].js': 'module.exports = (req, res) => res.end()\n',
      'frontend/pages/api/lib/helpers.js': 'export const shared = 1\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual([
      'ANY /api/auth/:auth0+',
      'ANY /api/docs/:path*',
      'ANY /api/me',
      'ANY /api/users',
      'ANY /api/users/:id',
      'GET /products',
    ]);
    const me = routes.find((r) => r.path === '/api/me')!;
    expect(me).toMatchObject({ framework: 'nextjs', file: 'frontend/pages/api/me.js', line: 1, handler: 'me', resolved: true });
    expect(routes.find((r) => r.path === '/api/users')!.line).toBe(5);
  });

  it('app router: route.ts answers the methods it exports, route groups and slots add no segment, private folders none', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"next":"14.2.0"}}',
      'src/app/api/posts/route.ts':
        "import { NextResponse } from 'next/server'\n\nexport async function GET() {\n  return NextResponse.json([])\n}\n\nexport const POST = async (req: Request) => NextResponse.json(await req.json(), { status: 201 })\n// export function DELETE() {}\n",
      'src/app/(shop)/api/posts/[slug]/route.ts': 'export function PUT() {\n  return new Response()\n}\n',
      'src/app/api/auth/[...nextauth]/route.ts':
        "import NextAuth from 'next-auth'\n\nconst handler = NextAuth({ providers: [] })\n\nexport { handler as GET, handler as POST }\n",
      'src/app/api/v5/[...nextauth]/route.ts': "import { handlers } from '@/auth'\nexport const { GET, POST } = handlers\n",
      'src/app/_internal/ping/route.ts': 'export function GET() {\n  return new Response()\n}\n',
      'src/app/page.tsx': 'export default function Page() {\n  return null\n}\n',
      'src/app/api/util.ts': 'export function GET() {\n  return 1\n}\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual([
      'GET /api/auth/:nextauth+',
      'GET /api/posts',
      'GET /api/v5/:nextauth+',
      'POST /api/auth/:nextauth+',
      'POST /api/posts',
      'POST /api/v5/:nextauth+',
      'PUT /api/posts/:slug',
    ]);
    expect(routes.find((r) => r.method === 'POST' && r.path === '/api/posts')!.line).toBe(7);
    expect(routes.find((r) => r.method === 'GET' && r.path === '/api/auth/:nextauth+')!.handler).toBe('handler');
  });

  it('a pages/api folder outside a Next.js application is no route; a basePath of next.config.js prefixes them', async () => {
    const plain = repo({
      'package.json': '{"dependencies":{"express":"^4.18.0"}}',
      'pages/api/x.js': 'export default function x() {}\n',
    });
    expect((await repositoryFacts(plain)).routes).toEqual([]);
    const based = repo({
      'package.json': '{"dependencies":{"next":"^12.0.0"}}',
      'next.config.js': "module.exports = {\n  basePath: '/shop',\n}\n",
      'pages/api/hello.js': 'export default function hello(req, res) {\n  res.json({})\n}\n',
    });
    expect(list((await repositoryFacts(based)).routes)).toEqual(['ANY /shop/api/hello']);
    const env = repo({
      'package.json': '{"dependencies":{"next":"^12.0.0"}}',
      'next.config.js': 'module.exports = {\n  basePath: process.env.BASE_PATH,\n}\n',
      'pages/api/hello.js': 'export default function hello(req, res) {\n  res.json({})\n}\n',
    });
    const [r] = (await repositoryFacts(env)).routes;
    expect(r).toMatchObject({ path: '/api/hello', resolved: false, unresolvedPrefix: 'next.config.js:2 basePath: process.env.BASE_PATH' });
  });
});

describe('Next.js: pageExtensions and handlers that refuse every method but one', () => {
  it("`pageExtensions: ['page.tsx', 'api.ts']` makes `index.api.ts` the folder's route; files of other extensions are none", async () => {
    const root = repo({
      'package.json': '{"dependencies":{"next":"10.0.5"}}',
      'next.config.js': "module.exports = {\n  pageExtensions: ['page.tsx', 'api.ts'],\n}\n",
      'src/pages/api/cocktails/index.api.ts': 'export default function handler(req, res) {\n  res.json([])\n}\n',
      'src/pages/api/cocktails/[id]/index.api.ts': 'export default function handler(req, res) {\n  res.json({})\n}\n',
      'src/pages/api/helpers.ts': 'export default function helper() {\n  return 1\n}\n',
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual(['ANY /api/cocktails', 'ANY /api/cocktails/:id']);
  });

  it('`if (req.method !== "GET") { …; return }` first: the route answers GET only; a guard that does not end the request changes nothing', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"next":"13.0.0"}}',
      'pages/api/cocktails.ts':
        'export default function handler(req, res) {\n  if (req.method !== "GET") {\n    res.status(404).send("Not found");\n    return;\n  }\n  res.json([])\n}\n',
      'pages/api/login.ts':
        "export default async function login(req, res) {\n  if (!['POST', 'PUT'].includes(req.method)) return res.status(405).end()\n  res.json({})\n}\n",
      'pages/api/log.ts': "export default function log(req, res) {\n  if (req.method !== 'GET') console.log(req.method)\n  res.end()\n}\n",
      'pages/api/items.ts':
        "export default function items(req, res) {\n  if (req.method === 'POST') {\n    return res.status(201).json({})\n  }\n  if (req.method !== 'GET') return res.status(405).end()\n  res.json([])\n}\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual([
      'ANY /api/items',
      'ANY /api/log',
      'GET /api/cocktails',
      'POST /api/login',
      'PUT /api/login',
    ]);
  });
});

describe('DRF: serializer fields of the repository’s own classes', () => {
  it('a subclass of a DRF field and a nested serializer are body fields, required by default', async () => {
    const root = repo({
      'app/urls.py':
        "from django.urls import path\nfrom users.views import RegistrationView\n\nurlpatterns = [\n    path('api/registration/', RegistrationView.as_view()),\n]\n",
      'users/serializers.py':
        'from rest_framework import serializers\nfrom .models import User, Profile\n\n\nclass CustomEmailSerializer(serializers.EmailField):\n    def to_internal_value(self, data):\n        return super().to_internal_value(data.lower())\n\n\nclass ProfileSerializer(serializers.ModelSerializer):\n    class Meta:\n        model = Profile\n        fields = ("first_name", "last_name")\n\n\nclass UserSerializer(serializers.ModelSerializer):\n    password = serializers.CharField(write_only=True)\n    email = CustomEmailSerializer(validators=[])\n    profile = ProfileSerializer(many=False)\n    nickname = CustomEmailSerializer(required=False)\n\n    class Meta:\n        model = User\n        fields = ("id", "password", "email", "profile", "nickname")\n',
      'users/views.py':
        'from rest_framework import generics\nfrom rest_framework.response import Response\nfrom .serializers import UserSerializer\n\n\nclass RegistrationView(generics.GenericAPIView):\n    serializer_class = UserSerializer\n\n    def post(self, request, *args, **kwargs):\n        serializer = self.get_serializer(data=request.data)\n        serializer.is_valid(raise_exception=True)\n        return Response(serializer.data)\n',
    });
    const route = (await repositoryFacts(root)).routes.find((r) => r.path === '/api/registration/')!;
    expect(route.method).toBe('POST');
    const schema = route.request!.body!.schema as { properties: Record<string, unknown>; required: string[] };
    expect(schema.required).toEqual(['password', 'email', 'profile']);
    expect(schema.properties.email).toMatchObject({ format: 'email' });
    expect(schema.properties.profile).toMatchObject({ type: 'object', title: 'ProfileSerializer' });
  });
});

const ts = (rel: string, text: string): SourceFile => ({ rel, language: 'TypeScript', text });
const js = (rel: string, text: string): SourceFile => ({ rel, language: 'JavaScript', text });
const rels = (entities: ReturnType<typeof dataModels>): string[] =>
  entities.flatMap((e) => e.relations.map((r) => `${e.name}.${r.field} -> ${r.to}`)).sort();

describe('data model: TypeORM members with modifiers and relation decorators over several lines', () => {
  it('`public url: string` columns and `@ManyToOne(\n () => User,\n (user) => user.files,\n)` relations are read; an inverse one-to-one is no column', () => {
    const entities = dataModels([
      ts(
        'src/files/privateFile.entity.ts',
        "import { Entity, PrimaryGeneratedColumn, Column, ManyToOne } from 'typeorm'\nimport User from '../users/user.entity'\n\n@Entity()\nclass PrivateFile {\n  @PrimaryGeneratedColumn()\n  public id: number;\n\n  @Column()\n  public key: string;\n\n  @ManyToOne(\n    () => User,\n    (user: User) => user.files,\n  )\n  public owner: User;\n}\n\nexport default PrivateFile;\n",
      ),
      ts(
        'src/users/user.entity.ts',
        "import { Entity, PrimaryGeneratedColumn, Column, OneToOne, OneToMany, JoinColumn } from 'typeorm'\n\n@Entity()\nclass User {\n  @PrimaryGeneratedColumn()\n  public id?: number;\n\n  @Column({ unique: true })\n  public email: string;\n\n  @OneToOne(() => Address, { eager: true, cascade: true })\n  @JoinColumn()\n  public address: Address;\n\n  @OneToMany(\n    () => PrivateFile,\n    (file: PrivateFile) => file.owner,\n  )\n  public files: PrivateFile[];\n}\n\nexport default User;\n",
      ),
      ts(
        'src/users/address.entity.ts',
        "import { Entity, PrimaryGeneratedColumn, Column, OneToOne } from 'typeorm'\n\n@Entity()\nclass Address {\n  @PrimaryGeneratedColumn()\n  public id: number;\n\n  @Column()\n  public city: string;\n\n  @OneToOne(\n    () => User,\n    (user: User) => user.address,\n  )\n  public user: User;\n}\n",
      ),
    ]);
    const fields = Object.fromEntries(entities.map((e) => [e.name, e.fields.map((f) => f.name)]));
    expect(fields).toEqual({ Address: ['id', 'city'], PrivateFile: ['id', 'key', 'ownerId'], User: ['id', 'email', 'addressId'] });
    expect(rels(entities)).toEqual(['PrivateFile.owner -> User', 'User.address -> Address']);
  });
});

describe('data model: TypeORM `@JoinColumn()` written above its relation', () => {
  it('`@JoinColumn() @OneToOne(() => Profile) profile` is the owning side: a column and a relation', () => {
    const entities = dataModels([
      ts(
        'src/user.entity.ts',
        "import { Entity, PrimaryGeneratedColumn, OneToOne, JoinColumn } from 'typeorm'\n\n@Entity()\nexport class User {\n  @PrimaryGeneratedColumn()\n  id: number\n\n  @JoinColumn()\n  @OneToOne(() => Profile, (profile) => profile.user)\n  profile: Profile\n}\n",
      ),
      ts(
        'src/profile.entity.ts',
        "import { Entity, PrimaryGeneratedColumn } from 'typeorm'\n\n@Entity()\nexport class Profile {\n  @PrimaryGeneratedColumn()\n  id: number\n}\n",
      ),
    ]);
    expect(rels(entities)).toEqual(['User.profile -> Profile']);
    expect(entities.find((e) => e.name === 'User')!.fields.map((f) => f.name)).toEqual(['id', 'profileId']);
  });
});

describe('data model: Sequelize associations in another module, and models named by their variables', () => {
  it('`Recipe.belongsTo(Store, …)` in models/index.js and `references: { model: Subcategory }` point at the models those names are bound to', () => {
    const entities = dataModels([
      js(
        'models/category.js',
        "import { Sequelize } from 'sequelize'\nimport db from '../config/database.js'\nconst { DataTypes } = Sequelize\n\nconst Category = db.define('categorys', {\n  category_name: { type: DataTypes.STRING },\n})\n\nexport default Category\n",
      ),
      js(
        'models/subcategory.js',
        "import { Sequelize } from 'sequelize'\nimport db from '../config/database.js'\nimport Category from './category.js'\nconst { DataTypes } = Sequelize\n\nconst Subcategory = db.define('subcategorys', {\n  category_id: {\n    type: DataTypes.INTEGER,\n    references: {\n      model: Category,\n      key: 'id'\n    }\n  },\n})\n\nexport default Subcategory\n",
      ),
      js(
        'models/store.js',
        "import { Sequelize } from 'sequelize'\nimport db from '../config/database.js'\nconst { DataTypes } = Sequelize\n\nconst Store = db.define('store', {\n  name: { type: DataTypes.STRING },\n})\n\nexport default Store\n",
      ),
      js(
        'models/recipes.js',
        "import { Sequelize } from 'sequelize'\nimport db from '../config/database.js'\nconst { DataTypes } = Sequelize\n\nconst Recipe = db.define('recipe', {\n  store_id: { type: DataTypes.INTEGER },\n})\n\nexport default Recipe\n",
      ),
      js(
        'models/index.js',
        "import Category from './category.js'\nimport Subcategory from './subcategory.js'\nimport Store from './store.js'\nimport Recipe from './recipes.js'\n\nSubcategory.belongsTo(Category, { foreignKey: 'category_id' })\nCategory.hasMany(Subcategory, { foreignKey: 'category_id', onUpdate: 'CASCADE' })\n\nRecipe.belongsTo(Store, { foreignKey: 'store_id' })\nStore.hasMany(Recipe, { foreignKey: 'store_id' })\n",
      ),
    ]);
    expect(rels(entities)).toEqual(['recipe.store_id -> store', 'subcategorys.category_id -> categorys']);
  });
});

describe('data model: MongoEngine documents', () => {
  it('Document classes are collections with their fields and references; an abstract base gives its fields, an EmbeddedDocument is none', () => {
    const py = (rel: string, text: string): SourceFile => ({ rel, language: 'Python', text });
    const entities = dataModels([
      py(
        'app/models/user.py',
        "from mongoengine import Document, EmbeddedDocument, StringField, DateTimeField, EmbeddedDocumentField\nimport mongoengine as me\n\n\nclass Address(EmbeddedDocument):\n    city = StringField(default='')\n\n\nclass Base(me.Document):\n    meta = {'abstract': True}\n\n    created_at = DateTimeField(required=True)\n\n\nclass User(Base):\n    meta = {'collection': 'users'}\n\n    username = StringField(required=True, unique=True)\n    address = EmbeddedDocumentField(Address)\n",
      ),
      py(
        'app/models/job.py',
        'from mongoengine import Document, StringField, ReferenceField, ListField, LazyReferenceField\n\n\nclass Jobs(Document):\n    name = StringField(required=True)\n    owner = ReferenceField("User", required=True)\n    watchers = ListField(ReferenceField(\'User\'))\n    reviewer = LazyReferenceField(User)\n',
      ),
    ]);
    const fields = Object.fromEntries(entities.map((e) => [e.name, e.fields.map((f) => f.name)]));
    expect(fields).toEqual({ Jobs: ['id', 'name', 'owner', 'watchers', 'reviewer'], User: ['id', 'created_at', 'username', 'address'] });
    expect(entities.every((e) => e.kind === 'mongoengine')).toBe(true);
    expect(rels(entities)).toEqual(['Jobs.owner -> User', 'Jobs.reviewer -> User', 'Jobs.watchers -> User']);
  });
});

describe('twentieth round, second set', () => {
  it('Next.js: a handler whose answers are all inside `req.method === …` branches or cases answers those methods', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"next":"10.0.1"}}',
      'src/pages/api/auth/login.ts':
        'export default async (req, res) => {\n  if (req.method === "POST") {\n    try {\n      res.status(200).json({ user: 1 })\n    } catch (error) {\n      res.status(200).json({ error })\n    }\n  }\n  res.status(405).end()\n}\n',
      'pages/api/comment/[eventId].js':
        'async function handler(req, res) {\n  let client\n  try {\n    client = await connect()\n  } catch (error) {\n    res.status(500).json({ message: "no database" })\n    return\n  }\n  if (req.method === "POST") {\n    res.status(201).json({})\n  }\n  if (req.method === "GET") {\n    res.status(200).json([])\n  }\n}\n\nexport default handler\n',
      'pages/api/items.js':
        "export default function items(req, res) {\n  switch (req.method) {\n    case 'GET':\n      return res.json([])\n    case 'DELETE':\n      return res.status(204).end()\n    default:\n      res.setHeader('Allow', ['GET', 'DELETE'])\n      res.status(405).end()\n  }\n}\n",
      'pages/api/list.js':
        "export default function list(req, res) {\n  if (req.method === 'POST') {\n    return res.status(201).json({})\n  }\n  res.json([])\n}\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual([
      'ANY /api/list',
      'DELETE /api/items',
      'GET /api/comment/:eventId',
      'GET /api/items',
      'POST /api/auth/login',
      'POST /api/comment/:eventId',
    ]);
  });

  it('Express: a router mounted by two apps of the repository (a server and a CLI script) is one set of routes', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"express":"^4.18.0"}}',
      'index.js':
        "const express = require('express')\nconst app = express()\nconst router = require('./router')\napp.use(router)\napp.listen(4000)\n",
      'dbCreate.js':
        "const express = require('express')\nconst app = express()\nconst router = require('./router')\napp.use(router)\napp.listen(3000)\n",
      'router.js':
        "const router = require('express').Router()\nconst userRoutes = require ('./views/userRoutes')\nrouter.use('/users', userRoutes)\nmodule.exports = router\n",
      'views/userRoutes.js':
        "const router = require('express').Router()\nrouter.get('/', (req, res) => res.json([]))\nrouter.get('/me', (req, res) => res.json({}))\nmodule.exports = router\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual(['GET /users', 'GET /users/me']);
  });

  it('Flask-MongoEngine: `class User(db.Document)` in a module that imports only the extension’s `db` is a collection', () => {
    const py = (rel: string, text: string): SourceFile => ({ rel, language: 'Python', text });
    const entities = dataModels([
      py('app/database.py', 'from flask_mongoengine import MongoEngine\n\ndb = MongoEngine()\n'),
      py('app/models/user.py', 'from app.database import db\n\n\nclass User(db.Document):\n    name = db.StringField(required=True)\n'),
      py(
        'app/models/token.py',
        'from app.database import db\nfrom app.models.user import User\n\n\nclass Token(db.Document):\n    user = db.ReferenceField(User, required=True)\n    token = db.StringField(required=True)\n',
      ),
    ]);
    expect(entities.map((e) => `${e.kind} ${e.name}: ${e.fields.map((f) => f.name).join(', ')}`)).toEqual([
      'mongoengine Token: id, user, token',
      'mongoengine User: id, name',
    ]);
    expect(rels(entities)).toEqual(['Token.user -> User']);
  });
});
