import { describe, expect, it } from 'vitest';
import { dataModels, type DataEntity } from '../src/facts/models.ts';
import type { SourceFile } from '../src/facts/imports.ts';

/**
 * Data-model shapes found on the seventh round's held-out applications (docs/metrics/arch-api-facts.md,
 * "Seventh round"): a fully qualified annotation between a JPA relation's annotations and its field,
 * SQLAlchemy names imported under aliases, bun structs, and SQL migrations written in Go raw strings.
 */
const src = (rel: string, language: SourceFile['language'], text: string): SourceFile => ({ rel, language, text });
const show = (entities: readonly DataEntity[]): string[] =>
  entities.map(
    (e) =>
      `${e.kind} ${e.name}: ${e.fields.map((f) => `${f.key ? `${f.key} ` : ''}${f.name}`).join(', ')} → ${e.relations
        .map((r) => `${r.field}:${r.to}@${r.file ?? e.file}:${r.line}`)
        .join(', ')}`,
  );

describe('data models, seventh round', () => {
  it('JPA: a fully qualified annotation (@org.hibernate.annotations.Cache) after @ManyToMany / @JoinTable keeps the relation, and no annotation argument is a field', () => {
    const entities = dataModels([
      src('m/Tag.java', 'Java', '@Entity\npublic class Tag {\n  @Id\n  private Long id;\n}\n'),
      src(
        'm/Post.java',
        'Java',
        [
          '@Entity',
          '@org.hibernate.annotations.Cache(usage = CacheConcurrencyStrategy.READ_WRITE, region = "postCache")',
          'public class Post {',
          '  @Id',
          '  private Long id;',
          '',
          '  @ManyToMany(fetch = FetchType.LAZY, cascade = CascadeType.ALL)',
          '  @JoinTable(name = "posts_tags",',
          '      joinColumns = {@JoinColumn(name = "post_id", nullable = false)},',
          '      inverseJoinColumns = {@JoinColumn(name = "tag_id", nullable = false)}',
          '  )',
          '  @org.hibernate.annotations.Cache(usage = CacheConcurrencyStrategy.READ_WRITE, region = "tagCache")',
          '  private Set<Tag> tags = new HashSet<>();',
          '',
          '  private String permalink;',
          '}',
          '',
        ].join('\n'),
      ),
    ]);
    expect(show(entities)).toEqual(['jpa Post: PK id, permalink → tags:Tag@m/Post.java:7', 'jpa Tag: PK id → ']);
  });

  it("SQLAlchemy: Mapped / mapped_column / relationship imported under other names are read as SQLAlchemy's own", () => {
    const entities = dataModels([
      src(
        'app/models.py',
        'Python',
        [
          'import sqlalchemy',
          'from sqlalchemy.orm import Mapped as SQLAlchemyMapped, mapped_column as sqlalchemy_mapped_column',
          'from sqlalchemy.orm import relationship as rel',
          'from app.table import Base',
          '',
          '',
          'class Account(Base):',
          '    __tablename__ = "account"',
          '',
          '    id: SQLAlchemyMapped[int] = sqlalchemy_mapped_column(primary_key=True)',
          '    email: SQLAlchemyMapped[str] = sqlalchemy_mapped_column(sqlalchemy.String(length=64), unique=True)',
          '    team_id: SQLAlchemyMapped[int] = sqlalchemy_mapped_column(sqlalchemy.ForeignKey("team.id"))',
          '    team: SQLAlchemyMapped["Team"] = rel(back_populates="accounts")',
          '',
        ].join('\n'),
      ),
    ]);
    expect(show(entities)).toEqual([
      'sqlalchemy account: PK id, email, FK team_id → team_id:team@app/models.py:12, team:Team@app/models.py:13',
    ]);
  });

  it('bun: structs with bun tags (pk, "-", rel:belongs-to) are models of kind bun; a rel:has-many slice is the other side', () => {
    const entities = dataModels([
      src(
        'auth/account.go',
        'Go',
        [
          'package auth',
          '',
          'import "github.com/uptrace/bun"',
          '',
          'type Account struct {',
          '\tbun.BaseModel `bun:"table:accounts"`',
          '\tID    int    `bun:"id,pk,autoincrement" json:"id"`',
          '\tEmail string `bun:"email,notnull" json:"email"`',
          '\tSecret string `bun:"-" json:"-"`',
          '\tTokens []Token `bun:"rel:has-many" json:"tokens"`',
          '}',
          '',
          'type Token struct {',
          '\tID        int      `bun:"id,pk"`',
          '\tAccountID int      `bun:"account_id,notnull"`',
          '\tAccount   *Account `bun:"rel:belongs-to,join:account_id=id"`',
          '}',
          '',
        ].join('\n'),
      ),
    ]);
    expect(show(entities)).toEqual(['bun Account: PK ID, Email → ', 'bun Token: PK ID, AccountID → Account:Account@auth/account.go:16']);
  });

  it('Go: CREATE TABLE written in a raw string of a migration is a table, its foreign keys relations of the struct it is', () => {
    const entities = dataModels([
      src(
        'models/profile.go',
        'Go',
        'package models\n\ntype Profile struct {\n\tID        int `bun:"id,pk"`\n\tAccountID int `bun:"account_id,notnull"`\n\tTheme     string `bun:"theme"`\n}\n',
      ),
      src(
        'models/account.go',
        'Go',
        'package models\n\ntype Account struct {\n\tID   int    `bun:"id,pk"`\n\tName string `bun:"name"`\n}\n',
      ),
      src(
        'migrations/1_initial.go',
        'Go',
        [
          'package migrations',
          '',
          'const accountTable = `',
          'CREATE TABLE accounts (',
          'id serial NOT NULL,',
          'name text NOT NULL,',
          'PRIMARY KEY (id)',
          ')`',
          '',
          '// const old = `CREATE TABLE old_things (id int)`',
          'const profileTable = `',
          'CREATE TABLE profiles (',
          'id serial NOT NULL,',
          'account_id int NOT NULL REFERENCES accounts(id),',
          'theme text,',
          'PRIMARY KEY (id)',
          ')`',
          '',
        ].join('\n'),
      ),
    ]);
    expect(show(entities)).toEqual([
      'bun Account: PK ID, Name → ',
      'bun Profile: PK ID, AccountID, Theme → account_id:Account@migrations/1_initial.go:14',
    ]);
  });
});
