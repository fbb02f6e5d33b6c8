import { describe, expect, it } from 'vitest';
import { repositoryFacts } from '../src/facts/index.ts';
import { dataModels } from '../src/facts/models.ts';
import type { SourceFile } from '../src/facts/imports.ts';
import { fixtureRepos, routeList } from './support/fixture-repo.ts';

/**
 * Causes of the seventeenth round's misses (docs/metrics/arch-api-facts.md, "Seventeenth round: figures"), each at
 * its general shape: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r17');
const list = routeList;

const django = {
  'manage.py': 'import os\nos.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings")\n',
  'requirements.txt': 'Django==5.0\n',
  'core/urls.py':
    "from django.urls import path, include\n\nurlpatterns = [\n    path('order/', include('apps.orders.urls')),\n    path('', include('apps.products.urls')),\n]\n",
};

describe('Django: a view named through a package that star-imports its modules', () => {
  it("`views.Checkout` with `views/__init__.py` holding `from .order import *` is that module's class, though another app has a `Checkout` too", async () => {
    const root = repo({
      ...django,
      'apps/orders/urls.py':
        "from django.urls import path\nfrom . import views\n\nurlpatterns = [\n    path('checkout/', views.Checkout.as_view(), name='checkout'),\n]\n",
      'apps/orders/views/__init__.py': 'from .order import *\n',
      'apps/orders/views/order.py':
        "from django.http import HttpResponse\nfrom django.views import View\n\n\nclass Checkout(View):\n    def post(self, *args, **kwargs):\n        return HttpResponse('ok')\n",
      'apps/products/urls.py':
        "from django.urls import path\nfrom . import views\n\nurlpatterns = [\n    path('checkout/', views.Checkout.as_view()),\n    path('', views.ProductList.as_view()),\n]\n",
      'apps/products/views/__init__.py': 'from .checkout import *\nfrom .product import *\n',
      'apps/products/views/checkout.py':
        "from django.http import HttpResponse\nfrom django.views import View\n\n\nclass Checkout(View):\n    def get(self, *args, **kwargs):\n        return HttpResponse('ok')\n",
      'apps/products/views/product.py':
        "from django.views.generic.list import ListView\n\n\nclass ProductList(ListView):\n    template_name = 'list.html'\n",
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /', 'GET /checkout/', 'POST /order/checkout/']);
    // The generic view's answer is cited at its class, in its own module, not in the package's `__init__.py`.
    expect(routes.find((r) => r.path === '/')!.responses?.map((r) => `${r.status} ${r.source}`)).toEqual([
      '200 apps/products/views/product.py:4',
    ]);
    expect(routes.find((r) => r.path === '/checkout/')!.responses?.map((r) => `${r.status} ${r.source}`)).toEqual([
      '200 apps/products/views/checkout.py:7',
    ]);
  });
});

describe('Django: a class-based view with no handler method', () => {
  it('`class Login(View): pass` answers no method and is not documented; a view of unknown bases stays `ANY`', async () => {
    const root = repo({
      ...django,
      'core/urls.py':
        "from django.urls import path\nfrom django.views import generic\nfrom accounts import views\n\nurlpatterns = [\n    path('login/', views.Login.as_view()),\n    path('logout/', views.Logout.as_view()),\n    path('me/', views.Me.as_view()),\n    path('sso/', views.Sso.as_view()),\n    path('page/', views.Page.as_view()),\n]\n",
      'accounts/views.py':
        'from django.views import View\nfrom django.views import generic\nfrom somewhere import ThirdPartyView\n\n\nclass Login(View):\n    pass\n\n\nclass Logout(generic.View):\n    pass\n\n\nclass Base(View):\n    pass\n\n\nclass Me(Base):\n    def get(self, request):\n        pass\n\n\nclass Sso(ThirdPartyView):\n    pass\n\n\nclass Page(Base):\n    pass\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['ANY /sso/', 'GET /me/']);
  });
});

const ts = (rel: string, text: string): SourceFile => ({ rel, language: 'TypeScript', text });

describe('data model: a mongoose `ref` naming the schema variable of a model', () => {
  it('`ref: "userSchema"` with `model("User", userSchema)` in another file points at User; an unknown name is kept', () => {
    const entities = dataModels([
      ts(
        'src/models/user.ts',
        'import { Schema, model } from "mongoose";\n\nexport const userSchema = new Schema({\n    name: { type: String },\n});\n\nexport const User = model("User", userSchema);\n',
      ),
      ts(
        'src/models/wallet.ts',
        'import { Schema, model } from "mongoose";\n\nexport const walletSchema = new Schema({\n    user: { type: Schema.Types.ObjectId, ref: "userSchema" },\n    owner: { type: Schema.Types.ObjectId, ref: "User" },\n    bank: { type: Schema.Types.ObjectId, ref: "bankSchema" },\n});\n\nexport const Wallet = model("Wallet", walletSchema);\n',
      ),
    ]);
    expect(entities.flatMap((e) => e.relations.map((r) => `${e.name}.${r.field} -> ${r.to}`)).sort()).toEqual([
      'Wallet.bank -> bankSchema',
      'Wallet.owner -> User',
      'Wallet.user -> User',
    ]);
  });
});

describe('DRF: the automatic primary key of a ModelSerializer is no request field', () => {
  it('`fields = ("id", "name", "city")` gives a POST body of `name` and `city`; `read_only_fields` stay out as before', async () => {
    const root = repo({
      'manage.py': 'import os\n',
      'requirements.txt': 'Django==5.0\ndjangorestframework==3.15\n',
      'core/urls.py':
        'from django.urls import path, include\nfrom rest_framework import routers\nfrom airport.views import AirportViewSet\n\nrouter = routers.DefaultRouter()\nrouter.register("airports", AirportViewSet)\n\nurlpatterns = [path("api/", include(router.urls))]\n',
      'airport/models.py':
        'from django.db import models\n\n\nclass Airport(models.Model):\n    name = models.CharField(max_length=63)\n    city = models.CharField(max_length=63)\n    busy = models.BooleanField(default=False)\n',
      'airport/serializers.py':
        'from rest_framework import serializers\nfrom airport.models import Airport\n\n\nclass AirportSerializer(serializers.ModelSerializer):\n    class Meta:\n        model = Airport\n        fields = ("id", "name", "city", "busy")\n        read_only_fields = ("busy",)\n',
      'airport/views.py':
        'from rest_framework import viewsets\nfrom airport.models import Airport\nfrom airport.serializers import AirportSerializer\n\n\nclass AirportViewSet(viewsets.ModelViewSet):\n    queryset = Airport.objects.all()\n    serializer_class = AirportSerializer\n',
    });
    const post = (await repositoryFacts(root)).routes.find((r) => r.method === 'POST' && r.path === '/api/airports/');
    expect(Object.keys((post?.request?.body?.schema as { properties?: object } | undefined)?.properties ?? {})).toEqual(['name', 'city']);
  });
});

const py = (rel: string, text: string): SourceFile => ({ rel, language: 'Python', text });

describe('data model: the fields a Django user model inherits from django.contrib.auth', () => {
  it("`class User(AbstractUser)` has AbstractUser's fields but those it declares or sets to None; AbstractBaseUser gives two", () => {
    const entities = dataModels([
      py(
        'accounts/models.py',
        'from django.contrib.auth.models import AbstractUser\nfrom django.db import models\n\n\nclass User(AbstractUser):\n    username = None\n    email = models.EmailField(unique=True)\n\n    USERNAME_FIELD = "email"\n',
      ),
      py(
        'shop/models.py',
        'from django.contrib.auth.base_user import AbstractBaseUser\nfrom django.db import models\n\n\nclass Customer(AbstractBaseUser):\n    name = models.CharField(max_length=150)\n',
      ),
    ]);
    expect(entities.map((e) => `${e.name}: ${e.fields.map((f) => `${f.name}@${f.line}`).join(', ')}`)).toEqual([
      'Customer: id@5, password@5, last_login@5, name@6',
      'User: id@5, password@5, last_login@5, is_superuser@5, first_name@5, last_name@5, is_staff@5, is_active@5, date_joined@5, email@7',
    ]);
  });
});

describe('data model: Django models of an app not in INSTALLED_APPS', () => {
  it('`apps/stock` named nowhere in the settings listing INSTALLED_APPS has no tables; with no such settings every model stays', () => {
    const order = py(
      'apps/orders/models/order.py',
      'from django.db import models\n\n\nclass Order(models.Model):\n    total = models.IntegerField()\n',
    );
    const stock = py(
      'apps/stock/models/inventory.py',
      'from django.db import models\n\n\nclass Stock(models.Model):\n    quantity = models.IntegerField()\n',
    );
    const settings = py(
      'core/settings.py',
      "INSTALLED_APPS = [\n    'django.contrib.auth',\n    'rest_framework',\n    'apps.orders',\n]\n",
    );
    expect(dataModels([order, stock, settings]).map((e) => e.name)).toEqual(['Order']);
    expect(dataModels([order, stock]).map((e) => e.name)).toEqual(['Order', 'Stock']);
  });
});
