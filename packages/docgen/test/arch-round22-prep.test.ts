import { describe, expect, it } from 'vitest';
import { readCheckout, repositoryFacts } from '../src/facts/index.ts';
import type { SourceFile } from '../src/facts/imports.ts';
import { dataModels } from '../src/facts/models.ts';
import { buildOpenApi } from '../src/openapi.ts';
import { openApiBlocks } from '../src/pages/openapi.ts';
import { fixtureRepos } from './support/fixture-repo.ts';

/**
 * The items the twenty-first round left (docs/metrics/arch-api-facts.md, "What the twenty-first round leaves"), fixed
 * as tuning before the twenty-second round's run: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r22p');

const textOf = (node: unknown): string =>
  typeof node === 'object' && node !== null
    ? 'value' in node && typeof node.value === 'string'
      ? node.value
      : 'children' in node && Array.isArray(node.children)
        ? node.children.map(textOf).join('')
        : ''
    : '';

describe("a repository's OpenAPI file describing operations no route of the code matches", () => {
  it('marks them `x-no-code-route`, lists them as such, and gives them no request sample', async () => {
    const root = repo({
      'package.json': '{"name":"shop","dependencies":{"express":"^4.0.0"}}',
      'src/app.js':
        "const express = require('express');\nconst items = require('./items');\nconst app = express();\napp.use('/api/items', items);\napp.listen(3000);\n",
      'src/items.js':
        "const { Router } = require('express');\nconst router = Router();\nrouter.get('/', (req, res) => res.json([]));\nmodule.exports = router;\n",
      'src/swagger.json': JSON.stringify({
        swagger: '2.0',
        info: { title: 'shop', version: '1.0.0' },
        basePath: '/',
        paths: {
          '/api/items/': { get: { summary: 'List the items', responses: { '200': { description: 'OK' } } } },
          '/items/{id}': {
            delete: {
              parameters: [{ name: 'parseAsync(req', in: 'body', schema: { type: 'object' } }],
              responses: { '204': { description: 'gone' } },
            },
          },
        },
      }),
    });
    const facts = await repositoryFacts(root);
    const { projectFiles, sources } = await readCheckout(root);
    const { doc, described } = buildOpenApi(facts.routes, projectFiles, 'shop', sources);
    const served = doc.paths['/api/items']!.get as Record<string, unknown>;
    const stale = doc.paths['/items/{id}']!.delete as Record<string, unknown>;
    expect(served['x-source']).toBe('src/items.js:3');
    expect(served['x-no-code-route']).toBeUndefined();
    expect(stale['x-no-code-route']).toBe(true);
    expect(stale['x-codeSamples']).toBeUndefined();
    const blocks = openApiBlocks(doc, described);
    const headings = blocks.filter((b) => b.type === 'heading').map(textOf);
    expect(headings).toContain('GET /api/items');
    expect(headings).not.toContain('DELETE /items/{id}');
    const all = blocks.map(textOf).join('\n');
    expect(all).toContain('no route of the code matches');
  });
});

describe('data model: Sequelize-CLI migrations', () => {
  it('a foreign key only a migration declares (`createTable` / `addColumn` with `references`) is a relation of the model of that table', () => {
    const models = dataModels([
      {
        rel: 'models/user.js',
        language: 'JavaScript',
        text: "'use strict';\nconst { Model } = require('sequelize');\nmodule.exports = (sequelize, DataTypes) => {\n  class User extends Model {}\n  User.init({\n    name: DataTypes.STRING,\n  }, { sequelize, modelName: 'User' });\n  return User;\n};\n",
      },
      {
        rel: 'models/post.js',
        language: 'JavaScript',
        text: "'use strict';\nconst { Model } = require('sequelize');\nmodule.exports = (sequelize, DataTypes) => {\n  class Post extends Model {}\n  Post.init({\n    title: DataTypes.STRING,\n    userId: DataTypes.INTEGER,\n  }, { sequelize, modelName: 'Post' });\n  return Post;\n};\n",
      },
      {
        rel: 'models/tag.js',
        language: 'JavaScript',
        text: "module.exports = (sequelize, DataTypes) => {\n  const Tag = sequelize.define('Tag', {\n    label: DataTypes.STRING,\n    postId: DataTypes.INTEGER,\n  }, { tableName: 'post_tags' });\n  return Tag;\n};\n",
      },
      {
        rel: 'migrations/20240101000000-create-post.js',
        language: 'JavaScript',
        text: "'use strict';\nmodule.exports = {\n  async up(queryInterface, Sequelize) {\n    await queryInterface.createTable('Posts', {\n      id: { allowNull: false, autoIncrement: true, primaryKey: true, type: Sequelize.INTEGER },\n      title: { type: Sequelize.STRING },\n      userId: {\n        type: Sequelize.INTEGER,\n        references: { model: 'Users', key: 'id' },\n        onDelete: 'CASCADE',\n      },\n    });\n  },\n  async down(queryInterface) {\n    await queryInterface.dropTable('Posts');\n  },\n};\n",
      },
      {
        rel: 'migrations/20240102000000-create-tag.js',
        language: 'JavaScript',
        text: "module.exports = {\n  up: async (queryInterface, Sequelize) => {\n    await queryInterface.createTable('post_tags', {\n      id: { primaryKey: true, type: Sequelize.INTEGER },\n      label: Sequelize.STRING,\n    });\n    await queryInterface.addColumn('post_tags', 'postId', {\n      type: Sequelize.INTEGER,\n      references: { model: { tableName: 'Posts' }, key: 'id' },\n    });\n  },\n};\n",
      },
    ] as SourceFile[]);
    const rels = (name: string): string[] =>
      models.find((e) => e.name === name)!.relations.map((r) => `${r.field} → ${r.to} (${r.file ?? ''}:${r.line})`);
    expect(models.map((e) => e.name).sort()).toEqual(['Post', 'Tag', 'User']);
    expect(rels('Post')).toEqual(['userId → User (migrations/20240101000000-create-post.js:7)']);
    expect(rels('Tag')).toEqual(['postId → Post (migrations/20240102000000-create-tag.js:7)']);
    expect(rels('User')).toEqual([]);
    expect(models.find((e) => e.name === 'Post')!.fields.find((f) => f.name === 'userId')!.key).toBe('FK');
  });
});
