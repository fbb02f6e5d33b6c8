import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataModels, type DataEntity } from '../src/facts/models.ts';
import { languageOfPath } from '../src/languages.ts';

/**
 * Golden tests of the data-model facts: one small fixture per kind (SQL, Prisma, SQLAlchemy,
 * Django, TypeORM, Sequelize, Mongoose, GORM, JPA) in test/fixtures/models, its entities, fields
 * (PK/FK), relations and source lines written out in test/golden/models/<fixture>.txt (checked
 * by hand against the fixture).
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures/models');
const GOLDEN = path.join(import.meta.dirname, 'golden/models');

const describeEntities = (entities: readonly DataEntity[]): string =>
  entities
    .map((e) => [`${e.name} [${e.kind}] ${e.file}:${e.line}`, ...e.fields.map((f) => `  ${f.key ? `${f.key} ` : ''}${f.name}: ${f.type} @${f.line}`), ...e.relations.map((r) => `  → ${r.to} via ${r.field} @${r.line}`)].join('\n'))
    .join('\n')
    .concat('\n');

describe('data models (golden)', () => {
  it.each(fs.readdirSync(FIXTURES).sort())('%s', (name) => {
    const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
    const entities = dataModels([{ rel: name, language: languageOfPath(name) ?? 'text', text }]);
    expect(entities.length).toBeGreaterThan(0);
    expect(describeEntities(entities)).toBe(fs.readFileSync(path.join(GOLDEN, `${name}.txt`), 'utf8'));
  });

  it('reads no model from commented-out SQL, plain classes or structs of a file without GORM', () => {
    expect(dataModels([{ rel: 'a.sql', language: 'text', text: '-- CREATE TABLE x (id int);\n/* CREATE TABLE y (id int); */\n' }])).toEqual([]);
    expect(dataModels([{ rel: 'a.py', language: 'Python', text: 'class Point:\n    x = Column(Integer)\n' }])).toEqual([]);
    expect(dataModels([{ rel: 'a.go', language: 'Go', text: 'package p\n\ntype T struct {\n\tID int `json:"id"`\n}\n' }])).toEqual([]);
  });
});

describe('the architecture data-model page', () => {
  it('lists every entity with its sources, the foreign keys, and an ER diagram (Mermaid + SVG with no overlapping boxes)', async () => {
    const { generateDocs } = await import('../src/docs.ts');
    const docs = await generateDocs(FIXTURES, 'arch', ['md', 'html']);
    const md = String(docs.find((d) => d.name === 'architecture-data-model.md')!.content);
    expect(md).toContain('```mermaid\nerDiagram');
    expect(md).toContain('orders }o--|| users : "user_id"');
    expect(md).toMatch(/\| `orders` +\| `user_id` +\| `users` +\| `schema\.sql:11` +\|/);
    expect(md).toMatch(/\| `authorId` +\| `Int` +\| FK +\| `schema\.prisma:17` +\|/);
    expect(md).toContain('![Entity–relationship diagram](architecture-data-model.svg)');
    const svg = String(docs.find((d) => d.name === 'architecture-data-model.svg')!.content);
    const boxes = [...svg.matchAll(/<g class="node" data-id="([^"]+)">\n<rect x="([\d.-]+)" y="([\d.-]+)" width="([\d.]+)" height="([\d.]+)"/g)].map((m) => ({ id: m[1]!, x: +m[2]!, y: +m[3]!, w: +m[4]!, h: +m[5]! }));
    expect(boxes.map((b) => b.id)).toEqual(expect.arrayContaining(['users', 'orders', 'Post', 'Customer', 'Employee', 'Comment']));
    for (const a of boxes) for (const b of boxes) if (a !== b) expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h, `${a.id} overlaps ${b.id}`).toBe(false);
    expect(String(docs.find((d) => d.name === 'architecture-data-model.html')!.content)).toContain('<figure class="diagram"><svg');
  });
});
