import { describe, expect, it } from 'vitest';
import { repositoryFacts } from '../src/facts/index.ts';
import type { SourceFile } from '../src/facts/imports.ts';
import { dataModels } from '../src/facts/models.ts';
import { fixtureRepos, routeList } from './support/fixture-repo.ts';

/**
 * The causes of the twenty-first round's misses (docs/metrics/arch-api-facts.md, "Twenty-first round"), each at its
 * general shape: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r21');
const list = routeList;

describe('FastAPI: prefixes given by module constants, and services that each have their own `src` package', () => {
  it('`include_router(r, prefix=API_PREFIX)` with `API_PREFIX = "/api/v1"` (this module or one it imports) is that path', async () => {
    const root = repo({
      'app/main.py':
        'from fastapi import FastAPI\nfrom app.api import items, users\nfrom app.settings import USERS_PREFIX\n\nAPI_PREFIX = "/api/v1"\n\napp = FastAPI()\napp.include_router(items.router, prefix=API_PREFIX)\napp.include_router(users.router, prefix=USERS_PREFIX)\n',
      'app/settings.py': 'USERS_PREFIX = "/api/users"\n',
      'app/api/__init__.py': '',
      'app/api/items.py':
        'from fastapi import APIRouter\n\nITEMS = "/items"\nrouter = APIRouter(prefix=ITEMS)\n\n@router.get("")\ndef list_items():\n    return []\n',
      'app/api/users.py':
        'from fastapi import APIRouter\n\nrouter = APIRouter()\n\n@router.get("/{user_id}")\ndef get_user(user_id: int):\n    return {}\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /api/users/{user_id}', 'GET /api/v1/items']);
    expect(routes.every((r) => r.resolved)).toBe(true);
  });

  it('`from src.routes import router` in each of two services means that service’s own `src`, not the other’s', async () => {
    const service = (name: string, path: string): Record<string, string> => ({
      [`${name}/src/main.py`]:
        'from fastapi import FastAPI\nfrom src.routes.main_router import main_router\n\napp = FastAPI()\napp.include_router(main_router)\n',
      [`${name}/src/__init__.py`]: '',
      [`${name}/src/routes/__init__.py`]: '',
      [`${name}/src/routes/main_router.py`]: `from fastapi import APIRouter\nfrom src.routes.things import router as things_router\n\nmain_router = APIRouter()\nmain_router.include_router(things_router, prefix="/${name}")\n`,
      [`${name}/src/routes/things.py`]: `from fastapi import APIRouter\n\nrouter = APIRouter(prefix="/things")\n\n@router.get("${path}")\ndef get_things():\n    return []\n`,
    });
    const root = repo({ ...service('alpha', '/all'), ...service('beta', '/one') });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /alpha/things/all', 'GET /beta/things/one']);
    expect(routes.every((r) => r.resolved)).toBe(true);
  });
});

describe('Express: a router mounted after middleware arguments', () => {
  it("`app.use('/hooks', express.raw({…}), hooksRouter)` mounts the router at /hooks", async () => {
    const root = repo({
      'package.json': '{"dependencies":{"express":"^4.18.0"}}',
      'src/app.js':
        "const express = require('express')\nconst hooks = require('./hooks')\nconst { auth } = require('./auth')\nconst users = require('./users')\n\nconst app = express()\napp.use(\n  '/stripe/webhook',\n  express.raw({ type: 'application/json' }),\n  hooks\n)\napp.use('/api/users', auth, users)\napp.listen(3000)\n",
      'src/hooks.js':
        "const router = require('express').Router()\n\nrouter.route('/').post((req, res) => res.sendStatus(200))\n\nmodule.exports = router\n",
      'src/auth.js': 'exports.auth = (req, res, next) => next()\n',
      'src/users.js':
        "const router = require('express').Router()\n\nrouter.get('/:id', (req, res) => res.json({}))\n\nmodule.exports = router\n",
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /api/users/:id', 'POST /stripe/webhook']);
  });
});

describe('FastAPI: a Pydantic model declared with `Query(…)`', () => {
  it('its fields are query parameters (optional with `Query(None)`), not a JSON body', async () => {
    const root = repo({
      'main.py':
        'from fastapi import FastAPI, Query\nfrom pydantic import BaseModel\n\napp = FastAPI()\n\nclass UpdateOrder(BaseModel):\n    id: int\n    description: str | None = None\n\nclass Filters(BaseModel):\n    status: str\n    page: int = 1\n\n@app.put("/orders")\ndef update(order: UpdateOrder = Query(None)):\n    return {}\n\n@app.get("/orders")\ndef search(filters: Filters = Query(...)):\n    return []\n\n@app.post("/orders")\ndef create(order: UpdateOrder):\n    return {}\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    const put = routes.find((r) => r.method === 'PUT')!;
    expect(put.request?.body).toBeUndefined();
    expect(put.request?.query?.map((q) => [q.name, q.required])).toEqual([
      ['id', false],
      ['description', false],
    ]);
    const get = routes.find((r) => r.method === 'GET')!;
    expect(get.request?.query?.map((q) => [q.name, q.required])).toEqual([
      ['status', true],
      ['page', false],
    ]);
    expect(routes.find((r) => r.method === 'POST')!.request?.body?.contentType).toBe('application/json');
  });
});

describe('DRF: a ModelSerializer’s Meta.fields are required as the model’s fields make them', () => {
  it('required unless null, blank, a default, auto_now, a boolean, or set in extra_kwargs; fields of an abstract base too', async () => {
    const root = repo({
      'shop/__init__.py': '',
      'shop/models.py':
        'from django.db import models\n\nclass Base(models.Model):\n    created_at = models.DateTimeField(auto_now_add=True)\n    owner_note = models.CharField(max_length=50)\n\n    class Meta:\n        abstract = True\n\nclass Category(models.Model):\n    name = models.CharField(max_length=20)\n\nclass Permission(Base):\n    name = models.CharField(unique=True, max_length=200)\n    code_name = models.CharField(\n        max_length=100,\n        unique=True,\n    )\n    description = models.TextField(blank=True, max_length=255)\n    category = models.ForeignKey(Category, on_delete=models.CASCADE)\n    is_active = models.BooleanField(default=True)\n    flag = models.BooleanField()\n    rank = models.IntegerField(null=True)\n    secret = models.CharField(max_length=10)\n',
      'shop/serializers.py':
        'from rest_framework import serializers\nfrom .models import Permission\n\nclass PermissionSerializer(serializers.ModelSerializer):\n    class Meta:\n        model = Permission\n        fields = ["id", "name", "code_name", "description", "category", "is_active", "flag", "rank", "secret", "created_at", "owner_note"]\n        extra_kwargs = {"secret": {"required": False}}\n',
      'shop/views.py':
        'from rest_framework import generics\nfrom .serializers import PermissionSerializer\n\nclass CreatePermission(generics.CreateAPIView):\n    serializer_class = PermissionSerializer\n',
      'shop/urls.py':
        'from django.urls import path\nfrom . import views\n\nurlpatterns = [path("permissions", views.CreatePermission.as_view())]\n',
      'manage.py': 'import django\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    const post = routes.find((r) => r.method === 'POST')!;
    expect(post.request?.body?.schema.required).toEqual(['name', 'code_name', 'category', 'owner_note']);
  });
});

describe('data model: Mongoose `timestamps`', () => {
  it('`{ timestamps: true }` adds createdAt and updatedAt; the object form names them or leaves one out', () => {
    const models = dataModels([
      {
        rel: 'src/models/tour.model.ts',
        language: 'TypeScript',
        text: "import mongoose from 'mongoose'\n\nconst tourSchema = new mongoose.Schema(\n  {\n    name: { type: String, required: true },\n    guides: [{ type: mongoose.Schema.ObjectId, ref: 'User' }],\n  },\n  {\n    timestamps: true,\n  }\n)\n\nexport default mongoose.model('Tour', tourSchema)\n",
      },
      {
        rel: 'src/models/user.model.ts',
        language: 'TypeScript',
        text: "import { Schema, model } from 'mongoose'\n\nconst userSchema = new Schema({ email: String }, { timestamps: { createdAt: 'created_at', updatedAt: false } })\n\nexport const User = model('User', userSchema)\n",
      },
    ] as SourceFile[]);
    expect(models.find((e) => e.name === 'Tour')!.fields.map((f) => f.name)).toEqual(['_id', 'name', 'guides', 'createdAt', 'updatedAt']);
    expect(models.find((e) => e.name === 'User')!.fields.map((f) => f.name)).toEqual(['_id', 'email', 'created_at']);
  });
});

describe('data model: Mongoose schemas typed with a nested generic', () => {
  it('`new Schema<Cart, Model<Cart>>({…})` and `model<Cart, Model<Cart>>(…)` are read', () => {
    const models = dataModels([
      {
        rel: 'src/models/cart.model.ts',
        language: 'TypeScript',
        text: "import { Schema, model, Model } from 'mongoose'\n\nconst cartSchema = new Schema<Cart, Model<Cart>>(\n  {\n    user: { type: Schema.Types.ObjectId, ref: 'User' },\n  },\n  { timestamps: true }\n)\n\nexport default model<Cart, Model<Cart>>('Cart', cartSchema)\n",
      },
    ] as SourceFile[]);
    expect(models.map((e) => `${e.name}: ${e.fields.map((f) => f.name).join(',')} → ${e.relations.map((r) => r.to).join(',')}`)).toEqual([
      'Cart: _id,user,createdAt,updatedAt → User',
    ]);
  });
});

describe('data model: SQLAlchemy `__abstract__ = True`', () => {
  it('an abstract declarative class is no table; its columns are its subclasses’', () => {
    const models = dataModels([
      {
        rel: 'items/src/db/models/db_base.py',
        language: 'Python',
        text: 'from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column\n\nclass Base(DeclarativeBase):\n    pass\n\nclass DbBase(Base):\n    __abstract__ = True\n\n    id: Mapped[int] = mapped_column(primary_key=True)\n    created_on: Mapped[str] = mapped_column()\n',
      },
      {
        rel: 'items/src/db/models/db_item.py',
        language: 'Python',
        text: 'from sqlalchemy.orm import Mapped, mapped_column\nfrom .db_base import DbBase\n\nclass DbItem(DbBase):\n    __tablename__ = "item"\n\n    title: Mapped[str] = mapped_column()\n',
      },
    ] as SourceFile[]);
    expect(models.map((e) => `${e.name}: ${e.fields.map((f) => f.name).join(',')}`)).toEqual(['item: title,id,created_on']);
  });
});

describe('DRF: simplejwt views mapped by the application', () => {
  it('TokenBlacklistView and the sliding-token views answer POST', async () => {
    const root = repo({
      'manage.py': 'import django\n',
      'accounts/__init__.py': '',
      'accounts/urls.py':
        'from django.urls import path\nfrom rest_framework_simplejwt.views import TokenBlacklistView, TokenObtainSlidingView, TokenRefreshSlidingView\n\nurlpatterns = [\n    path("token/blacklist", TokenBlacklistView.as_view()),\n    path("sliding/", TokenObtainSlidingView.as_view()),\n    path("sliding/refresh/", TokenRefreshSlidingView.as_view()),\n]\n',
      'proj/__init__.py': '',
      'proj/urls.py': 'from django.urls import include, path\n\nurlpatterns = [path("users/", include("accounts.urls"))]\n',
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual([
      'POST /users/sliding/',
      'POST /users/sliding/refresh/',
      'POST /users/token/blacklist',
    ]);
  });
});

describe('DRF: a router of another module added to an included urls list', () => {
  it('`urlpatterns = [...] + router.urls` with `from .routers import router` serves the router under the include', async () => {
    const root = repo({
      'manage.py': 'import django\n',
      'proj/__init__.py': '',
      'proj/urls.py': 'from django.urls import include, path\n\nurlpatterns = [path("admin/", include("manager.urls"))]\n',
      'manager/__init__.py': '',
      'manager/views.py':
        'from rest_framework import generics, viewsets\n\nclass Count(generics.GenericAPIView):\n    def get(self, request):\n        return None\n\nclass BrandViewSet(viewsets.ModelViewSet):\n    pass\n',
      'manager/routers.py':
        'from rest_framework.routers import DefaultRouter\nfrom .views import BrandViewSet\n\nrouter = DefaultRouter()\nrouter.register(\n    "brand",\n    BrandViewSet,\n    basename="brand",\n)\n',
      'manager/urls.py':
        'from django.urls import path\nfrom . import views\nfrom .routers import router\n\nurlpatterns = [\n    path("get-count/", views.Count.as_view()),\n] + router.urls\n',
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual([
      'DELETE /admin/brand/{pk}/',
      'GET /admin/',
      'GET /admin/brand/',
      'GET /admin/brand/{pk}/',
      'GET /admin/get-count/',
      'PATCH /admin/brand/{pk}/',
      'POST /admin/brand/',
      'PUT /admin/brand/{pk}/',
    ]);
  });
});

describe('FastAPI: a pydantic `Field(` whose arguments go on over the next lines', () => {
  it('is required without a default, optional with one', async () => {
    const root = repo({
      'main.py':
        'from decimal import Decimal\nfrom fastapi import FastAPI\nfrom pydantic import BaseModel, Field\n\napp = FastAPI()\n\nclass Create(BaseModel):\n    amount: Decimal = Field(\n        example=12.99,\n        decimal_places=2,\n    )\n    note: str = Field(\n        default="",\n        description="A note",\n    )\n\n@app.post("/transactions/")\ndef create(payload: Create):\n    return {}\n',
    });
    const post = (await repositoryFacts(root)).routes.find((r) => r.method === 'POST')!;
    expect(post.request?.body?.schema.required).toEqual(['amount']);
  });
});

describe('Express: verbs chained after `router.use(…)`', () => {
  it('`router.use("/", auth).post("/", h).get("/", h2)` declares POST and GET on the router', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"express":"^4.18.0"}}',
      'src/app.js':
        "const express = require('express')\nconst seller = require('./seller')\n\nconst app = express()\napp.use('/api/seller', seller)\napp.listen(3000)\n",
      'src/seller.js':
        "const { Router } = require('express')\nconst router = Router()\nconst auth = (req, res, next) => next()\n\nrouter\n  .use('/', auth)\n  .post('/', (req, res) => res.sendStatus(201))\n  .delete('/', (req, res) => res.sendStatus(204))\n\nmodule.exports = router\n",
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual(['DELETE /api/seller', 'POST /api/seller']);
  });
});

describe('Django: an include naming its app in another case than the folder', () => {
  it("`include('checkouts.urls')` for `Checkouts/urls.py` takes the include's prefix", async () => {
    const root = repo({
      'Backend/manage.py': 'import django\n',
      'Backend/ecom/__init__.py': '',
      'Backend/ecom/urls.py': 'from django.urls import include, path\n\nurlpatterns = [path("orders/", include("checkouts.urls"))]\n',
      'Backend/Checkouts/__init__.py': '',
      'Backend/Checkouts/views.py':
        'from rest_framework.views import APIView\n\nclass Total(APIView):\n    def get(self, request):\n        return None\n',
      'Backend/Checkouts/urls.py':
        'from django.urls import path\nfrom . import views\n\nurlpatterns = [path("total/", views.Total.as_view())]\n',
    });
    expect(list((await repositoryFacts(root)).routes)).toEqual(['GET /orders/total/']);
  });
});

describe('DRF: a hand-written `patch` that validates the whole body', () => {
  it('requires the serializer’s required fields (no `partial=True`); a viewset’s partial_update does not', async () => {
    const root = repo({
      'manage.py': 'import django\n',
      'accounts/__init__.py': '',
      'accounts/serializers.py':
        'from rest_framework import serializers\n\nclass ChangePassword(serializers.Serializer):\n    password = serializers.CharField()\n    new_password = serializers.CharField()\n',
      'accounts/views.py':
        'from rest_framework import generics\nfrom .serializers import ChangePassword\n\nclass ChangePasswordView(generics.GenericAPIView):\n    serializer_class = ChangePassword\n\n    def patch(self, request):\n        serializer = self.get_serializer_class()\n        serializer = serializer(data=request.data, context={"request": request})\n        serializer.is_valid(raise_exception=True)\n        return None\n\nclass LooseView(generics.GenericAPIView):\n    serializer_class = ChangePassword\n\n    def patch(self, request):\n        serializer = self.get_serializer(data=request.data, partial=True)\n        return None\n',
      'accounts/urls.py':
        'from django.urls import path\nfrom . import views\n\nurlpatterns = [\n    path("change-password/", views.ChangePasswordView.as_view()),\n    path("loose/", views.LooseView.as_view()),\n]\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(routes.find((r) => r.path === '/change-password/')!.request?.body?.schema.required).toEqual(['password', 'new_password']);
    expect(routes.find((r) => r.path === '/loose/')!.request?.body?.schema.required).toBeUndefined();
  });
});

describe('data model: a Mongoose sub-schema as the `type` of a field with other options', () => {
  it('`sellers: { type: [sellersSchema], default: [] }` gives the sub-schema’s references as the model’s', () => {
    const models = dataModels([
      {
        rel: 'src/models/product.model.ts',
        language: 'TypeScript',
        text: "import mongoose from 'mongoose'\n\nconst sellersSchema = new mongoose.Schema({\n  seller: { type: mongoose.Schema.Types.ObjectId, ref: 'Seller' },\n})\n\nconst productSchema = new mongoose.Schema({\n  name: String,\n  sellers: {\n    type: [sellersSchema],\n    default: [],\n  },\n})\n\nexport default mongoose.model('Product', productSchema)\n",
      },
    ] as SourceFile[]);
    expect(models.find((e) => e.name === 'Product')!.relations.map((r) => `${r.field}->${r.to}`)).toEqual(['sellers.seller->Seller']);
  });
});

describe('DRF: a serializer deriving from a serializer of the repository', () => {
  it('inherits the base’s declared fields and, having no Meta of its own, the base’s Meta', async () => {
    const root = repo({
      'manage.py': 'import django\n',
      'shop/__init__.py': '',
      'shop/models.py': 'from django.db import models\n\nclass Color(models.Model):\n    name = models.CharField(max_length=15)\n',
      'shop/serializers.py':
        'from rest_framework import serializers\nfrom .models import Color\n\nclass ColorSerializer(serializers.ModelSerializer):\n    name = serializers.CharField(max_length=15)\n\n    class Meta:\n        model = Color\n        fields = ["name"]\n\nclass AdminColorSerializer(ColorSerializer):\n    is_active = serializers.BooleanField(required=False)\n',
      'shop/views.py':
        'from rest_framework import generics\nfrom .serializers import AdminColorSerializer\n\nclass CreateColor(generics.CreateAPIView):\n    serializer_class = AdminColorSerializer\n',
      'shop/urls.py': 'from django.urls import path\nfrom . import views\n\nurlpatterns = [path("colors/", views.CreateColor.as_view())]\n',
    });
    const body = (await repositoryFacts(root)).routes.find((r) => r.method === 'POST')!.request?.body?.schema;
    expect(Object.keys(body?.properties as object)).toEqual(['is_active', 'name']);
    expect(body?.required).toEqual(['name']);
  });
});
