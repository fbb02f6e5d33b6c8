import { describe, expect, it } from 'vitest';
import { repositoryFacts } from '../src/facts/index.ts';
import { fixtureRepos, routeList } from './support/fixture-repo.ts';

/**
 * Causes of the nineteenth round's misses (docs/metrics/arch-api-facts.md, "Nineteenth round: figures"), each at
 * its general shape: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r19');
const list = routeList;

const wrapper =
  "import express from 'express'\nconst { Router } = express\n\nexport class Controller {\n  constructor() {\n    this.router = new Router()\n  }\n\n  get(path, action) {\n    this.router.get(path, action)\n  }\n\n  post(path, action) {\n    this.router.post(path, action)\n  }\n}\n";

describe('Express: controllers of a wrapper class mounted in a loop over a module namespace', () => {
  it('`for (const c in Controllers) app.use("/api/v1", Controllers[c].router)` mounts every module the barrel re-exports', async () => {
    const root = repo({
      'package.json': '{"type":"module","dependencies":{"express":"^4.18.0"}}',
      'src/app.js':
        "import express from 'express'\nimport * as Controllers from './controllers/index.js'\n\nconst app = express()\napp.get('/', (_, res) => res.send('Home'))\n\nfor (const controller in Controllers) {\n  app.use('/api/v1', Controllers[controller].router)\n}\n\napp.listen(3000)\n",
      'src/controllers/index.js': "export * from './Posts.js'\nexport * from './Users.js'\n",
      'src/controllers/common/Controller.js': wrapper,
      'src/controllers/Posts.js':
        "import { Controller } from './common/Controller.js'\n\nexport const Posts = new Controller()\n\nPosts.get('/posts', async (req, res) => res.json([]))\nPosts.post('/posts', async (req, res) => res.json({}))\n",
      'src/controllers/Users.js':
        "import { Controller } from './common/Controller.js'\n\nexport const Users = new Controller()\n\nUsers.get('/users/:id', async (req, res) => res.json({}))\n",
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /', 'GET /api/v1/posts', 'GET /api/v1/users/:id', 'POST /api/v1/posts']);
    expect(routes.every((r) => r.resolved)).toBe(true);
  });

  it('a wrapper-class instance whose router is mounted where it cannot be followed is marked unresolved, not written at the root', async () => {
    const root = repo({
      'package.json': '{"type":"module","dependencies":{"express":"^4.18.0"}}',
      'src/app.js':
        "import express from 'express'\nimport { mountAll } from './mount.js'\n\nconst app = express()\nmountAll(app)\napp.listen(3000)\n",
      'src/mount.js':
        "import { Posts } from './controllers/Posts.js'\n\nexport function mountAll(app) {\n  const all = [Posts]\n  all.forEach((c) => app.use(process.env.PREFIX, c.router))\n}\n",
      'src/controllers/common/Controller.js': wrapper,
      'src/controllers/Posts.js':
        "import { Controller } from './common/Controller.js'\n\nexport const Posts = new Controller()\n\nPosts.get('/posts', async (req, res) => res.json([]))\n",
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /posts']);
    expect(routes[0]!.resolved).toBe(false);
    expect(routes[0]!.unresolvedPrefix).toMatch(/src\/controllers\/Posts\.js:3/);
  });
});

describe('Express: a router imported by no file', () => {
  it('its routes are marked unresolved (its mount cannot be followed), never written as resolved at the root', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"express":"^4.18.0"}}',
      'src/app.js':
        "const express = require('express')\nconst routes = require('./routes')\n\nconst app = express()\napp.use('/', routes)\napp.listen(3000)\n",
      'src/routes/index.js':
        "const express = require('express')\nconst router = express.Router()\n// const employee = require('./employee.route')\n\nrouter.get('/', (req, res) => res.send('ok'))\n// router.use('/employee', employee)\n\nmodule.exports = router\n",
      'src/routes/employee.route.js':
        "const express = require('express')\nconst router = express.Router()\n\nrouter.get('/information', (req, res) => res.json({}))\nrouter.put('/avatar', (req, res) => res.json({}))\n\nmodule.exports = router\n",
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /', 'GET /information', 'PUT /avatar']);
    expect(routes.find((r) => r.path === '/')!.resolved).toBe(true);
    for (const r of routes.filter((x) => x.path !== '/')) {
      expect(r.resolved).toBe(false);
      expect(r.unresolvedPrefix).toMatch(/src\/routes\/employee\.route\.js/);
    }
  });

  it('a router file imported somewhere and mounted without a path (`app.use(router)`) stays at the root, resolved', async () => {
    const root = repo({
      'package.json': '{"dependencies":{"express":"^4.18.0"}}',
      'src/app.js':
        "const express = require('express')\nconst router = require('./router')\n\nconst app = express()\napp.use(router)\napp.listen(3000)\n",
      'src/router.js':
        "const express = require('express')\nconst router = express.Router()\n\nrouter.get('/ping', (req, res) => res.send('pong'))\n\nmodule.exports = router\n",
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /ping']);
    expect(routes[0]!.resolved).toBe(true);
  });
});

describe('Flask-RESTful: resources registered from a route table', () => {
  const resources =
    'from flask_restful import Resource\n\n\nclass Logout(Resource):\n    def get(self):\n        return {}\n\n\nclass HomeResource(Resource):\n    def post(self):\n        return {}, 201\n\n    def put(self):\n        return {}\n\n\nclass Unrouted(Resource):\n    def get(self):\n        return {}\n';
  it('`[api.add_resource(*r) for r in routes]` over an imported tuple `((Resource, "/path"), …)`: one route per method of each resource', async () => {
    const root = repo({
      'requirements.txt': 'Flask==3.0\nFlask-RESTful==0.3.10\n',
      'resources/__init__.py': '',
      'resources/auth.py': resources,
      'resources/routes.py':
        'from resources.auth import Logout, HomeResource\n\nroutes = (\n    (Logout, "/logout"),\n    (HomeResource, "/home"),\n)\n',
      'config.py':
        'from flask import Flask\nfrom flask_restful import Api\n\nfrom resources.routes import routes\n\n\ndef create_app():\n    app = Flask(__name__)\n    api = Api(app)\n    [api.add_resource(*r) for r in routes]\n    return app\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /logout', 'POST /home', 'PUT /home']);
    expect(routes.every((r) => r.resolved)).toBe(true);
  });

  it('a `for r in ROUTES:` loop over a list of the same file, a resource with two URLs', async () => {
    const root = repo({
      'requirements.txt': 'Flask==3.0\nFlask-RESTful==0.3.10\n',
      'app.py':
        resources +
        '\n\nfrom flask import Flask\nfrom flask_restful import Api\n\napp = Flask(__name__)\napi = Api(app)\n\nROUTES = [\n    (Logout, "/logout", "/sign-out"),\n]\n\nfor r in ROUTES:\n    api.add_resource(*r)\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /logout', 'GET /sign-out']);
  });
});

describe('Gin: routes in a cobra command’s `Run` function literal', () => {
  it('`var serve = &cobra.Command{ Run: func(…) { r := gin.Default(); r.GET("/ping", …) } }` declares a route', async () => {
    const root = repo({
      'go.mod': 'module app\n\ngo 1.21\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.9.1\n\tgithub.com/spf13/cobra v1.8.0\n)\n',
      'main.go': 'package main\n\nimport "app/cmd"\n\nfunc main() {\n\tcmd.Execute()\n}\n',
      'cmd/root.go':
        'package cmd\n\nimport "github.com/spf13/cobra"\n\nvar rootCmd = &cobra.Command{Use: "app"}\n\nfunc Execute() {\n\trootCmd.Execute()\n}\n',
      'cmd/serve.go':
        'package cmd\n\nimport (\n\t"app/routes"\n\n\t"github.com/gin-gonic/gin"\n\t"github.com/spf13/cobra"\n)\n\nvar serve = &cobra.Command{\n\tUse: "serve",\n\tRun: func(cmd *cobra.Command, args []string) {\n\t\tr := gin.Default()\n\t\tr.GET("/ping", func(c *gin.Context) {\n\t\t\tc.JSON(200, gin.H{"message": "pong"})\n\t\t})\n\t\troutes.Router(r)\n\t\tr.Run(":8080")\n\t},\n}\n\nfunc init() {\n\trootCmd.AddCommand(serve)\n}\n',
      'routes/routes.go':
        'package routes\n\nimport "github.com/gin-gonic/gin"\n\nfunc Router(r *gin.Engine) {\n\tr.GET("/healthz", func(c *gin.Context) { c.Status(200) })\n}\n',
    });
    const routes = (await repositoryFacts(root)).routes;
    expect(list(routes)).toEqual(['GET /healthz', 'GET /ping']);
    expect(routes.find((r) => r.path === '/ping')!.line).toBe(14);
  });
});
