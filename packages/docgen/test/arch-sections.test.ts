import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDocs } from '../src/docs.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arch-sections-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (rel: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};
write(
  'package.json',
  '{\n  "name": "shop",\n  "bin": { "shop": "bin/shop.js" },\n  "scripts": {\n    "start": "node src/server.js"\n  }\n}\n',
);
write('Dockerfile', 'FROM node:22 AS build\nRUN npm ci\nFROM node:22-slim\nEXPOSE 3000\nCMD ["node", "src/server.js"]\n');
write('docker-compose.yml', 'services:\n  web:\n    build: .\n    ports:\n      - "3000:3000"\n  db:\n    image: postgres:16\n');
write('Procfile', 'web: node src/server.js\nworker: node src/worker.js\n');
write(
  '.github/workflows/ci.yml',
  'name: CI\non:\n  push:\n  pull_request:\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test\n',
);
write(
  '.gitlab-ci.yml',
  'stages: [build, deploy]\nbuild-job:\n  stage: build\n  script: [make]\ndeploy-job:\n  stage: deploy\n  script: [make deploy]\n',
);
write('docs/adr/0001-use-postgres.md', '# 1. Use PostgreSQL\n\nStatus: Accepted\n\nWe store orders in PostgreSQL.\n');
write(
  'src/server.js',
  "const express = require('express');\nconst { Pool } = require('pg');\nconst winston = require('winston');\nconst jwt = require('jsonwebtoken');\nconst pool = new Pool({ connectionString: process.env.DATABASE_URL });\nconst app = express();\napp.listen(3000);\n",
);
write('src/models/user.js', "const { show } = require('../routes/users');\nexports.User = {};\n");
write('src/routes/users.js', "const { User } = require('../models/user');\nexports.show = () => User;\n");
// A test next to the model importing the routes it exercises: no layer violation.
write('src/models/user.test.js', "const { show } = require('../routes/users');\ntest('show', () => show());\n");

describe('architecture sections from project files, each with its source', () => {
  it('context, containers, deployment & CI, cross-cutting, decisions and layer-violation risks', async () => {
    const docs = await generateDocs(dir, 'arch', ['md']);
    const page = (id: string): string => String(docs.find((d) => d.name === `architecture-${id}.md`)!.content);
    const context = page('context');
    expect(context).toMatch(/\| PostgreSQL database +\| `pg` +\| `src\/server\.js:2` +\|/);
    expect(context).toMatch(/\| Database +\| `\$DATABASE_URL` +\| `src\/server\.js:5` +\|/);
    const containers = page('containers');
    expect(containers).toMatch(/\| npm package shop: command +\| `shop → bin\/shop\.js` +\| `package\.json:3` +\|/);
    expect(containers).toMatch(/\| npm package shop: start script +\| `node src\/server\.js` +\| `package\.json:5` +\|/);
    expect(containers).toMatch(/\| Docker image \(2 stages\) +\| `FROM node:22-slim` +\| `Dockerfile:1-5` +\|/);
    expect(containers).toMatch(/\| Docker image: EXPOSE +\| `3000` +\| `Dockerfile:4` +\|/);
    expect(containers).toMatch(/\| Compose service db +\| image postgres:16 +\| `docker-compose\.yml:6` +\|/);
    expect(containers).toMatch(/\| Compose service web +\| built from the repository, ports 3000:3000 +\| `docker-compose\.yml:2` +\|/);
    expect(containers).toMatch(/\| Procfile process worker +\| `node src\/worker\.js` +\| `Procfile:2` +\|/);
    expect(containers).toMatch(/\| Entry point \(http server\) +\| +\| `src\/server\.js:7` +\|/);
    const deployment = page('deployment');
    expect(deployment).toContain('## GitHub Actions: CI');
    expect(deployment).toContain('Workflow `.github/workflows/ci.yml:1-10`, runs on push, pull_request.');
    expect(deployment).toMatch(/\| `test` +\| ubuntu-latest +\| 2 +\| `\.github\/workflows\/ci\.yml:6` +\|/);
    expect(deployment).toContain('stages build → deploy');
    expect(deployment).toMatch(/\| `deploy-job` +\| deploy +\| `\.gitlab-ci\.yml:5` +\|/);
    const cross = page('cross-cutting');
    expect(cross).toMatch(/\| Authentication +\| `jsonwebtoken` +\| 1 file +\| `src\/server\.js:4` +\|/);
    expect(cross).toMatch(/\| Logging +\| `winston` +\| 1 file +\| `src\/server\.js:3` +\|/);
    expect(page('decisions')).toMatch(/\| 1\. Use PostgreSQL +\| Accepted +\| `docs\/adr\/0001-use-postgres\.md:1-5` +\|/);
    expect(page('risks')).toContain(
      'Layer violation: the data layer imports the interface layer at `src/models/user.js:1` (`src/routes/users.js`).',
    );
    expect(page('risks')).not.toContain('user.test.js');
  });
});

describe('route paths the user must check', () => {
  it('the HTTP pages show an unresolved prefix with where it is given, and two handlers of one method and path both', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arch-routes-'));
    const put = (rel: string, text: string): void => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    };
    put(
      'app/__init__.py',
      'from flask import Flask\nfrom .admin import admin\nfrom config import PREFIX\napp = Flask(__name__)\napp.register_blueprint(admin, url_prefix=PREFIX)\n',
    );
    put(
      'app/admin.py',
      "from flask import Blueprint\nadmin = Blueprint('admin', __name__)\n\n@admin.route('/stats')\ndef stats():\n    pass\n",
    );
    put('app/views.py', "from . import app\n\n@app.route('/')\ndef index():\n    pass\n\n@app.route('/')\ndef home():\n    pass\n");
    try {
      const arch = String((await generateDocs(root, 'arch', ['md'])).find((d) => d.name === 'architecture-http.md')!.content);
      const api = String((await generateDocs(root, 'api', ['md'])).find((d) => d.name === 'api-http.md')!.content);
      for (const page of [arch, api]) {
        expect(page).toMatch(/\| GET +\| `\/stats` +\| `app\/admin\.py:4` +\| `app\/__init__\.py:5` `PREFIX` +\|/);
        expect(page).toMatch(
          /1 method and path pair\(s\) are declared by more than one route[^\n]*\n\n\| Method[^\n]*\n[^\n]*\n\| GET +\| `\/` +\| `index` +\| `app\/views\.py:3` +\|\n\| GET +\| `\/` +\| `home` +\| `app\/views\.py:7` +\|/,
        );
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
