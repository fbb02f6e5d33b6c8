import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataModels, type DataEntity } from '../src/facts/models.ts';
import { languageOfPath } from '../src/languages.ts';

/**
 * Golden tests of the data-model facts: one small fixture per kind (SQL, Prisma, SQLAlchemy,
 * Django, TypeORM, Sequelize, Mongoose, GORM, JPA) in test/fixtures/models, its entities, fields
 * (PK/FK), relations and source lines written out in test/golden/models/<fixture>.txt (checked
 * by hand against the fixture; `UPDATE_GOLDEN=1` rewrites them — then read the diff).
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures/models');
const GOLDEN = path.join(import.meta.dirname, 'golden/models');

const describeEntities = (entities: readonly DataEntity[]): string =>
  entities
    .map((e) =>
      [
        `${e.name} [${e.kind}] ${e.file}:${e.line}`,
        ...e.fields.map((f) => `  ${f.key ? `${f.key} ` : ''}${f.name}: ${f.type} @${f.line}`),
        ...e.relations.map((r) => `  → ${r.to} via ${r.field} @${r.line}`),
      ].join('\n'),
    )
    .join('\n')
    .concat('\n');

describe('data models (golden)', () => {
  it.each(fs.readdirSync(FIXTURES).sort())('%s', (name) => {
    const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
    const entities = dataModels([{ rel: name, language: languageOfPath(name) ?? 'text', text }]);
    expect(entities.length).toBeGreaterThan(0);
    if (process.env.UPDATE_GOLDEN) fs.writeFileSync(path.join(GOLDEN, `${name}.txt`), describeEntities(entities));
    expect(describeEntities(entities)).toBe(fs.readFileSync(path.join(GOLDEN, `${name}.txt`), 'utf8'));
  });

  it('reads no model from commented-out SQL, plain classes or structs of a file without GORM', () => {
    expect(dataModels([{ rel: 'a.sql', language: 'text', text: '-- CREATE TABLE x (id int);\n/* CREATE TABLE y (id int); */\n' }])).toEqual(
      [],
    );
    expect(dataModels([{ rel: 'a.py', language: 'Python', text: 'class Point:\n    x = Column(Integer)\n' }])).toEqual([]);
    expect(dataModels([{ rel: 'a.go', language: 'Go', text: 'package p\n\ntype T struct {\n\tID int `json:"id"`\n}\n' }])).toEqual([]);
  });
});

