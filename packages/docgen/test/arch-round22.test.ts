import { describe, expect, it } from 'vitest';
import { repositoryFacts } from '../src/facts/index.ts';
import type { SourceFile } from '../src/facts/imports.ts';
import { dataModels } from '../src/facts/models.ts';
import { fixtureRepos, routeList } from './support/fixture-repo.ts';

/**
 * The causes of the twenty-second round's misses (docs/metrics/arch-api-facts.md, "Twenty-second round"), each at its
 * general shape: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r22');
const list = routeList;

describe('chi: a router mounted from a method of a composite literal', () => {
  it('`r.Mount("/item", item.ItemsResource{}.Routes())` serves that package’s routes under `/item`', async () => {
    const resource = (pkg: string, type: string): string =>
      `package ${pkg}\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n)\n\ntype ${type} struct{}\n\nfunc (rs ${type}) Routes() chi.Router {\n\tr := chi.NewRouter()\n\tr.Get("/", rs.List)\n\tr.Get("/{id}/", rs.Get)\n\treturn r\n}\n\nfunc (rs ${type}) List(w http.ResponseWriter, r *http.Request) {}\nfunc (rs ${type}) Get(w http.ResponseWriter, r *http.Request)  {}\n`;
    const root = repo({
      'go.mod': 'module shop\n\ngo 1.20\n\nrequire github.com/go-chi/chi/v5 v5.0.8\n',
      'cmd/api/main.go':
        'package api\n\nimport (\n\t"net/http"\n\n\t"shop/internal/api/v1/item"\n\t"shop/internal/api/v1/order"\n\n\t"github.com/go-chi/chi/v5"\n)\n\nfunc Run() {\n\tr := chi.NewRouter()\n\tr.Mount("/item", item.ItemsResource{}.Routes())\n\tr.Mount("/order", order.OrderResource{}.Routes())\n\thttp.ListenAndServe(":3000", r)\n}\n',
      'internal/api/v1/item/item.go': resource('item', 'ItemsResource'),
      'internal/api/v1/order/order.go': resource('order', 'OrderResource'),
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /item', 'GET /item/{id}/', 'GET /order', 'GET /order/{id}/']);
    expect(routes.every((r) => r.resolved !== false)).toBe(true);
  });
});

describe('DRF: a viewset registered at the empty prefix', () => {
  it('`router.register(r"", MeetingViewSet)` serves the include’s prefix and `<pk>/` (no `//`), and shadows the API root', async () => {
    const root = repo({
      'manage.py': 'import os\nos.environ.setdefault("DJANGO_SETTINGS_MODULE", "site.settings")\n',
      'site/settings.py': 'ROOT_URLCONF = "site.urls"\nINSTALLED_APPS = ["rest_framework", "meetings"]\n',
      'site/urls.py': 'from django.urls import include, path\n\nurlpatterns = [\n    path("meetings/", include("meetings.urls")),\n]\n',
      'meetings/__init__.py': '',
      'meetings/urls.py':
        'from rest_framework import routers\nfrom .views import MeetingViewSet, RoomViewSet\n\nrouter = routers.DefaultRouter()\nrouter.register(r"rooms", RoomViewSet)\nrouter.register(r"", MeetingViewSet)\n\nurlpatterns = router.urls\n',
      'meetings/views.py':
        'from rest_framework.viewsets import ModelViewSet, ReadOnlyModelViewSet\n\n\nclass RoomViewSet(ReadOnlyModelViewSet):\n    pass\n\n\nclass MeetingViewSet(ModelViewSet):\n    pass\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual([
      'DELETE /meetings/{pk}/',
      'GET /meetings/',
      'GET /meetings/rooms/',
      'GET /meetings/rooms/{pk}/',
      'GET /meetings/{pk}/',
      'PATCH /meetings/{pk}/',
      'POST /meetings/',
      'PUT /meetings/{pk}/',
    ]);
    expect(routes.find((r) => r.method === 'GET' && r.path === '/meetings/')!.handler).toBe('MeetingViewSet.list');
  });
});

describe('Koa: koa-router’s `del`', () => {
  it('`router.del("/:id", h)` is a DELETE route, under the router’s mount', async () => {
    const root = repo({
      'package.json': '{"name":"library","dependencies":{"koa":"^2.5.1","koa-router":"^7.4.0"}}',
      'main.js':
        "import Koa from 'koa';\nimport router from './routes/index';\n\nconst app = new Koa();\napp.use(router.routes());\napp.listen(3000);\n",
      'routes/index.js':
        "import Router from 'koa-router';\nimport books from './books';\n\nconst router = new Router();\nrouter.use('/books', books);\n\nexport default router;\n",
      'routes/books.js':
        "import Router from 'koa-router';\n\nconst router = new Router();\n\nrouter.get('/:id', async (ctx) => {\n  ctx.body = {};\n});\n\nrouter.del('/:id', async (ctx) => {\n  ctx.status = 204;\n});\n\nexport default router.routes();\n",
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['DELETE /books/:id', 'GET /books/:id']);
  });
});

describe('data model: Sequelize foreign keys named as Sequelize names them', () => {
  it('`belongsTo(models.User)` is `UserId` (one relation with the migration’s `UserId`); `references: { model: "roles" }` names the model of table `roles`', () => {
    const models = dataModels([
      {
        rel: 'models/user.js',
        language: 'JavaScript',
        text: "export default (sequelize, DataTypes) => {\n  const User = sequelize.define('User', {\n    email: DataTypes.STRING,\n  });\n  return User;\n};\n",
      },
      {
        rel: 'models/book.js',
        language: 'JavaScript',
        text: "export default (sequelize, DataTypes) => {\n  const Book = sequelize.define('Book', {\n    title: DataTypes.STRING,\n  }, {});\n  Book.associate = function(models) {\n    Book.belongsTo(models.User);\n  };\n  return Book;\n};\n",
      },
      {
        rel: 'migrations/20180716140020-add-user-id-book.js',
        language: 'JavaScript',
        text: "module.exports = {\n  up: (queryInterface, Sequelize) => {\n    return queryInterface.addColumn('Books', 'UserId', {\n      type: Sequelize.INTEGER,\n      references: { model: 'Users', key: 'id' },\n    });\n  },\n};\n",
      },
      {
        rel: 'src/role.model.ts',
        language: 'TypeScript',
        text: 'import { DataTypes, Model } from "sequelize";\nimport { sequelize } from "./sequelize";\n\nexport class Role extends Model {}\n\nRole.init(\n  {\n    name: { type: DataTypes.STRING },\n  },\n  { sequelize, tableName: "roles" }\n);\n',
      },
      {
        rel: 'src/member.model.ts',
        language: 'TypeScript',
        text: 'import { DataTypes, Model } from "sequelize";\nimport { sequelize } from "./sequelize";\n\nexport class Member extends Model {}\n\nMember.init(\n  {\n    role_id: {\n      type: DataTypes.UUID,\n      references: { model: "roles", key: "id" },\n    },\n  },\n  { sequelize, tableName: "members" }\n);\n',
      },
      {
        rel: 'src/associations.ts',
        language: 'TypeScript',
        text: 'import { Role } from "./role.model";\nimport { Member } from "./member.model";\n\nexport function defineAssociations() {\n  Role.hasMany(Member, { foreignKey: "role_id", as: "members" });\n  Member.belongsTo(Role, { foreignKey: "role_id", as: "role" });\n}\n',
      },
    ] as SourceFile[]);
    const rels = (name: string): string[] => models.find((e) => e.name === name)!.relations.map((r) => `${r.field} → ${r.to}`);
    expect(rels('Book')).toEqual(['UserId → User']);
    expect(rels('Member')).toEqual(['role_id → Role']);
  });
});

describe('data model: a TypeORM relation whose member is also the primary key', () => {
  it('`@PrimaryColumn({ name: "user_id" }) @ManyToOne(() => User, …) @JoinColumn(…) user` is a relation to User', () => {
    const models = dataModels([
      {
        rel: 'src/favorite.entity.ts',
        language: 'TypeScript',
        text: "import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';\nimport { User } from './user.entity';\nimport { Trip } from './trip.entity';\n\n@Entity('favorites')\nexport class Favorite {\n  @PrimaryColumn({ name: 'user_id', type: 'integer' })\n  @ManyToOne(() => User, (user) => user.favorites, { onDelete: 'CASCADE' })\n  @JoinColumn({ name: 'user_id' })\n  user: User;\n\n  @PrimaryColumn({ name: 'trip_id', type: 'integer' })\n  @ManyToOne(() => Trip, (trip) => trip.favorites, {\n    onDelete: 'CASCADE',\n  })\n  @JoinColumn({ name: 'trip_id' })\n  trip: Trip;\n\n  @CreateDateColumn({ select: false })\n  created_at: Date;\n}\n",
      },
    ] as SourceFile[]);
    const fav = models.find((e) => e.name === 'Favorite')!;
    expect(fav.relations.map((r) => `${r.field} → ${r.to}`)).toEqual(['user → User', 'trip → Trip']);
    expect(fav.fields.map((f) => f.name)).toEqual(['userId', 'tripId', 'created_at']);
  });
});

describe('data model: a JPA one-to-one’s inverse side', () => {
  it('`@OneToOne(mappedBy = "address") private UserEntity user;` is no column and no second relation', () => {
    const models = dataModels([
      {
        rel: 'src/main/java/app/UserEntity.java',
        language: 'Java',
        text: 'package app;\n\nimport jakarta.persistence.*;\n\n@Entity\n@Table(name = "users")\npublic class UserEntity {\n    @Id\n    private Long id;\n\n    @OneToOne(cascade = CascadeType.ALL, orphanRemoval = true)\n    @JoinColumn(name = "address_id")\n    private AddressEntity address;\n}\n',
      },
      {
        rel: 'src/main/java/app/AddressEntity.java',
        language: 'Java',
        text: 'package app;\n\nimport jakarta.persistence.*;\n\n@Entity\n@Table(name = "address")\npublic class AddressEntity {\n    @Id\n    private Long id;\n\n    private String street;\n\n    @OneToOne(mappedBy = "address")\n    private UserEntity user;\n}\n',
      },
    ] as SourceFile[]);
    const show = (name: string): string => {
      const e = models.find((x) => x.name === name)!;
      return `${e.fields.map((f) => f.name).join(',')} → ${e.relations.map((r) => `${r.field}:${r.to}`).join(',')}`;
    };
    expect(show('UserEntity')).toBe('id,address_id → address_id:AddressEntity');
    expect(show('AddressEntity')).toBe('id,street → ');
  });
});

describe('chi: a closure sub-router after `With(…)`', () => {
  it('`r.With(mw).Route("/{id}", func(r chi.Router) { r.Get("/", h) })` serves `/{id}` under the router', async () => {
    const root = repo({
      'go.mod': 'module shop\n\ngo 1.20\n\nrequire github.com/go-chi/chi/v5 v5.0.8\n',
      'main.go':
        'package main\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n)\n\nfunc main() {\n\tr := chi.NewRouter()\n\tr.Route("/user", func(r chi.Router) {\n\t\tr.With(isAdmin).Get("/", list)\n\t\tr.With(isAdmin).Route("/{id}", func(r chi.Router) {\n\t\t\tr.Get("/", get)\n\t\t\tr.Delete("/", remove)\n\t\t})\n\t})\n\thttp.ListenAndServe(":3000", r)\n}\n\nfunc isAdmin(next http.Handler) http.Handler { return next }\nfunc list(w http.ResponseWriter, r *http.Request)   {}\nfunc get(w http.ResponseWriter, r *http.Request)    {}\nfunc remove(w http.ResponseWriter, r *http.Request) {}\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['DELETE /user/{id}', 'GET /user', 'GET /user/{id}']);
  });
});

describe('DRF: a registration prefix written as an f-string with no placeholder', () => {
  it('`router.register(f"schools", views.SchoolViewSet, basename="schools")` is the prefix `schools`', async () => {
    const root = repo({
      'manage.py': 'import os\nos.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")\n',
      'config/settings.py': 'ROOT_URLCONF = "config.urls"\nINSTALLED_APPS = ["rest_framework", "api"]\n',
      'config/urls.py': 'from django.urls import include, path\n\nurlpatterns = [\n    path("api/v1/", include("api.urls")),\n]\n',
      'api/__init__.py': '',
      'api/urls.py':
        'from django.urls import include, path\nfrom rest_framework.routers import DefaultRouter\n\nfrom api.views import school_view_set\n\nrouter = DefaultRouter()\nrouter.register(f"schools", school_view_set.SchoolViewSet, basename="schools")\n\nurlpatterns = [\n    path("", include(router.urls)),\n]\n',
      'api/views/__init__.py': '',
      'api/views/school_view_set.py':
        'from rest_framework import viewsets\n\n\nclass SchoolViewSet(viewsets.ReadOnlyModelViewSet):\n    pass\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /api/v1/', 'GET /api/v1/schools/', 'GET /api/v1/schools/{pk}/']);
  });
});

describe('data model: Django models in a sub-package the app’s models.py imports', () => {
  it('`api/api_models/school.py` imported by `api/models.py` (app `api` installed) is a model of `api`; an unimported `api/examples/models.py` is none', () => {
    const models = dataModels([
      {
        rel: 'config/settings.py',
        language: 'Python',
        text: 'INSTALLED_APPS = [\n    "django.contrib.auth",\n    "api",\n]\nAUTH_USER_MODEL = "api.User"\n',
      },
      {
        rel: 'api/core/BaseModel.py',
        language: 'Python',
        text: 'from django.conf import settings\nfrom django.db import models\n\n\nclass BaseModel(models.Model):\n    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)\n\n    class Meta:\n        abstract = True\n',
      },
      {
        rel: 'api/api_models/school.py',
        language: 'Python',
        text: 'from django.db import models\nfrom api.core.BaseModel import BaseModel\n\n\nclass School(BaseModel):\n    name = models.CharField(max_length=100)\n',
      },
      {
        rel: 'api/api_models/user.py',
        language: 'Python',
        text: 'from django.contrib.auth.models import AbstractUser\nfrom django.db import models\nfrom api.core.BaseModel import BaseModel\n\n\nclass User(AbstractUser, BaseModel):\n    school = models.ForeignKey("School", on_delete=models.CASCADE, null=True)\n',
      },
      { rel: 'api/api_models/__init__.py', language: 'Python', text: 'from .school import School\nfrom .user import User\n' },
      { rel: 'api/models.py', language: 'Python', text: 'from django.db import models\n\nfrom api.api_models import School, User\n' },
      {
        rel: 'api/examples/models.py',
        language: 'Python',
        text: 'from django.db import models\n\n\nclass Demo(models.Model):\n    title = models.CharField(max_length=10)\n',
      },
    ] as SourceFile[]);
    expect(models.map((e) => `${e.name}: ${e.relations.map((r) => `${r.field}→${r.to}`).join(',')}`).sort()).toEqual([
      'School: updated_by_id→User',
      'User: updated_by_id→User,school_id→School',
    ]);
  });
});

describe('data model: SQLAlchemy 2 columns declared by their annotation alone', () => {
  it('`name: Mapped[str]` (no `mapped_column`) is a column; `tweets: Mapped[List["Tweet"]] = relationship(…)` is not', () => {
    const models = dataModels([
      {
        rel: 'api/models/users.py',
        language: 'Python',
        text: 'from typing import List, Optional\n\nfrom sqlalchemy.orm import Mapped, mapped_column, relationship\n\nfrom api.db import Base\n\n\nclass User(Base):\n    __tablename__ = "users"\n\n    id: Mapped[int] = mapped_column(primary_key=True)\n    name: Mapped[str]\n    nickname: Mapped[Optional[str]]\n\n    tweets: Mapped[List["Tweet"]] = relationship("Tweet", back_populates="user")\n',
      },
    ] as SourceFile[]);
    expect(models.find((e) => e.name === 'users')!.fields.map((f) => `${f.name}:${f.type}`)).toEqual([
      'id:int',
      'name:str',
      'nickname:str',
    ]);
  });
});

describe('Echo: a bound struct whose fields come from the path', () => {
  it('ctx.Bind(&req) of a struct whose only field is tagged param:"taskId" is no request body', async () => {
    const root = repo({
      'go.mod': 'module tasks\n\ngo 1.21\n\nrequire github.com/labstack/echo/v4 v4.11.4\n',
      'main.go':
        'package main\n\nimport (\n\t"net/http"\n\n\t"github.com/labstack/echo/v4"\n\t"tasks/requests"\n)\n\nfunc main() {\n\te := echo.New()\n\te.DELETE("/tasks/:taskId", deleteTask)\n\te.PUT("/tasks/:taskId", updateTask)\n\te.Logger.Fatal(e.Start(":8080"))\n}\n\nfunc deleteTask(ctx echo.Context) error {\n\tvar req requests.DeleteTaskRequest\n\tif err := ctx.Bind(&req); err != nil {\n\t\treturn echo.NewHTTPError(http.StatusBadRequest, err.Error())\n\t}\n\treturn ctx.NoContent(http.StatusNoContent)\n}\n\nfunc updateTask(ctx echo.Context) error {\n\tvar req requests.UpdateTaskRequest\n\tif err := ctx.Bind(&req); err != nil {\n\t\treturn echo.NewHTTPError(http.StatusBadRequest, err.Error())\n\t}\n\treturn ctx.NoContent(http.StatusNoContent)\n}\n',
      'requests/tasks.go':
        'package requests\n\ntype DeleteTaskRequest struct {\n\tTaskId int `param:"taskId" validate:"number,required,min=1"`\n}\n\ntype UpdateTaskRequest struct {\n\tTaskId int    `param:"taskId" validate:"required"`\n\tName   string `json:"name" validate:"required"`\n}\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(routes.find((r) => r.method === 'DELETE')!.request?.body).toBeUndefined();
    const put = routes.find((r) => r.method === 'PUT')!.request!.body!.schema;
    expect(Object.keys(put.properties as object)).toEqual(['name']);
    expect(put.required).toEqual(['name']);
  });
});

describe('data model: Sequelize associations on `db.x = require("./x.model.js")(sequelize, Sequelize)` names', () => {
  it('`db.user.belongsToMany(db.role, { through: db.user_roles, foreignKey, otherKey })` gives the through model its two keys', () => {
    const model = (name: string, body: string): string =>
      `module.exports = (sequelize, Sequelize) => {\n  const M = sequelize.define("${name}", {\n${body}\n  });\n  return M;\n};\n`;
    const models = dataModels([
      { rel: 'models/user.model.js', language: 'JavaScript', text: model('Users', '    name: { type: Sequelize.STRING },') },
      { rel: 'models/role.model.js', language: 'JavaScript', text: model('Role', '    roleName: { type: Sequelize.STRING },') },
      {
        rel: 'models/user_roles.model.js',
        language: 'JavaScript',
        text: model('UserRoles', '    userId: { type: Sequelize.INTEGER },\n    roleId: { type: Sequelize.INTEGER },'),
      },
      {
        rel: 'models/index.js',
        language: 'JavaScript',
        text: 'const Sequelize = require("sequelize");\nconst sequelize = new Sequelize(process.env.DB);\nconst db = {};\ndb.user = require("./user.model.js")(sequelize, Sequelize);\ndb.role = require("./role.model.js")(sequelize, Sequelize);\ndb.user_roles = require("./user_roles.model.js")(sequelize, Sequelize);\ndb.user.belongsToMany(db.role, {\n    through: db.user_roles,\n    foreignKey: "userId",\n    otherKey: "roleId"\n});\nmodule.exports = db;\n',
      },
    ] as SourceFile[]);
    expect(models.find((e) => e.name === 'UserRoles')!.relations.map((r) => `${r.field} → ${r.to}`)).toEqual([
      'userId → Users',
      'roleId → Role',
    ]);
  });
});
