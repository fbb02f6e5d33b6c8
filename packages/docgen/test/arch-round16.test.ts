import { describe, expect, it } from 'vitest';
import { factsOf, readCheckout, repositoryFacts } from '../src/facts/index.ts';
import { runtimeFlows } from '../src/pages/arch.ts';
import { overviewSentences } from '../src/pages/overview.ts';
import { routeNotes } from '../src/pages/api.ts';
import { dataModels } from '../src/facts/models.ts';
import type { SourceFile } from '../src/facts/imports.ts';
import { fixtureRepos, routeList } from './support/fixture-repo.ts';

/**
 * Causes of the sixteenth round's misses (docs/metrics/arch-api-facts.md, "Sixteenth round: figures"), each at
 * its general shape: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r16');
const list = routeList;

describe('FastAPI: a prefix built from module constants that are f-strings themselves', () => {
  it('`prefix=f"{baseURL}/books"` with `baseURL=f"/api/{version}"`, `version="v1"` is `/api/v1/books`', async () => {
    const root = repo({
      'pyproject.toml': '[project]\nname = "bookly"\ndependencies = ["fastapi"]\n',
      'src/books/__init__.py': 'from .routes import router as books_router\n\n__all__ = ["books_router"]\n',
      'src/books/routes.py':
        'from fastapi import APIRouter\n\nrouter = APIRouter()\n\n\n@router.get("/")\nasync def all_books():\n    return []\n\n\n@router.get("/{uid}")\nasync def one_book(uid: str):\n    return uid\n',
      'src/__init__.py':
        'from fastapi import FastAPI\nfrom .books import books_router\n\nversion="v1"\napp = FastAPI(version=version)\nbaseURL=f"/api/{version}"\nunknown = f"/x/{elsewhere}"\n\napp.include_router(books_router, prefix=f"{baseURL}/books", tags=["Books"])\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /api/v1/books/', 'GET /api/v1/books/{uid}']);
    expect(routes.every((r) => r.resolved)).toBe(true);
  });
});

const py = (rel: string, text: string): SourceFile => ({ rel, language: 'Python', text });
const js = (rel: string, text: string): SourceFile => ({ rel, language: 'JavaScript', text });
const rels = (entities: ReturnType<typeof dataModels>): string[] =>
  entities.flatMap((e) => e.relations.filter((r) => !r.via).map((r) => `${e.name}.${r.field} -> ${r.to}`)).sort();

describe('data model: SQLModel tables', () => {
  it('`class Book(SQLModel, table=True)`: annotated attributes are columns, `foreign_key="users.uid"` a relation', () => {
    const entities = dataModels([
      py(
        'src/auth/models.py',
        'from sqlmodel import SQLModel, Field, Column, Relationship\nimport sqlalchemy.dialects.postgresql as pg\nimport uuid\nfrom typing import List\n\n\nclass User(SQLModel, table=True):\n    __tablename__ = "users"\n    uid: uuid.UUID = Field(\n        sa_column=Column(pg.UUID, nullable=False, primary_key=True, default=uuid.uuid4)\n    )\n    username: str\n    is_verified: bool = Field(default=False)\n    books: List["Book"] = Relationship(back_populates="user")\n\n    def __repr__(self):\n        local: int = 3\n        return f"<User {self.username}>"\n\n\nclass UserCreate(SQLModel):\n    username: str\n',
      ),
      py(
        'src/books/models.py',
        'from sqlmodel import SQLModel, Field, Relationship\nfrom typing import Optional\nimport uuid\n\n\nclass Book(SQLModel, table=True):\n    id: Optional[int] = Field(default=None, primary_key=True)\n    title: str\n    user_uid: Optional[uuid.UUID] = Field(default=None, foreign_key="users.uid")\n    user: Optional["User"] = Relationship(back_populates="books")\n',
      ),
    ]);
    expect(entities.map((e) => `${e.name}: ${e.fields.map((f) => `${f.name}${f.key ? `(${f.key})` : ''}`).join(', ')}`)).toEqual([
      'book: id(PK), title, user_uid(FK)',
      'users: uid(PK), username, is_verified',
    ]);
    expect(rels(entities)).toEqual(['book.user_uid -> users']);
  });
});

describe('data model: Sequelize associations written in a file of their own', () => {
  it('`belongsTo`, `hasMany`, `hasOne` and `belongsToMany … through` in models/index.js give one relation per foreign key', () => {
    const define = (name: string, fields: string): SourceFile =>
      js(
        `models/${name}.js`,
        `const { DataTypes } = require("sequelize");\nconst sequelize = require("../configs/db");\n\nconst ${name} = sequelize.define(\n  "${name}",\n  {\n${fields}\n  },\n);\n\nmodule.exports = ${name};\n`,
      );
    const entities = dataModels([
      define('User', '    name: { type: DataTypes.STRING },'),
      define('Wallet', '    balance: { type: DataTypes.INTEGER },'),
      define('Product', '    title: { type: DataTypes.STRING },'),
      define('Seller', '    name: { type: DataTypes.STRING },'),
      define('ProductSeller', '    product_id: { type: DataTypes.INTEGER },\n    seller_id: { type: DataTypes.INTEGER },'),
      define('Category', '    title: { type: DataTypes.STRING },'),
      js(
        'models/index.js',
        'const User = require("./User");\nconst Wallet = require("./Wallet");\nconst Product = require("./Product");\nconst Seller = require("./Seller");\nconst ProductSeller = require("./ProductSeller");\nconst Category = require("./Category");\n\nUser.hasOne(Wallet, {\n  foreignKey: "user_id",\n  as: "wallet",\n});\nWallet.belongsTo(User, { foreignKey: "user_id", as: "user" });\nUser.hasMany(Seller, { foreignKey: "owner_id", as: "shops", onDelete: "CASCADE" });\nProduct.belongsToMany(Seller, {\n  through: ProductSeller,\n  foreignKey: "product_id",\n  otherKey: "seller_id",\n});\nSeller.belongsToMany(Product, { through: ProductSeller, foreignKey: "seller_id", otherKey: "product_id" });\nCategory.belongsTo(Category, { foreignKey: "parent_id", as: "parent" });\nUser.hasMany(Notification, { foreignKey: "user_id" });\n\nmodule.exports = { User, Wallet, Product, Seller, ProductSeller, Category };\n',
      ),
    ]);
    expect(rels(entities)).toEqual([
      'Category.parent_id -> Category',
      'ProductSeller.product_id -> Product',
      'ProductSeller.seller_id -> Seller',
      'Seller.owner_id -> User',
      'Wallet.user_id -> User',
    ]);
  });
});

describe('data model: mongoose references inside an embedded sub-schema', () => {
  it('`Chat: [chatSchema]` with `watchId: { type: String, ref: "Watch" }` is a relation of the model, `Chat.watchId`', () => {
    const entities = dataModels([
      {
        rel: 'src/models/message.model.ts',
        language: 'TypeScript',
        text: 'import mongoose from "mongoose";\n\nconst chatSchema = new mongoose.Schema(\n  {\n    message: { type: String, required: true },\n    watchId: {\n      type: String,\n      ref : "Watch",\n    },\n  },\n  { timestamps: true },\n);\n\nconst MessageSchema = new mongoose.Schema({\n  firstUserId: { type: String },\n  Chat: [chatSchema],\n  Last: { type: chatSchema },\n});\n\nconst MessageModel = mongoose.model("Message", MessageSchema);\nexport default MessageModel;\n',
      },
      {
        rel: 'src/models/watch.model.ts',
        language: 'TypeScript',
        text: 'import mongoose from "mongoose";\n\nconst watchSchema = new mongoose.Schema({ model: { type: String } });\n\nexport default mongoose.model("Watch", watchSchema);\n',
      },
    ]);
    expect(entities.map((e) => e.name)).toEqual(['Message', 'Watch']);
    expect(rels(entities)).toEqual(['Message.Chat.watchId -> Watch', 'Message.Last.watchId -> Watch']);
  });
});

describe('FastAPI: a status raised in a handler whose signature spans several lines', () => {
  it('`raise HTTPException(status_code=…)` is cited at its own line, after `async def f(` ⏎ params ⏎ `):`', async () => {
    const root = repo({
      'pyproject.toml': '[project]\nname = "books"\ndependencies = ["fastapi"]\n',
      'app/main.py':
        'from fastapi import FastAPI, HTTPException, status, Depends\n\napp = FastAPI()\n\n\n@app.delete(\n    "/books/{uid}",\n    status_code=status.HTTP_204_NO_CONTENT,\n)\nasync def delete_book(\n    uid: str,\n    session=Depends(lambda: None),\n):\n    found = None\n    if found is None:\n        raise HTTPException(\n            status_code=status.HTTP_404_NOT_FOUND,\n            detail="Book not found",\n        )\n    return None\n',
    });
    const route = (await repositoryFacts(root)).routes.find((r) => r.method === 'DELETE')!;
    expect(route.responses?.map((r) => `${r.status} ${r.source}`)).toEqual(['204 app/main.py:6', '404 app/main.py:16']);
  });
});

describe('FastAPI: a pydantic model named through its module', () => {
  it('`login_data: schemas.UserLogin` is the JSON body, `response_model=schemas.User` the response, not a query parameter', async () => {
    const root = repo({
      'pyproject.toml': '[project]\nname = "auth"\ndependencies = ["fastapi"]\n',
      'app/schemas.py':
        'from pydantic import BaseModel, Field\n\n\nclass UserLogin(BaseModel):\n    email: str = Field(max_length=40)\n    password: str\n\n\nclass User(BaseModel):\n    email: str\n',
      'app/routes.py':
        'from fastapi import APIRouter\nfrom . import schemas\n\nrouter = APIRouter()\n\n\n@router.post("/login", response_model=schemas.User)\nasync def login(login_data: schemas.UserLogin, remember: bool = False):\n    return login_data\n',
      'app/main.py': 'from fastapi import FastAPI\nfrom .routes import router\n\napp = FastAPI()\napp.include_router(router)\n',
    });
    const route = (await repositoryFacts(root)).routes.find((r) => r.path === '/login')!;
    const req = route.request as { body?: { schema?: { title?: string } }; query?: Array<{ name: string }> };
    expect(req.body?.schema?.title).toBe('UserLogin');
    expect(req.query?.map((q) => q.name)).toEqual(['remember']);
    expect(route.responses?.map((r) => `${r.status} ${(r.schema as { title?: string } | undefined)?.title}`)).toEqual(['200 User']);
  });
});

describe('runtime calls: one Python line importing several modules of a package', () => {
  it('`from ..db import main, redis` then `redis.block(…)` goes to db/redis.py, not the first module of the line', async () => {
    const root = repo({
      'pyproject.toml': '[project]\nname = "auth"\ndependencies = ["fastapi"]\n',
      'src/db/__init__.py': '',
      'src/db/main.py': 'def get_session():\n    return None\n',
      'src/db/redis.py': 'client = None\n\n\nasync def block(uid):\n    await client.set(f"blocked:{uid}", 1)\n',
      'src/auth/__init__.py': '',
      'src/auth/routes.py':
        'from fastapi import APIRouter, Depends\nfrom ..db import main, redis\n\nrouter = APIRouter()\n\n\n@router.post("/logout")\nasync def logout(session=Depends(main.get_session)):\n    await redis.block("u")\n    return None\n',
      'src/app.py': 'from fastapi import FastAPI\nfrom .auth.routes import router\n\napp = FastAPI()\napp.include_router(router)\n',
    });
    const { sources, goMod } = await readCheckout(root);
    const steps = runtimeFlows(factsOf(sources, goMod), new Map(sources.map((s) => [s.rel, s.text]))).flatMap((f) =>
      f.steps.map((s) => `${s.from}:${s.line} ${s.fromFunction} → ${s.to} ${s.call}()`),
    );
    expect(steps).toEqual(['src/auth/routes.py:9 logout → src/db/redis.py block()']);
  });
});

describe('Fastify: a handler that is a method of the object a controller module exports', () => {
  it('`fastify.post("/register", userController.register)` with `module.exports = { async register(req, res) {…} }` reads its body and statuses', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"fastify":"^5.0.0"}}',
      'controllers/userController.js':
        'const userService = require("../services/userService");\n\nmodule.exports = {\n  async register(req, res) {\n    const { name, mobile } = req.body;\n    if (!name) return res.status(400).send({ message: "name" });\n    const user = await userService.create(name, mobile);\n    res.status(201).send({ data: user });\n  },\n  getMe: async (req, res) => {\n    return res\n      .status(200)\n      .send({ data: req.user });\n  },\n};\n',
      'services/userService.js': 'module.exports = { async create(name, mobile) { return { name, mobile }; } };\n',
      'routes/user.js':
        'const userController = require("../controllers/userController");\n\nfunction router(fastify, options) {\n  fastify.post(\n    "/register",\n    { preHandler: [] },\n    userController.register,\n  );\n  fastify.get("/me", userController.getMe);\n}\n\nmodule.exports = router;\n',
      'server.js':
        'const fastify = require("fastify")();\nconst userRouter = require("./routes/user");\n\nfastify.register(userRouter, { prefix: "/users" });\nfastify.listen({ port: 3000 });\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    const register = routes.find((r) => r.path === '/users/register')!;
    expect(Object.keys((register.request?.body?.schema as { properties: object }).properties)).toEqual(['name', 'mobile']);
    expect(register.request?.body?.source).toBe('controllers/userController.js:5');
    expect(register.responses?.map((r) => `${r.status} ${r.source}`).sort()).toEqual([
      '201 controllers/userController.js:8',
      '400 controllers/userController.js:6',
    ]);
    expect(routes.find((r) => r.path === '/users/me')!.responses?.map((r) => `${r.status} ${r.source}`)).toEqual([
      '200 controllers/userController.js:11',
    ]);
  });
});

describe('runtime calls: a Node route whose handler is a member of an imported controller', () => {
  it('`app.post("/api/watch", WatchController.create)` starts the flow in the controller, then its service', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"express":"^4.18.0"}}',
      'src/controller/watch.controller.ts':
        'import { Request, Response } from "express";\nimport WatchService from "../service/watch.service";\n\nconst create = async (req: Request, res: Response) => {\n  const saved = await WatchService.save(req.body.name);\n  return res.status(201).send(saved);\n};\n\nexport default { create };\n',
      'src/service/watch.service.ts':
        'const save = async (name: string) => {\n  const row = { name, at: Date.now() };\n  return row;\n};\n\nexport default { save };\n',
      'src/routes/watchRoutes.ts':
        "import { Express } from 'express';\nimport WatchController from '../controller/watch.controller';\n\nfunction watchRoutes(app: Express) {\n  app.post('/api/watch', WatchController.create);\n}\n\nexport default watchRoutes;\n",
      'src/app.ts':
        "import express from 'express';\nimport watchRoutes from './routes/watchRoutes';\n\nconst app = express();\nwatchRoutes(app);\napp.listen(3030);\n",
    });
    const { sources, goMod } = await readCheckout(root);
    const steps = runtimeFlows(factsOf(sources, goMod), new Map(sources.map((s) => [s.rel, s.text]))).flatMap((f) =>
      f.steps.map((s) => `${s.from}:${s.line} ${s.fromFunction} → ${s.to} ${s.call}()`),
    );
    expect(steps).toEqual(['src/controller/watch.controller.ts:5 create → src/service/watch.service.ts save()']);
  });
});

describe('Flask: the keys a handler reads from its JSON body', () => {
  it('`data = request.get_json()` then `data["title"]`, `data.get("tags")`, `request.json["author"]` are the body’s properties', async () => {
    const root = repo({
      'requirements.txt': 'flask\n',
      'app/routes.py':
        'from flask import Blueprint, request, jsonify\n\narticle = Blueprint("article", __name__)\n\n\n@article.route("/create/article", methods=["POST"])\ndef create_article():\n    data = request.get_json()\n    title = data["title"]\n    tags = data.get("tags", [])\n    data["seen"] = True\n    author = request.json["author"]\n    return jsonify({"title": title, "tags": tags, "author": author}), 201\n',
      'app/__init__.py':
        'from flask import Flask\nfrom app.routes import article\n\n\ndef create_app():\n    app = Flask(__name__)\n    app.register_blueprint(article)\n    return app\n',
    });
    const route = (await repositoryFacts(root)).routes.find((r) => r.path === '/create/article')!;
    expect(route.request?.body?.contentType).toBe('application/json');
    expect(Object.keys((route.request?.body?.schema as { properties?: object }).properties ?? {})).toEqual(['author', 'title', 'tags']);
    expect(route.request?.body?.source).toBe('app/routes.py:8');
  });
});

describe('an unresolved prefix is described as what these docs do not know, not as a fact of the code', () => {
  it('the overview sentence and the API page’s note say "a prefix these docs do not resolve"', async () => {
    const srcs: SourceFile[] = [
      {
        rel: 'lib/routes/tags.js',
        language: 'JavaScript',
        text: "const fp = require('fastify-plugin')\n\nmodule.exports = fp(async function tags (server, options) {\n  server.route({ method: 'GET', path: options.prefix + 'tags', handler: async () => [] })\n})\n",
      },
    ];
    const facts = factsOf(srcs, null);
    const said = overviewSentences(facts, srcs, [], [])
      .filter((s) => s.section === 'How a request arrives')
      .map((s) => s.parts.map((p) => (typeof p === 'string' ? p : 'value' in p ? String(p.value) : '')).join(''));
    expect(said).toEqual([
      'lib/routes/tags.js declares 1 fastify route, after a prefix these docs do not resolve (lib/routes/tags.js:4 options.prefix): GET /tags',
    ]);
    expect(JSON.stringify(routeNotes(facts.routes))).toContain('1 route(s) have a prefix these docs do not resolve');
    expect(JSON.stringify(routeNotes(facts.routes))).not.toContain('not a constant in the code');
  });
});

describe('FastAPI: a response returned directly', () => {
  it('`return JSONResponse(content=…)` answers 200 and `JSONResponse(status_code=202)` its status, beside the raised ones', async () => {
    const root = repo({
      'pyproject.toml': '[project]\nname = "auth"\ndependencies = ["fastapi"]\n',
      'app/main.py':
        'from fastapi import FastAPI, HTTPException, status\nfrom fastapi.responses import JSONResponse\n\napp = FastAPI()\n\n\n@app.get("/refresh")\nasync def refresh(ok: bool = True):\n    if ok:\n        return JSONResponse(content={"access_token": "t"})\n    raise HTTPException(status_code=status.HTTP_400_BAD_REQUEST, detail="Token expired")\n\n\n@app.post("/jobs", status_code=201)\nasync def start():\n    return JSONResponse(status_code=202, content={"queued": True})\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    const statuses = (p: string): string[] | undefined =>
      routes.find((r) => r.path === p)!.responses?.map((r) => `${r.status} ${r.source}`);
    expect(statuses('/refresh')).toEqual(['200 app/main.py:10', '400 app/main.py:11']);
    expect(statuses('/jobs')).toEqual(['201 app/main.py:14', '202 app/main.py:16']);
  });
});