describe('models spread over files', () => {
  const go = (rel: string, text: string) => ({ rel, language: 'Go', text });
  const describe1 = (entities: readonly DataEntity[]) =>
    entities.map((e) => `${e.name} ${e.fields.map((f) => f.name).join(',')} → ${e.relations.map((r) => `${r.field}:${r.to}`).join(',')}`);
  it("GORM: a package's base struct embedded by its models gives them its fields and is no table; a model of another file of the package is a relation's target", () => {
    const entities = dataModels([
      go(
        'models/models.go',
        'package models\n\nimport "github.com/jinzhu/gorm"\n\ntype Model struct {\n\tID int `gorm:"primary_key" json:"id"`\n\tCreatedOn int `json:"created_on"`\n}\n\nvar db *gorm.DB\n',
      ),
      go(
        'models/tag.go',
        'package models\n\nimport "github.com/jinzhu/gorm"\n\ntype Tag struct {\n\tModel\n\n\tName string `json:"name"`\n}\n',
      ),
      go(
        'models/article.go',
        'package models\n\nimport "github.com/jinzhu/gorm"\n\ntype Article struct {\n\tModel\n\n\tTagID int `json:"tag_id" gorm:"index"`\n\tTag   Tag `json:"tag"`\n\tTitle string `json:"title"`\n}\n',
      ),
    ]);
    expect(describe1(entities)).toEqual(['Article ID,CreatedOn,TagID,Title → TagID:Tag', 'Tag ID,CreatedOn,Name → ']);
  });

  it('GORM: a package whose structs carry gorm tags holds models though it imports no GORM (another package migrates them)', () => {
    const entities = dataModels([
      go(
        'models/book.go',
        'package models\n\nimport "github.com/google/uuid"\n\ntype Book struct {\n\tID    uuid.UUID `gorm:"type:uuid;primary_key" json:"id"`\n\tTitle string    `gorm:"not null" json:"title"`\n}\n\ntype CreateBookInput struct {\n\tTitle string `json:"title" binding:"required"`\n}\n',
      ),
      go(
        'migrate/main.go',
        'package main\n\nimport (\n\t"gorm.io/gorm"\n\t"example.com/lib/models"\n)\n\nfunc run(db *gorm.DB) { db.AutoMigrate(&models.Book{}) }\n',
      ),
    ]);
    expect(describe1(entities)).toEqual(['Book ID,Title → ']);
  });

  it('Django: a relation to settings.AUTH_USER_MODEL points at the model the settings name', () => {
    const py = (rel: string, text: string) => ({ rel, language: 'Python', text });
    const entities = dataModels([
      py('config/settings.py', 'AUTH_USER_MODEL = "users.BaseUser"\n'),
      py('users/models.py', 'from django.db import models\n\nclass BaseUser(models.Model):\n    email = models.EmailField()\n'),
      py(
        'otp/models.py',
        'from django.conf import settings\nfrom django.db import models\n\nclass Otp(models.Model):\n    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)\n',
      ),
    ]);
    expect(entities.find((e) => e.name === 'Otp')?.relations.map((r) => r.to)).toEqual(['BaseUser']);
  });

  it("Django: with no AUTH_USER_MODEL setting, a relation to settings.AUTH_USER_MODEL points at Django's User", () => {
    const py = (rel: string, text: string) => ({ rel, language: 'Python', text });
    const entities = dataModels([
      py('shop/settings.py', 'DEBUG = True\n'),
      py(
        'cart/models.py',
        'from django.conf import settings\nfrom django.db import models\n\nclass Basket(models.Model):\n    owner = models.ForeignKey(settings.AUTH_USER_MODEL,\n                              on_delete=models.CASCADE)\n',
      ),
    ]);
    expect(entities.find((e) => e.name === 'Basket')?.relations.map((r) => r.to)).toEqual(['User']);
  });

  it("Prisma: the schema wins over its migrations' SQL (a model's table once, by @@map too); a join table only the migrations hold stays", () => {
    const text = (rel: string, t: string) => ({ rel, language: 'text', text: t });
    const entities = dataModels([
      text(
        'prisma/schema.prisma',
        'model User {\n  id Int @id\n  @@map("users")\n}\n\nmodel Post {\n  id Int @id\n  authorId Int\n  author User @relation(fields: [authorId], references: [id])\n}\n',
      ),
      text(
        'prisma/migrations/20240101_init/migration.sql',
        'CREATE TABLE "users" ("id" INTEGER PRIMARY KEY);\nCREATE TABLE "Post" ("id" INTEGER PRIMARY KEY, "authorId" INTEGER);\nCREATE TABLE "_Likes" ("A" INTEGER, "B" INTEGER);\n',
      ),
    ]);
    expect(entities.map((e) => `${e.name} ${e.kind}`)).toEqual(['Post prisma', 'User prisma', '_Likes sql']);
  });
});

describe('SQL tables as they are now', () => {
  const sql = (rel: string, text: string) => ({ rel, language: 'text', text });
  it('a table written once per database dialect is one table; a table dropped by a later migration is not current', () => {
    const entities = dataModels([
      sql(
        'db/hsqldb/schema.sql',
        'DROP TABLE vets IF EXISTS;\nCREATE TABLE vets (\n  id INTEGER IDENTITY PRIMARY KEY,\n  first_name VARCHAR(30)\n);\n',
      ),
      sql(
        'db/mysql/schema.sql',
        'DROP TABLE IF EXISTS vets;\nCREATE TABLE IF NOT EXISTS vets (\n  id INT(4) UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,\n  first_name VARCHAR(30)\n);\n',
      ),
      sql(
        'db/postgres/schema.sql',
        'DROP TABLE IF EXISTS vets;\nCREATE TABLE IF NOT EXISTS vets (\n  id INT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,\n  first_name TEXT\n);\n',
      ),
      sql('migrations/001_init.sql', 'CREATE TABLE legacy_sessions (id int primary key);\nCREATE TABLE accounts (id int primary key);\n'),
      sql('migrations/002_drop_sessions.sql', 'DROP TABLE legacy_sessions;\n'),
      sql(
        'prisma/migrations/20240101000000_init/migration.sql',
        'CREATE TABLE "Draft" ("id" INTEGER NOT NULL, CONSTRAINT "Draft_pkey" PRIMARY KEY ("id"));\n',
      ),
      sql('prisma/migrations/20240301000000_no_drafts/migration.sql', 'DROP TABLE "Draft";\n'),
    ]);
    expect(entities.map((e) => `${e.name} ${e.file}:${e.line}${e.alsoIn ? ` also ${e.alsoIn.join(', ')}` : ''}`)).toEqual([
      'accounts migrations/001_init.sql:2',
      'vets db/hsqldb/schema.sql:2 also db/mysql/schema.sql:2, db/postgres/schema.sql:2',
    ]);
  });
});

describe('SQL rollback scripts', () => {
  const sql = (rel: string, text: string) => ({ rel, language: 'text', text });
  it("a migration's down / undo script neither drops the tables of its step nor adds tables of its own", () => {
    const entities = dataModels([
      sql('migrations/001.do.people.sql', 'CREATE TABLE people (id INT PRIMARY KEY);\n'),
      sql('migrations/001.undo.people.sql', 'DROP TABLE IF EXISTS people;\n'),
      sql('migrations/002.do.pets.sql', 'CREATE TABLE pets (id INT PRIMARY KEY, owner_id INT REFERENCES people(id));\n'),
      sql('migrations/002.undo.pets.sql', 'DROP TABLE pets;\n'),
      sql('db/migrate/000001_toys.up.sql', 'CREATE TABLE toys (id INT PRIMARY KEY);\n'),
      sql('db/migrate/000001_toys.down.sql', 'DROP TABLE toys;\n'),
      sql('db/migrate/000002_split.up.sql', 'DROP TABLE old_toys;\n'),
      sql('db/migrate/000002_split.down.sql', 'CREATE TABLE old_toys (id INT PRIMARY KEY);\n'),
      sql('flyway/V3__tags.sql', 'CREATE TABLE tags (id INT PRIMARY KEY);\n'),
      sql('flyway/U3__tags.sql', 'DROP TABLE tags;\n'),
    ]);
    expect(entities.map((e) => `${e.name} ${e.file} → ${e.relations.map((r) => r.to).join(',')}`)).toEqual([
      'people migrations/001.do.people.sql → ',
      'pets migrations/002.do.pets.sql → people',
      'tags flyway/V3__tags.sql → ',
      'toys db/migrate/000001_toys.up.sql → ',
    ]);
  });
});

describe('fifth round (docs/metrics/arch-api-facts.md): inherited JPA fields, one entity for an ORM class and its SQL, typed Mongoose schemas', () => {
  const src = (rel: string, language: string, text: string) => ({ rel, language, text });
  it('JPA: a @MappedSuperclass gives its entities its fields (its @Id first) and is no entity itself', () => {
    const entities = dataModels([
      src(
        'model/BaseEntity.java',
        'Java',
        '@MappedSuperclass\npublic class BaseEntity {\n  @Id\n  @GeneratedValue\n  protected Integer id;\n}\n',
      ),
      src(
        'model/NamedEntity.java',
        'Java',
        '@MappedSuperclass\npublic class NamedEntity extends BaseEntity {\n  @Column(name = "name")\n  private String name;\n}\n',
      ),
      src('model/Kind.java', 'Java', '@Entity\n@Table(name = "kinds")\npublic class Kind extends NamedEntity {\n}\n'),
      src(
        'model/Toy.java',
        'Java',
        '@Entity\npublic class Toy extends BaseEntity {\n  private String label;\n  @ManyToOne\n  private Kind kind;\n}\n',
      ),
    ]);
    expect(
      entities.map(
        (e) =>
          `${e.name}: ${e.fields.map((f) => `${f.name}${f.key ? ` ${f.key}` : ''}`).join(', ')} → ${e.relations.map((r) => r.to).join(',')}`,
      ),
    ).toEqual(['Kind: id PK, name → ', 'Toy: id PK, label, kind_id FK → Kind']);
  });
  it('an entity written both as a JPA class and as a SQL table (its @Table name, its @JoinTable, its own name in snake case) is shown once, as the class', () => {
    const entities = dataModels([
      src('model/Kind.java', 'Java', '@Entity\n@Table(name = "kinds")\npublic class Kind {\n  @Id\n  private Integer id;\n}\n'),
      src(
        'model/ToyBox.java',
        'Java',
        '@Entity\npublic class ToyBox {\n  @Id\n  private Integer id;\n  @ManyToMany\n  @JoinTable(name = "box_kinds", joinColumns = @JoinColumn(name = "box_id"))\n  private Set<Kind> kinds;\n}\n',
      ),
      src(
        'db/schema.sql',
        'text',
        'CREATE TABLE kinds (id INT PRIMARY KEY);\nCREATE TABLE toy_box (id INT PRIMARY KEY);\nCREATE TABLE box_kinds (box_id INT REFERENCES toy_box(id), kind_id INT REFERENCES kinds(id));\nCREATE TABLE audit (id INT PRIMARY KEY);\n',
      ),
    ]);
    expect(entities.map((e) => `${e.kind} ${e.name} ${(e.alsoIn ?? []).join(' ')}`)).toEqual([
      'jpa Kind db/schema.sql:1',
      'jpa ToyBox db/schema.sql:2 db/schema.sql:3',
      'sql audit ',
    ]);
  });
  it('an ORM class and its SQL table are shown once whatever names the table: a TypeORM @Entity name, Django db_table, GORM TableName() or the plural of the class', () => {
    const entities = dataModels([
      src(
        'src/user.entity.ts',
        'TypeScript',
        "import { Entity, PrimaryGeneratedColumn, Column } from 'typeorm';\n@Entity('app_users')\nexport class User {\n  @PrimaryGeneratedColumn()\n  id: number;\n  @Column()\n  name: string;\n}\n",
      ),
      src(
        'blog/models.py',
        'Python',
        'from django.db import models\n\nclass Article(models.Model):\n    title = models.CharField(max_length=80)\n\n    class Meta:\n        db_table = "blog_articles"\n',
      ),
      src(
        'models/models.go',
        'Go',
        'package models\n\nimport "gorm.io/gorm"\n\ntype Post struct {\n\tgorm.Model\n\tTitle string\n}\n\ntype Category struct {\n\tgorm.Model\n\tName string\n}\n\ntype Tag struct {\n\tgorm.Model\n\tLabel string\n}\n\nfunc (Tag) TableName() string {\n\treturn "labels"\n}\n',
      ),
      src(
        'db/schema.sql',
        'text',
        'CREATE TABLE app_users (id INT PRIMARY KEY, name TEXT);\nCREATE TABLE blog_articles (id INT PRIMARY KEY);\nCREATE TABLE posts (id INT PRIMARY KEY);\nCREATE TABLE categories (id INT PRIMARY KEY);\nCREATE TABLE labels (id INT PRIMARY KEY);\nCREATE TABLE audit (id INT PRIMARY KEY);\n',
      ),
    ]);
    expect(entities.map((e) => `${e.kind} ${e.name} ${(e.alsoIn ?? []).join(' ')}`)).toEqual([
      'django Article db/schema.sql:2',
      'gorm Category db/schema.sql:4',
      'gorm Post db/schema.sql:3',
      'gorm Tag db/schema.sql:5',
      'typeorm User db/schema.sql:1',
      'sql audit ',
    ]);
  });
  it("TypeORM: the columns of base classes (abstract or not, no @Entity) are the entities' own, and a relation's join column declared as a @Column is one field", () => {
    const entities = dataModels([
      src(
        'src/common/base.entity.ts',
        'TypeScript',
        "import { Column, CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';\nexport abstract class BaseEntity<T = never> {\n  @PrimaryGeneratedColumn('uuid')\n  id!: string;\n  @CreateDateColumn()\n  createdAt!: Date;\n}\nexport class TranslatedEntity<T = never> extends BaseEntity<T> {\n  @Column()\n  languageCode!: string;\n}\n",
      ),
      src(
        'src/user.entity.ts',
        'TypeScript',
        "import { Entity, Column, OneToOne, JoinColumn } from 'typeorm';\n@Entity({ name: 'settings' })\nexport class SettingsEntity extends BaseEntity<SettingsDto> {\n  @Column({ default: false })\n  verified?: boolean;\n  @Column({ type: 'uuid' })\n  userId?: string;\n  @OneToOne(() => UserEntity)\n  @JoinColumn({ name: 'user_id' })\n  user?: UserEntity;\n}\n@Entity()\nexport class PageEntity extends TranslatedEntity {\n  @Column()\n  title!: string;\n}\n",
      ),
    ]);
    expect(entities.map((e) => `${e.name}: ${e.fields.map((f) => `${f.name}${f.key ? ` ${f.key}` : ''}`).join(', ')}`)).toEqual([
      'PageEntity: id PK, createdAt, languageCode, title',
      'SettingsEntity: id PK, createdAt, verified, userId FK',
    ]);
  });
  it("GORM: a struct of another package (`Author accountModel.Account`) and a many2many slice are relations; the join table is the owner's", () => {
    const entities = dataModels([
      src(
        'internal/account/model/account.go',
        'Go',
        'package model\n\ntype Account struct {\n\tID       uint   `gorm:"column:id"`\n\tUsername string `gorm:"column:username"`\n}\n',
      ),
      src(
        'internal/article/model/article.go',
        'Go',
        'package model\n\nimport (\n\taccountModel "example.com/app/internal/account/model"\n\t"time"\n)\n\ntype Article struct {\n\tID        uint      `gorm:"column:id"`\n\tCreatedAt time.Time `gorm:"column:created_at"`\n\tAuthor    accountModel.Account\n\tAuthorID  uint\n\tTags      []*Tag `gorm:"many2many:article_tags"`\n}\n\ntype Tag struct {\n\tID   uint   `gorm:"column:id"`\n\tName string `gorm:"column:name"`\n}\n',
      ),
      src(
        'migrations/001.up.sql',
        'text',
        'CREATE TABLE accounts (id INT PRIMARY KEY);\nCREATE TABLE articles (id INT PRIMARY KEY, author_id INT REFERENCES accounts(id));\nCREATE TABLE tags (id INT PRIMARY KEY);\nCREATE TABLE article_tags (article_id INT REFERENCES articles(id), tag_id INT REFERENCES tags(id));\n',
      ),
    ]);
    expect(
      entities.map(
        (e) =>
          `${e.kind} ${e.name}: ${e.fields.map((f) => f.name).join(', ')} → ${e.relations.map((r) => `${r.field}:${r.to}`).join(', ')}${e.alsoIn ? ` also ${e.alsoIn.join(' ')}` : ''}`,
      ),
    ).toEqual([
      'gorm Account: ID, Username →  also migrations/001.up.sql:1',
      'gorm Article: ID, CreatedAt, AuthorID → AuthorID:Account, Tags:Tag also migrations/001.up.sql:2 migrations/001.up.sql:4',
      'gorm Tag: ID, Name →  also migrations/001.up.sql:3',
    ]);
  });
  it("JPA: an @Embeddable's columns (by @Column name), relations and join tables are the embedding entity's; it is no entity", () => {
    const entities = dataModels([
      src(
        'model/Email.java',
        'Java',
        '@Embeddable\npublic class Email {\n  @Column(name = "email", nullable = false)\n  private String address;\n}\n',
      ),
      src(
        'model/Contents.java',
        'Java',
        '@Embeddable\npublic class Contents {\n  private String body;\n  @JoinTable(name = "post_tags", joinColumns = @JoinColumn(name = "post_id"))\n  @ManyToMany\n  private Set<Tag> tags = new HashSet<>();\n}\n',
      ),
      src('model/Tag.java', 'Java', '@Entity\n@Table(name = "tags")\npublic class Tag {\n  @Id\n  private Long id;\n}\n'),
      src(
        'model/Post.java',
        'Java',
        '@Entity\n@Table(name = "posts")\npublic class Post {\n  @Id\n  private Long id;\n  @Embedded\n  private Email email;\n  @Embedded\n  private Contents contents;\n}\n',
      ),
      src(
        'db/schema.sql',
        'text',
        'CREATE TABLE posts (id INT PRIMARY KEY, email TEXT, body TEXT);\nCREATE TABLE tags (id INT PRIMARY KEY);\nCREATE TABLE post_tags (post_id INT REFERENCES posts(id), tag_id INT REFERENCES tags(id));\n',
      ),
    ]);
    expect(
      entities.map(
        (e) =>
          `${e.kind} ${e.name}: ${e.fields.map((f) => f.name).join(', ')} → ${e.relations.map((r) => `${r.field}:${r.to}`).join(', ')}${e.alsoIn ? ` also ${e.alsoIn.join(' ')}` : ''}`,
      ),
    ).toEqual(['jpa Post: email, body, id → tags:Tag also db/schema.sql:1 db/schema.sql:3', 'jpa Tag: id →  also db/schema.sql:2']);
  });
  it("a field or relation inherited from a base (JPA @MappedSuperclass, Django abstract model) is cited in the base's file", () => {
    const entities = dataModels([
      src(
        'model/BaseEntity.java',
        'Java',
        '@MappedSuperclass\npublic class BaseEntity {\n  @Id\n  private Long id;\n  @ManyToOne\n  private Account owner;\n}\n',
      ),
      src('model/Account.java', 'Java', '@Entity\npublic class Account {\n  @Id\n  private Long id;\n}\n'),
      src('model/Note.java', 'Java', '@Entity\npublic class Note extends BaseEntity {\n  private String text;\n}\n'),
      src(
        'blog/models.py',
        'Python',
        'from django.db import models\n\nclass Stamped(models.Model):\n    created = models.DateTimeField()\n\n    class Meta:\n        abstract = True\n\nclass Post(Stamped):\n    title = models.CharField(max_length=9)\n',
      ),
    ]);
    const cite = (name: string): string[] => {
      const e = entities.find((x) => x.name === name)!;
      return [
        ...e.fields.map((f) => `${f.name} ${f.file ?? e.file}:${f.line}`),
        ...e.relations.map((r) => `→${r.to} ${r.file ?? e.file}:${r.line}`),
      ];
    };
    expect(cite('Note')).toEqual([
      'id model/BaseEntity.java:3',
      'owner_id model/BaseEntity.java:5',
      'text model/Note.java:3',
      '→Account model/BaseEntity.java:5',
    ]);
    expect(cite('Post')).toContain('created blog/models.py:4');
  });
  it("a foreign key of an ORM class's own SQL table that the class does not declare is its relation, cited in the SQL; a join table's keys are not", () => {
    const entities = dataModels([
      src(
        'model/model.go',
        'Go',
        'package model\n\ntype Account struct {\n\tID uint `gorm:"column:id"`\n}\n\ntype Comment struct {\n\tID       uint `gorm:"column:id"`\n\tAuthorID uint `gorm:"column:author_id"`\n\tTags     []Tag `gorm:"many2many:comment_tags"`\n}\n\ntype Tag struct {\n\tID uint `gorm:"column:id"`\n}\n',
      ),
      src(
        'db/001.sql',
        'text',
        'CREATE TABLE accounts (id INT PRIMARY KEY);\nCREATE TABLE comments (id INT PRIMARY KEY, author_id INT REFERENCES accounts(id));\nCREATE TABLE tags (id INT PRIMARY KEY);\nCREATE TABLE comment_tags (comment_id INT REFERENCES comments(id), tag_id INT REFERENCES tags(id));\n',
      ),
    ]);
    const c = entities.find((e) => e.name === 'Comment')!;
    expect(c.relations.map((r) => `${r.field}:${r.to} ${r.file ?? c.file}:${r.line}`)).toEqual([
      'Tags:Tag model/model.go:10',
      'author_id:Account db/001.sql:2',
    ]);
  });
  it("Mongoose: a typed schema (`new Schema<Post>({…})`) registered with a connection's `model<Post>('Post', PostSchema, 'posts')`", () => {
    const entities = dataModels([
      src(
        'src/db/post.model.ts',
        'TypeScript',
        "import { Connection, Schema, SchemaTypes } from 'mongoose';\nconst PostSchema = new Schema<Post>(\n  {\n    title: SchemaTypes.String,\n    author: { type: SchemaTypes.ObjectId, ref: 'User', required: false },\n  },\n  { timestamps: true },\n);\nexport const postModelFn = (connection: Connection) => connection.model<Post>('Post', PostSchema, 'posts');\n",
      ),
    ]);
    expect(
      entities.map(
        (e) => `${e.name}: ${e.fields.map((f) => `${f.name} ${f.type}`).join(', ')} → ${e.relations.map((r) => r.to).join(',')}`,
      ),
    ).toEqual(['Post: _id ObjectId, title String, author ObjectId, createdAt Date, updatedAt Date → User']);
  });
});

describe('SQLAlchemy mixins (docs/metrics/arch-api-facts.md, fifth round)', () => {
  it("a mixin's columns (plain or `@declared_attr`) are the columns of the models naming it, and the mixin is no table", () => {
    const entities = dataModels([
      {
        rel: 'core/mixins.py',
        language: 'Python',
        text: 'from sqlalchemy import Column, DateTime, func\nfrom sqlalchemy.orm import declared_attr\n\n\nclass Stamped:\n    note = Column(String(20))\n\n    @declared_attr\n    def created_at(cls):\n        return Column(DateTime, default=func.now())\n',
      },
      {
        rel: 'app/models.py',
        language: 'Python',
        text: 'from sqlalchemy import Column, Integer\nfrom core.db import Base\nfrom core.mixins import Stamped\n\n\nclass Shelf(Base, Stamped):\n    __tablename__ = "shelves"\n\n    id = Column(Integer, primary_key=True)\n',
      },
    ]);
    expect(entities.map((e) => `${e.name}: ${e.fields.map((f) => `${f.name} ${f.type}`).join(', ')}`)).toEqual([
      'shelves: id Integer, note String, created_at DateTime',
    ]);
  });
});

describe('go-pg (docs/metrics/arch-api-facts.md, fifth round)', () => {
  const go = (rel: string, text: string) => ({ rel, language: 'Go', text });
  it("the structs a go-pg file creates tables of are models, though their package imports no ORM; an `XID` column refers to the package's model X; a same-named struct of another package is none", () => {
    const entities = dataModels([
      go(
        'shop.go',
        'package shop\n\ntype Base struct {\n\tID int\n}\n\ntype Store struct {\n\tBase\n\tName string\n\tOwner Clerk\n}\n\ntype Clerk struct {\n\tBase\n\tName string\n\tStoreID int\n}\n',
      ),
      go(
        'cmd/migrate/main.go',
        'package main\n\nimport (\n\t"github.com/go-pg/pg/v9"\n\t"example.com/shop"\n)\n\nfunc main() {\n\tdb := pg.Connect(&pg.Options{})\n\tcreateSchema(db, &shop.Store{}, &shop.Clerk{})\n}\n\nfunc createSchema(db *pg.DB, models ...interface{}) {\n\tfor _, m := range models {\n\t\tdb.CreateTable(m, nil)\n\t}\n}\n',
      ),
      go('internal/pgsql/clerk.go', 'package pgsql\n\ntype Clerk struct{}\n'),
    ]);
    expect(
      entities.map(
        (e) =>
          `${e.kind} ${e.name} ${e.file}: ${e.fields.map((f) => f.name).join(',')} → ${e.relations.map((r) => `${r.to}.${r.field}`).join(',')}`,
      ),
    ).toEqual(['go-pg Clerk shop.go: ID,Name,StoreID → Store.StoreID', 'go-pg Store shop.go: ID,Name → Clerk.OwnerID']);
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
    const boxes = [
      ...svg.matchAll(/<g class="node" data-id="([^"]+)">\n<rect x="([\d.-]+)" y="([\d.-]+)" width="([\d.]+)" height="([\d.]+)"/g),
    ].map((m) => ({ id: m[1]!, x: +m[2]!, y: +m[3]!, w: +m[4]!, h: +m[5]! }));
    expect(boxes.map((b) => b.id)).toEqual(expect.arrayContaining(['users', 'orders', 'Post', 'Customer', 'Employee', 'Comment']));
    for (const a of boxes)
      for (const b of boxes)
        if (a !== b)
          expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h, `${a.id} overlaps ${b.id}`).toBe(false);
    expect(String(docs.find((d) => d.name === 'architecture-data-model.html')!.content)).toContain('<figure class="diagram"><svg');
  });
});
