import path from 'node:path';
import { isTestFile } from '@docent/analyzer';
import type { SourceFile } from './imports.ts';
import { perFile } from './cache.ts';
import { closing, codeOf, lineAt, literal, splitArgs } from './source.ts';

/**
 * Data models read statically (docs/docgen-arch-api.md §Data model as the ORM sees it): SQL `CREATE TABLE`, Prisma models, SQLAlchemy, Django and MongoEngine models, TypeORM
 * entities, Sequelize and Mongoose models, GORM structs and JPA entities. Each entity, field and
 * relation carries the file and line it was read from. Nothing is executed.
 */
export interface DataField {
  name: string;
  type: string;
  line: number;
  /** the file of `line` when it is not the entity's (a field of a base class, mixin or embeddable) */
  file?: string;
  key?: 'PK' | 'FK';
}

export interface DataRelation {
  /** the entity the relation points at */
  to: string;
  /** the field holding it */
  field: string;
  line: number;
  /** the file of `line` when it is not the entity's (a relation of a base class or embeddable) */
  file?: string;
  /** an ORM relationship attribute (SQLAlchemy `relationship()`), not a foreign key column */
  via?: 'relationship';
}

export interface DataEntity {
  name: string;
  kind:
    'sql' | 'prisma' | 'sqlalchemy' | 'django' | 'mongoengine' | 'typeorm' | 'sequelize' | 'mongoose' | 'gorm' | 'go-pg' | 'bun' | 'jpa';
  file: string;
  line: number;
  fields: DataField[];
  relations: DataRelation[];
  /** the class an ORM entity is declared by, when its table has another name (SQLAlchemy) */
  className?: string;
  /** Django: the class's bases, to merge the fields of abstract ones (internal) */
  bases?: string[];
  /** Django: an abstract base, no table of its own (internal: dropped once its fields are merged) */
  abstract?: boolean;
  /** the same table written again for another database (SQL dialect scripts), or as SQL next to its ORM class: `path:line` */
  alsoIn?: string[];
  /** the tables an ORM class names (JPA `@Table(name = …)`, its `@JoinTable`s): the SQL that creates them is the same data model */
  tables?: string[];
}

/** A file's class/struct body from the `{` at `open` to its matching `}` (strings and comments already blanked or kept balanced). */
function braceBody(code: string, open: number): { body: string; start: number } {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return { body: code.slice(open + 1, i), start: open + 1 };
  }
  return { body: code.slice(open + 1), start: open + 1 };
}

/** A Python class body: the lines indented under the `class …:` line at `at`. */
function indentedBody(code: string, at: number): { body: string; start: number } {
  const lineEnd = code.indexOf('\n', at);
  if (lineEnd === -1) return { body: '', start: code.length };
  const rest = code.slice(lineEnd + 1);
  const lines = rest.split('\n');
  let len = 0;
  for (const l of lines) {
    if (l.trim() !== '' && !/^\s/.test(l)) break;
    len += l.length + 1;
  }
  return { body: rest.slice(0, len), start: lineEnd + 1 };
}

const unquote = (s: string): string => s.replace(/^[`"'[]|[`"'\]]$/g, '');

function sql(file: SourceFile, code: string): DataEntity[] {
  const out: DataEntity[] = [];
  for (const m of code.matchAll(
    /\bcreate\s+(?:(?:global\s+|local\s+)?temp(?:orary)?\s+)?table\s+(?:if\s+not\s+exists\s+)?((?:[`"[]?\w+[`"\]]?\.)?[`"[]?\w+[`"\]]?)\s*\(/gi,
  )) {
    const name = unquote(m[1]!.split('.').pop()!);
    const open = m.index + m[0].length - 1;
    // The column list: up to the parenthesis that closes the one after the name.
    let depth = 0;
    let end = open;
    for (; end < code.length; end++) {
      if (code[end] === '(') depth++;
      else if (code[end] === ')' && --depth === 0) break;
    }
    const body = code.slice(open + 1, end);
    const entity: DataEntity = { name, kind: 'sql', file: file.rel, line: lineAt(code, m.index), fields: [], relations: [] };
    const parts: Array<{ text: string; at: number }> = [];
    let d = 0;
    let from = 0;
    for (let i = 0; i <= body.length; i++) {
      const c = body[i];
      if (c === '(') d++;
      else if (c === ')') d--;
      else if ((c === ',' && d === 0) || i === body.length) {
        parts.push({ text: body.slice(from, i), at: open + 1 + from });
        from = i + 1;
      }
    }
    const pk = new Set<string>();
    for (const p of parts) {
      const t = p.text.trim();
      const at = p.at + (p.text.length - p.text.trimStart().length);
      const tableFk = /^(?:constraint\s+\S+\s+)?foreign\s+key\s*\(([^)]*)\)\s*references\s+((?:[`"[]?\w+[`"\]]?\.)?[`"[]?\w+[`"\]]?)/i.exec(
        t,
      );
      if (tableFk) {
        for (const col of tableFk[1]!.split(',').map((c) => unquote(c.trim())))
          entity.relations.push({ to: unquote(tableFk[2]!.split('.').pop()!), field: col, line: lineAt(code, at) });
        continue;
      }
      const tablePk = /^(?:constraint\s+\S+\s+)?primary\s+key\s*\(([^)]*)\)/i.exec(t);
      if (tablePk) {
        for (const col of tablePk[1]!.split(',')) pk.add(unquote(col.trim()));
        continue;
      }
      if (/^(?:constraint|unique|check|index|key|exclude)\b/i.test(t)) continue;
      const col = /^([`"[]?\w+[`"\]]?)\s+([\w]+(?:\s*\([^)]*\))?(?:\s+(?:varying|precision|with(?:out)?\s+time\s+zone))?(?:\[\])?)/i.exec(
        t,
      );
      if (!col) continue;
      const field: DataField = { name: unquote(col[1]!), type: col[2]!.replace(/\s+/g, ' '), line: lineAt(code, at) };
      if (/\bprimary\s+key\b/i.test(t)) pk.add(field.name);
      const ref = /\breferences\s+((?:[`"[]?\w+[`"\]]?\.)?[`"[]?\w+[`"\]]?)/i.exec(t);
      if (ref) entity.relations.push({ to: unquote(ref[1]!.split('.').pop()!), field: field.name, line: field.line });
      entity.fields.push(field);
    }
    markKeys(entity, pk);
    out.push(entity);
  }
  // ALTER TABLE x ADD [CONSTRAINT n] FOREIGN KEY (a) REFERENCES y
  for (const m of code.matchAll(
    /\balter\s+table\s+(?:only\s+)?((?:[`"[]?\w+[`"\]]?\.)?[`"[]?\w+[`"\]]?)\s+add\s+(?:constraint\s+\S+\s+)?foreign\s+key\s*\(([^)]*)\)\s*references\s+((?:[`"[]?\w+[`"\]]?\.)?[`"[]?\w+[`"\]]?)/gi,
  )) {
    const entity = out.find((e) => e.name === unquote(m[1]!.split('.').pop()!));
    if (!entity) continue;
    for (const col of m[2]!.split(',').map((c) => unquote(c.trim()))) {
      entity.relations.push({ to: unquote(m[3]!.split('.').pop()!), field: col, line: lineAt(code, m.index) });
      const f = entity.fields.find((x) => x.name === col);
      if (f && !f.key) f.key = 'FK';
    }
  }
  return out;
}

function markKeys(entity: DataEntity, pk: ReadonlySet<string>): void {
  const fk = new Set(entity.relations.map((r) => r.field));
  for (const f of entity.fields) {
    if (pk.has(f.name)) f.key = 'PK';
    else if (fk.has(f.name)) f.key = 'FK';
  }
}

function prisma(file: SourceFile, code: string): DataEntity[] {
  const out: DataEntity[] = [];
  const models = [...code.matchAll(/^\s*model\s+(\w+)\s*\{/gm)].map((m) => m[1]!);
  for (const m of code.matchAll(/^\s*model\s+(\w+)\s*\{/gm)) {
    const { body, start } = braceBody(code, m.index + m[0].length - 1);
    const entity: DataEntity = {
      name: m[1]!,
      kind: 'prisma',
      file: file.rel,
      line: lineAt(code, m.index + m[0].indexOf('model')),
      fields: [],
      relations: [],
    };
    const pk = new Set<string>();
    let offset = start;
    for (const l of body.split('\n')) {
      const f = /^\s*(\w+)\s+(\w+)(\[\])?(\?)?(.*)$/.exec(l);
      if (f && !l.trim().startsWith('@@')) {
        const line = lineAt(code, offset);
        const rel = /@relation\([^)]*fields:\s*\[([^\]]*)\]/.exec(f[5]!);
        if (models.includes(f[2]!)) {
          // A relation field: the foreign key is named in @relation(fields: […]); the other side (a list, or no fields) holds none.
          if (rel) for (const col of rel[1]!.split(',').map((c) => c.trim())) entity.relations.push({ to: f[2]!, field: col, line });
        } else {
          entity.fields.push({ name: f[1]!, type: `${f[2]}${f[3] ?? ''}${f[4] ?? ''}`, line });
          if (/@id\b/.test(f[5]!)) pk.add(f[1]!);
        }
      }
      const compound = /@@id\(\[([^\]]*)\]/.exec(l);
      if (compound) for (const c of compound[1]!.split(',')) pk.add(c.trim());
      offset += l.length + 1;
    }
    markKeys(entity, pk);
    out.push(entity);
  }
  return out;
}

/** Django model classes of the repository, by name: a class deriving from one (an abstract base in another file) is a model too. */
function djangoModelNames(files: ReadonlyArray<{ code: string }>): Set<string> {
  const names = new Set<string>();
  const classes = files.flatMap((f) =>
    [...f.code.matchAll(/^class\s+(\w+)\s*\(([^)]*)\)\s*:/gm)].map((m) => ({
      name: m[1]!,
      bases: m[2]!.split(',').map((b) => b.trim().split('.').pop()!),
    })),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const c of classes) {
      if (names.has(c.name)) continue;
      if (c.bases.some((b) => b === 'Model' || b === 'AbstractUser' || b === 'AbstractBaseUser' || names.has(b))) {
        names.add(c.name);
        changed = true;
      }
    }
  }
  return names;
}

/**
 * SQLAlchemy's names imported under other ones (`from sqlalchemy.orm import Mapped as SQLAlchemyMapped,
 * mapped_column as sqlalchemy_mapped_column`) written back as SQLAlchemy's own, so the model reads as usual;
 * newlines are kept, so every line stays where it was.
 */
function unaliasSqlalchemy(code: string): string {
  const names = new Map<string, string>();
  for (const m of code.matchAll(/^[ \t]*from[ \t]+sqlalchemy(?:\.orm)?[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)/gm))
    for (const part of m[1]!.replace(/[()]/g, ' ').split(',')) {
      const a = /^\s*(Mapped|mapped_column|relationship|Column|ForeignKey|DeclarativeBase)\s+as\s+(\w+)\s*$/.exec(part);
      if (a && a[2] !== a[1]) names.set(a[2]!, a[1]!);
    }
  if (names.size === 0) return code;
  return code.replace(new RegExp(String.raw`\b(?:${[...names.keys()].join('|')})\b`, 'g'), (n) => names.get(n) ?? n);
}

/** A SQLModel table class (`class Book(SQLModel, table=True)`): its annotated attributes are its columns. */
function sqlModelEntity(file: SourceFile, code: string, name: string, at: number, bases: string): DataEntity {
  const { body, start } = indentedBody(code, at);
  const entity: DataEntity = { name, kind: 'sqlalchemy', file: file.rel, line: lineAt(code, at), fields: [], relations: [] };
  const pk = new Set<string>();
  const indent = /^([ \t]+)\S/m.exec(body)?.[1] ?? '    ';
  for (const f of body.matchAll(new RegExp(String.raw`^${indent}(\w+)[ \t]*:[ \t]*([^=\n]+?)[ \t]*(?:=[ \t]*([^\n]*))?$`, 'gm'))) {
    const field = f[1]!;
    const annotation = f[2]!.trim();
    if (/^ClassVar\b/.test(annotation) || field.startsWith('__')) continue;
    // The default's call up to its closing parenthesis, over several lines if need be.
    let value = f[3] ?? '';
    const open = value.indexOf('(');
    if (open >= 0) {
      const from = f.index + f[0].length - value.length + open + 1;
      let depth = 1;
      let close = from;
      for (; close < body.length && depth > 0; close++) {
        if (body[close] === '(') depth++;
        else if (body[close] === ')') depth--;
      }
      value = value.slice(0, open + 1) + body.slice(from, Math.max(from, close));
    }
    const line = lineAt(code, start + f.index);
    const target = (
      /^(?:Optional|List|list|Set|set)\[\s*["']?([\w.]+)/.exec(annotation)?.[1] ??
      /^["']?([\w.]+)/.exec(annotation)?.[1] ??
      ''
    )
      .split('.')
      .pop()!;
    if (/^\s*Relationship\s*\(/.test(value)) {
      if (target && !/\blink_model\s*=/.test(value)) entity.relations.push({ to: target, field, line, via: 'relationship' });
      continue;
    }
    entity.fields.push({ name: field, type: target, line });
    if (/\bprimary_key\s*=\s*True/.test(value)) pk.add(field);
    const fk = /\bforeign_key\s*=\s*["'](\w+)\.\w+["']/.exec(value) ?? /ForeignKey\(\s*["'](\w+)\.\w+["']/.exec(value);
    if (fk) {
      entity.relations.push({ to: fk[1]!, field, line });
      entity.fields.at(-1)!.key = 'FK';
    }
  }
  markKeys(entity, pk);
  entity.bases = bases.split(',').map((b) => b.trim().split('.').pop()!);
  const tablename = /__tablename__\s*(?::[^=\n]+)?=\s*["'](\w+)["']/.exec(body)?.[1] ?? name.toLowerCase();
  if (tablename !== name) {
    entity.className = name;
    entity.name = tablename;
  }
  return entity;
}

/** The fields Django's user base classes give a model (django.contrib.auth: AbstractBaseUser, PermissionsMixin, AbstractUser). */
const DJANGO_AUTH_BASES: Record<string, Array<[string, string]>> = {
  AbstractBaseUser: [
    ['password', 'Char'],
    ['last_login', 'DateTime'],
  ],
  PermissionsMixin: [['is_superuser', 'Boolean']],
  AbstractUser: [
    ['password', 'Char'],
    ['last_login', 'DateTime'],
    ['is_superuser', 'Boolean'],
    ['username', 'Char'],
    ['first_name', 'Char'],
    ['last_name', 'Char'],
    ['email', 'Email'],
    ['is_staff', 'Boolean'],
    ['is_active', 'Boolean'],
    ['date_joined', 'DateTime'],
  ],
};

function python(file: SourceFile, code: string, djangoModels: ReadonlySet<string> = new Set()): DataEntity[] {
  const out: DataEntity[] = [];
  // Django: a module-level `User = get_user_model()` names the project's user model, as `settings.AUTH_USER_MODEL`
  // does (a class of that name in the same file is that class).
  const userAliases = new Set(
    [...code.matchAll(/^(\w+)\s*=\s*(?:[\w.]+\.)?get_user_model\s*\(\s*\)/gm)]
      .map((m) => m[1]!)
      .filter((n) => !new RegExp(String.raw`^class\s+${n}\b`, 'm').test(code)),
  );
  for (const m of code.matchAll(/^class\s+(\w+)\s*\(([^)]*)\)\s*:/gm)) {
    const bases = m[2]!;
    const django =
      /\bmodels\.Model\b|\bAbstractUser\b|\bAbstractBaseUser\b/.test(bases) ||
      (djangoModels.has(m[1]!) && /\bmodels\.\w+Field\b|models\.ForeignKey/.test(code));
    const { body, start } = indentedBody(code, m.index);
    // An abstract base (class Meta: abstract = True) is no table: its subclasses are, with its fields (dataModels merges them).
    // SQLAlchemy's `__abstract__ = True` (a declarative base's shared columns) likewise.
    const abstract = django ? /^\s+abstract\s*=\s*True/m.test(body) : /^[ \t]+__abstract__[ \t]*=[ \t]*True\b/m.test(body);
    const alchemy =
      !django &&
      (/\b(?:Base|db\.Model|DeclarativeBase|Model)\b/.test(bases) || /__tablename__/.test(body)) &&
      /\b(?:Column|mapped_column|relationship)\s*\(|Mapped\[/.test(body);
    // SQLModel: `class Book(SQLModel, table=True)` — its columns are annotated attributes (`title: str`,
    // `user_uid: Optional[uuid.UUID] = Field(default=None, foreign_key="users.uid")`), its table the class's name in
    // lower case unless `__tablename__` says otherwise.
    const sqlmodel = !django && /\bSQLModel\b/.test(bases) && /\btable\s*=\s*True\b/.test(bases);
    if (!django && !alchemy && !sqlmodel) continue;
    if (sqlmodel) {
      out.push(sqlModelEntity(file, code, m[1]!, m.index, bases));
      continue;
    }
    // Flask-SQLAlchemy names a model's table after its class in snake_case unless __tablename__ says otherwise.
    const tablename =
      /__tablename__\s*=\s*["'](\w+)["']/.exec(body)?.[1] ??
      (alchemy && /\bdb\.Model\b/.test(bases)
        ? m[1]!
            .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
            .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
            .toLowerCase()
        : undefined);
    const entity: DataEntity = {
      name: m[1]!,
      kind: django ? 'django' : 'sqlalchemy',
      file: file.rel,
      line: lineAt(code, m.index),
      fields: [],
      relations: [],
    };
    const pk = new Set<string>();
    // Class attributes only: `name[: annotation] = [module.]call(` at the body's own indentation (not a method's locals).
    const indent = /^([ \t]+)\S/m.exec(body)?.[1] ?? '    ';
    for (const f of body.matchAll(
      new RegExp(String.raw`^${indent}(\w+)\s*(?::\s*([^=\n]+?))?\s*=\s*((?:\w+\.)*(\w+)\s*\(([^\n]*))`, 'gm'),
    )) {
      const name = f[1]!;
      const annotation = f[2]; // the optional `: annotation`
      const call = f[4]!;
      // The call's arguments up to its closing parenthesis, over several lines if need be.
      const open = f.index + f[0].length - f[5]!.length;
      let depth = 1;
      let close = open;
      for (; close < body.length && depth > 0; close++) {
        if (body[close] === '(') depth++;
        else if (body[close] === ')') depth--;
      }
      const args = body.slice(open, Math.max(open, close - 1));
      const line = lineAt(code, start + f.index);
      if (django) {
        if (!/Field$|^ForeignKey$|^OneToOneField$|^ManyToManyField$/.test(call)) continue;
        if (/^(?:ForeignKey|OneToOneField|ManyToManyField)$/.test(call)) {
          const target = /^\s*(?:to\s*=\s*)?["']?([\w.]+)["']?/.exec(args)?.[1]?.split('.').pop() ?? '?';
          entity.relations.push({
            to: target === 'self' ? entity.name : userAliases.has(target) ? 'AUTH_USER_MODEL' : target,
            field: call === 'ManyToManyField' ? name : `${name}_id`,
            line,
          });
          if (call !== 'ManyToManyField') entity.fields.push({ name: `${name}_id`, type: call, line, key: 'FK' });
          continue;
        }
        entity.fields.push({ name, type: call.replace(/Field$/, ''), line });
        if (/primary_key\s*=\s*True/.test(args)) pk.add(name);
      } else {
        if (call === 'relationship') {
          // A relationship through an association table (`secondary=`) is drawn by that table's foreign keys.
          if (/\bsecondary\s*=/.test(args)) continue;
          const target =
            /^\s*["'](\w+)["']/.exec(args)?.[1] ??
            /Mapped\[\s*(?:(?:List|list|Set|set|Optional)\[\s*)?["']?(\w+)/.exec(annotation ?? '')?.[1];
          if (target) entity.relations.push({ to: target, field: name, line, via: 'relationship' });
          continue;
        }
        if (call !== 'Column' && call !== 'mapped_column') continue;
        const type =
          /^\s*(?:["']\w+["']\s*,\s*)?(?:\w+\.)?(?!ForeignKey\b)([A-Z]\w*)/.exec(args)?.[1] ??
          /Mapped\[\s*(?:Optional\[\s*)?(\w+)/.exec(annotation ?? '')?.[1] ??
          '';
        entity.fields.push({ name, type, line });
        if (/primary_key\s*=\s*True/.test(args)) pk.add(name);
        const fk = /ForeignKey\(\s*(?:["']([\w.]+)["']|(\w+)\.\w+\s*[,)])/.exec(args);
        if (fk) {
          entity.relations.push({ to: fk[1] ? fk[1].split('.')[0]! : fk[2]!, field: name, line });
          entity.fields.at(-1)!.key = 'FK';
        }
      }
    }
    // SQLAlchemy 2: a column declared by its annotation alone (`name: Mapped[str]`, `bio: Mapped[Optional[str]]`), no
    // `= mapped_column(…)`; a collection (`Mapped[List["Tweet"]]`) is a relationship's and needs one.
    if (!django)
      for (const f of body.matchAll(
        new RegExp(String.raw`^${indent}(\w+)\s*:\s*(?:\w+\.)?Mapped\[\s*(?:Optional\[\s*)?(\w+)[^\n=]*$`, 'gm'),
      )) {
        if (/^(?:List|list|Set|set|Dict|dict)$/.test(f[2]!) || entity.fields.some((x) => x.name === f[1])) continue;
        entity.fields.push({ name: f[1]!, type: f[2]!, line: lineAt(code, start + f.index) });
      }
    entity.fields.sort((a, b) => a.line - b.line);
    if (abstract) {
      out.push({ ...entity, abstract: true });
      continue;
    }
    if (django || alchemy) entity.bases = bases.split(',').map((b) => b.trim().split('.').pop()!);
    if (django && !entity.fields.some((f) => pk.has(f.name)))
      entity.fields.unshift({ name: 'id', type: 'AutoField', line: entity.line, key: 'PK' });
    // Django's user bases (`class User(AbstractUser)`, imported from django.contrib.auth): their fields, cited at the
    // class line, after the id — but those the class declares itself or removes (`username = None`).
    if (django && /^\s*from\s+django\.contrib\.auth(?:\.base_user|\.models)?\s+import\b/m.test(code)) {
      const given = new Set(entity.fields.map((f) => f.name.replace(/_id$/, '')));
      const inheritedAuth = (entity.bases ?? [])
        .flatMap((b) => DJANGO_AUTH_BASES[b] ?? [])
        .filter(([name], i, all) => all.findIndex(([n]) => n === name) === i)
        .filter(([name]) => !given.has(name) && !new RegExp(String.raw`^[ \t]+${name}[ \t]*=[ \t]*None\b`, 'm').test(body));
      entity.fields.splice(1, 0, ...inheritedAuth.map(([name, type]) => ({ name, type, line: entity.line })));
    }
    markKeys(entity, pk);
    if (tablename && tablename !== entity.name) {
      entity.className = entity.name;
      entity.name = tablename;
    }
    out.push(entity);
  }
  // SQLAlchemy mixins (`class TimestampMixin:` with `created_at = Column(…)` or `@declared_attr def created_at(cls):
  // return Column(…)`): no table, their columns are the models' that name them as a base (dataModels merges them).
  for (const m of code.matchAll(/^class\s+(\w+)\s*(?:\(([^)]*)\))?\s*:/gm)) {
    const bases = m[2] ?? '';
    if (/\b(?:Base|db\.Model|DeclarativeBase|Model|models\.\w+)\b/.test(bases)) continue;
    const { body, start } = indentedBody(code, m.index);
    if (/__tablename__/.test(body)) continue;
    const fields: DataEntity['fields'] = [];
    for (const f of body.matchAll(
      /^[ \t]+(?:(\w+)\s*(?::[^=\n]+)?=\s*(?:sa\.|db\.)?(?:Column|mapped_column)\s*\(([^\n]*)|@declared_attr\b[^\n]*\n[ \t]+def\s+(\w+)\s*\([^)]*\)[^:\n]*:\s*\n?[ \t]*return\s+(?:sa\.|db\.)?(?:Column|mapped_column)\s*\(([^\n]*))/gm,
    )) {
      const args = f[2] ?? f[4] ?? '';
      const type = /^\s*(?:["']\w+["']\s*,\s*)?(?:\w+\.)?([A-Z]\w*)/.exec(args)?.[1] ?? '';
      fields.push({ name: (f[1] ?? f[3])!, type, line: lineAt(code, start + f.index + (f[0].length - f[0].trimStart().length)) });
    }
    if (fields.length > 0)
      out.push({ name: m[1]!, kind: 'sqlalchemy', file: file.rel, line: lineAt(code, m.index), fields, relations: [], abstract: true });
  }
  // Association tables: `followers = Table('followers', metadata, Column('a', Integer, ForeignKey('user.id')), …)`.
  for (const m of code.matchAll(/^\w+\s*=\s*(?:\w+\.)?Table\s*\(/gm)) {
    const open = m.index + m[0].length - 1;
    const end = closing(code, open);
    const args = splitArgs(code.slice(open + 1, end - 1));
    const name = args[0] ? literal(args[0]) : null;
    if (!name) continue;
    const entity: DataEntity = { name, kind: 'sqlalchemy', file: file.rel, line: lineAt(code, m.index), fields: [], relations: [] };
    const pk = new Set<string>();
    let from = open + 1;
    for (const a of args.slice(1)) {
      const at = code.indexOf(a, from);
      from = at + a.length;
      const col = /^(?:\w+\.)?Column\s*\(\s*(["'])(\w+)\1\s*(?:,\s*(?:\w+\.)?([A-Z]\w*))?/.exec(a);
      if (!col) continue;
      const line = lineAt(code, at);
      entity.fields.push({ name: col[2]!, type: col[3] ?? '', line });
      if (/primary_key\s*=\s*True/.test(a)) pk.add(col[2]!);
      const fk = /ForeignKey\(\s*(?:["']([\w.]+)["']|(\w+)\.\w+\s*[,)])/.exec(a);
      if (fk) {
        entity.relations.push({ to: fk[1] ? fk[1].split('.')[0]! : fk[2]!, field: col[2]!, line });
        entity.fields.at(-1)!.key = 'FK';
      }
    }
    markKeys(entity, pk);
    out.push(entity);
  }
  // SQLAlchemy relations name tables; Django's name classes — both end up as entity names.
  return out;
}

/**
 * MongoEngine (and Flask-MongoEngine's `db.Document`): each class deriving from `Document` / `DynamicDocument`, or
 * from such a class of the file, is a collection; `meta = {'abstract': True}` makes it a base whose fields its
 * subclasses have; an `EmbeddedDocument` is no collection. Fields are the `x = …Field(…)` lines, after MongoEngine's
 * own `id`; `ReferenceField` / `LazyReferenceField` / `CachedReferenceField` (also inside `ListField(…)`) are relations.
 */
function mongoengine(file: SourceFile, code: string): DataEntity[] {
  const out: DataEntity[] = [];
  const documents = new Set<string>();
  const classes = [...code.matchAll(/^class[ \t]+(\w+)[ \t]*\(([^)]*)\)[ \t]*:/gm)];
  for (let grew = true; grew;) {
    grew = false;
    for (const c of classes) {
      if (documents.has(c[1]!)) continue;
      const bases = c[2]!.split(',').map((b) => b.trim().split('.').pop()!);
      if (bases.some((b) => /^(?:Dynamic)?Document$/.test(b) || documents.has(b))) {
        documents.add(c[1]!);
        grew = true;
      }
    }
  }
  for (const c of classes) {
    if (!documents.has(c[1]!)) continue;
    const { body, start } = indentedBody(code, c.index);
    const bases = c[2]!
      .split(',')
      .map((b) => b.trim().split('.').pop()!)
      .filter((b) => documents.has(b));
    const meta = /^[ \t]+meta[ \t]*=[ \t]*\{([^}]*)\}/m.exec(body)?.[1] ?? '';
    const abstract = /["']abstract["']\s*:\s*True\b/.test(meta);
    const line = lineAt(code, c.index);
    const entity: DataEntity = {
      name: c[1]!,
      kind: 'mongoengine',
      file: file.rel,
      line,
      // MongoEngine's own key, unless a field is declared `primary_key=True` (then that field is the key).
      fields: bases.length === 0 && !/\bprimary_key\s*=\s*True\b/.test(body) ? [{ name: 'id', type: 'ObjectId', line, key: 'PK' }] : [],
      relations: [],
      ...(bases.length > 0 ? { bases } : {}),
      ...(abstract ? { abstract: true } : {}),
    };
    const indent = /^([ \t]+)\S/m.exec(body)?.[1] ?? '    ';
    for (const f of body.matchAll(new RegExp(String.raw`^${indent}(\w+)[ \t]*=[ \t]*(?:\w+\.)?(\w+Field)[ \t]*\(`, 'gm'))) {
      const fieldLine = lineAt(code, start + f.index);
      const open = f.index + f[0].length - 1;
      const args = body.slice(open + 1, closing(body, open) - 1);
      const ref = /^(?:Lazy|Cached)?ReferenceField$/.test(f[2]!)
        ? /^\s*["']?(\w+)/.exec(args)?.[1]
        : f[2] === 'ListField'
          ? /^\s*(?:\w+\.)?(?:Lazy|Cached)?ReferenceField\s*\(\s*["']?(\w+)/.exec(args)?.[1]
          : undefined;
      const pk = /\bprimary_key\s*=\s*True\b/.test(args);
      entity.fields.push({
        name: f[1]!,
        type: f[2]!.replace(/Field$/, '') || f[2]!,
        line: fieldLine,
        ...(pk ? { key: 'PK' as const } : ref ? { key: 'FK' as const } : {}),
      });
      if (ref) entity.relations.push({ to: ref, field: f[1]!, line: fieldLine });
    }
    out.push(entity);
  }
  return out;
}

function typeorm(file: SourceFile, code: string): DataEntity[] {
  const out: DataEntity[] = [];
  // Entities, and abstract classes (no `@Entity`): bases whose columns the entities extending them have.
  for (const m of code.matchAll(
    /(?:@Entity\s*\(([^)]*)\)\s*(?:@\w+\([^)]*\)\s*)*(?:export\s+)?(?:default\s+)?|\b(?:export\s+)?(?:abstract\s+)?)class\s+(\w+)\s*(?:<(?:[^<>]|<[^<>]*>)*>)?([^{]*)\{/g,
  )) {
    const { body, start } = braceBody(code, m.index + m[0].length - 1);
    const base = /\bextends\s+(\w+)/.exec(m[3] ?? '')?.[1];
    // No `@Entity`: a base class, kept only for the columns entities extending it inherit.
    const isBase = m[1] === undefined;
    const entity: DataEntity = {
      name: m[2]!,
      kind: 'typeorm',
      file: file.rel,
      line: lineAt(code, m.index),
      fields: [],
      relations: [],
      ...(base ? { bases: [base] } : {}),
      ...(isBase ? { abstract: true } : {}),
    };
    const pk = new Set<string>();
    for (const f of body.matchAll(
      /@(PrimaryGeneratedColumn|PrimaryColumn|Column|CreateDateColumn|UpdateDateColumn|ManyToOne|OneToOne|OneToMany|ManyToMany|JoinColumn)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*(?:@\w+\((?:[^()]|\([^()]*\))*\)\s*)*(?:(?:public|private|protected|readonly|declare)\s+)*(\w+)[!?]?\s*:\s*([\w<>[\]]+)/g,
    )) {
      // `@JoinColumn()` written above the relation it joins (`@JoinColumn() @OneToOne(() => Profile) profile`), or a
      // column decorator on the member a relation uses as its key (`@PrimaryColumn({ name: 'user_id' }) @ManyToOne(() =>
      // User) @JoinColumn(…) user`, a composite key of foreign keys): that relation.
      const joined = ['JoinColumn', 'PrimaryColumn', 'Column'].includes(f[1]!)
        ? /@(ManyToOne|OneToOne)\s*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/.exec(f[0].slice(f[0].indexOf(')')))
        : null;
      const deco = joined ? joined[1]! : f[1]!;
      const args = joined ? joined[2]! : f[2]!;
      const name = f[3]!;
      const type = f[4]!;
      const line = lineAt(code, start + f.index);
      // A one-to-one without `@JoinColumn` is the inverse side (`@OneToOne(() => User, (user) => user.address) user`): no column, the owner's relation.
      if (deco === 'OneToOne' && !/@JoinColumn\b/.test(f[0])) continue;
      if (deco === 'ManyToOne' || deco === 'OneToOne') {
        const target = /=>\s*(\w+)/.exec(args)?.[1] ?? type;
        entity.relations.push({ to: target, field: name, line });
        entity.fields.push({ name: `${name}Id`, type: target, line, key: 'FK' });
        continue;
      }
      // A many-to-many's owning side (`@ManyToMany(() => Article) @JoinTable() favorites`): a relation through its join table.
      if (deco === 'ManyToMany' && /@JoinTable\b/.test(f[0]))
        entity.relations.push({ to: /=>\s*(\w+)/.exec(args)?.[1] ?? type.replace(/\[\]$/, ''), field: name, line });
      if (deco === 'OneToMany' || deco === 'ManyToMany' || deco === 'JoinColumn') continue;
      entity.fields.push({ name, type, line });
      if (deco.startsWith('Primary')) pk.add(name);
    }
    // `@Column() userId` beside `@ManyToOne(…) @JoinColumn({ name: 'user_id' }) user`: one column, the foreign key.
    entity.fields = entity.fields
      .filter((x, i) => entity.fields.findIndex((y) => y.name === x.name) === i || x.key === 'FK')
      .filter((x, i, all) => x.key === 'FK' || !all.some((y, j) => j !== i && y.name === x.name && y.key === 'FK'));
    markKeys(entity, pk);
    if (!isBase || entity.fields.length > 0) out.push(entity);
  }
  return out;
}

/** The top-level `key: value` entries of an object literal's body, with each key's offset. */
function topLevelEntries(body: string): Array<{ key: string; value: string; at: number }> {
  const out: Array<{ key: string; value: string; at: number }> = [];
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    else if (depth === 0 && /\w/.test(c) && (i === 0 || /[\s,{]/.test(body[i - 1]!))) {
      const f = /^(\w+)\s*:\s*/.exec(body.slice(i));
      if (!f) continue;
      const valueStart = i + f[0].length;
      let j = valueStart;
      let dd = 0;
      for (; j < body.length; j++) {
        const cj = body[j]!;
        if (cj === '{' || cj === '[' || cj === '(') dd++;
        else if (cj === '}' || cj === ']' || cj === ')') dd--;
        else if (cj === ',' && dd === 0) break;
        if (dd < 0) break;
      }
      out.push({ key: f[1]!, value: body.slice(valueStart, j), at: i });
      i = j - 1;
    }
  }
  return out;
}

/**
 * The foreign key Sequelize names for an association given no `foreignKey` (docs/docgen-arch-api.md §Data model):
 * the alias, else the model's singular name, then `Id` — `belongsTo(User)` → `UserId`, `{ as: 'owner' }` → `ownerId`,
 * a model defined as `'items'` → `itemId`.
 */
function sequelizeKey(model: string, as?: string): string {
  if (as) return `${as}Id`;
  const singular = /[a-z]ies$/.test(model)
    ? `${model.slice(0, -3)}y`
    : /[a-z](?:s|x|z|ch|sh)es$/.test(model)
      ? model.slice(0, -2)
      : /[a-z]s$/.test(model) && !/ss$/.test(model)
        ? model.slice(0, -1)
        : model;
  return `${singular}Id`;
}

function jsModels(file: SourceFile, code: string): DataEntity[] {
  const out: DataEntity[] = [];
  // Sequelize: sequelize.define('User', {…}) and class User extends Model … User.init({…})
  const defs: Array<{ name: string; at: number; open: number }> = [];
  for (const m of code.matchAll(/\.define\s*\(\s*["'](\w+)["']\s*,\s*\{/g))
    defs.push({ name: m[1]!, at: m.index, open: m.index + m[0].length - 1 });
  for (const m of code.matchAll(/\b(\w+)\.init\s*\(\s*\{/g))
    if (new RegExp(`class\\s+${m[1]}\\s+extends\\s+(?:Sequelize\\.)?Model\\b`).test(code))
      defs.push({ name: m[1]!, at: m.index, open: m.index + m[0].length - 1 });
  for (const d of defs) {
    const { body, start } = braceBody(code, d.open);
    const entity: DataEntity = { name: d.name, kind: 'sequelize', file: file.rel, line: lineAt(code, d.at), fields: [], relations: [] };
    const pk = new Set<string>();
    for (const f of topLevelEntries(body)) {
      const type = /(?:DataTypes|Sequelize)\.(\w+)/.exec(f.value)?.[1] ?? '';
      if (!type) continue;
      const line = lineAt(code, start + f.at);
      entity.fields.push({ name: f.key, type, line });
      if (/primaryKey\s*:\s*true/.test(f.value)) pk.add(f.key);
      const ref = /references\s*:\s*\{[^}]*model\s*:\s*["']?(\w+)/.exec(f.value);
      if (ref) entity.relations.push({ to: ref[1]!, field: f.key, line });
    }
    markKeys(entity, pk);
    out.push(entity);
  }
  for (const m of code.matchAll(/\b(\w+)\.belongsTo\s*\(\s*(?:models\.)?(\w+)(?:\s*,\s*\{[^}]*foreignKey\s*:\s*["'](\w+)["'])?/g)) {
    const entity = out.find((e) => e.name === m[1]);
    if (entity) entity.relations.push({ to: m[2]!, field: m[3] ?? sequelizeKey(m[2]!), line: lineAt(code, m.index) });
  }
  // Mongoose: const userSchema = new Schema({…}); mongoose.model('User', userSchema)
  const schemas = new Map<string, { at: number; open: number }>();
  // (TypeScript: `new Schema<Comment>({…})`, `connection.model<Comment>('Comment', CommentSchema, 'comments')`.)
  for (const m of code.matchAll(
    /\b(?:const|let|var)\s+(\w+)(?:\s*:\s*[\w.<>, ]+)?\s*=\s*new\s+(?:mongoose\.)?Schema\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(\s*\{/g,
  ))
    schemas.set(m[1]!, { at: m.index, open: m.index + m[0].length - 1 });
  for (const m of code.matchAll(/\bmodel\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(\s*["'](\w+)["']\s*,\s*(\w+)/g)) {
    const s = schemas.get(m[2]!);
    if (!s) continue;
    const { body, start } = braceBody(code, s.open);
    const entity: DataEntity = {
      name: m[1]!,
      kind: 'mongoose',
      file: file.rel,
      line: lineAt(code, s.at),
      fields: [{ name: '_id', type: 'ObjectId', line: lineAt(code, s.at), key: 'PK' }],
      relations: [],
    };
    for (const f of topLevelEntries(body)) {
      const value = f.value.trim();
      const line = lineAt(code, start + f.at);
      const explicit = /\btype\s*:\s*\[?\s*((?:Schema\.Types\.|mongoose\.Schema\.Types\.|Types\.|SchemaTypes\.)?\w+)/
        .exec(value)?.[1]
        ?.split('.')
        .pop();
      const type = explicit ?? (value.startsWith('{') ? 'Object' : (/^\[?\s*((?:\w+\.)*\w+)/.exec(value)?.[1]?.split('.').pop() ?? ''));
      const ref = /\bref\s*:\s*["'](\w+)["']/.exec(value);
      entity.fields.push({ name: f.key, type: value.startsWith('[') ? `${type}[]` : type, line, ...(ref ? { key: 'FK' as const } : {}) });
      if (ref) entity.relations.push({ to: ref[1]!, field: f.key, line });
      // A sub-schema of the file embedded as the field (`Chat: [chatSchema]`, `address: addressSchema`): its own
      // references (`watchId: { type: String, ref: "Watch" }`) are the model's, named `Chat.watchId`.
      // (Also as the `type` of a field with other options: `sellers: { type: [sellersSchema], default: [] }`.)
      const embedded =
        /^(?:\{\s*type\s*:\s*)?\[?\s*(\w+)\s*\]?\s*\}?$/.exec(value)?.[1] ?? /^\{\s*type\s*:\s*\[?\s*(\w+)\s*\]?\s*,/.exec(value)?.[1];
      const sub = embedded && embedded !== m[2] ? schemas.get(embedded) : undefined;
      if (sub) {
        const { body: subBody, start: subStart } = braceBody(code, sub.open);
        for (const g of topLevelEntries(subBody)) {
          const subRef = /\bref\s*:\s*["'](\w+)["']/.exec(g.value);
          if (subRef) entity.relations.push({ to: subRef[1]!, field: `${f.key}.${g.key}`, line: lineAt(code, subStart + g.at) });
        }
      }
    }
    // The schema's options (`new Schema({…}, { timestamps: true })`): `createdAt` / `updatedAt` Mongoose adds, under
    // the names `timestamps: { createdAt: 'created_at' }` gives (one set `false` is not added).
    const callOpen = code.lastIndexOf('(', s.open);
    const options = splitArgs(code.slice(callOpen + 1, closing(code, callOpen) - 1))[1] ?? '';
    const stamps = /\btimestamps\s*:\s*(true\b|\{[^}]*\})/.exec(options);
    if (stamps) {
      const at = code.indexOf(stamps[0], callOpen);
      for (const key of ['createdAt', 'updatedAt']) {
        const given =
          stamps[1] === 'true' ? undefined : new RegExp(String.raw`\b${key}\s*:\s*(?:["'](\w+)["']|(true|false))`).exec(stamps[1]!);
        if (given?.[2] === 'false') continue;
        const name = given?.[1] ?? key;
        if (!entity.fields.some((f) => f.name === name)) entity.fields.push({ name, type: 'Date', line: lineAt(code, at) });
      }
    }
    out.push(entity);
  }
  return out;
}

/** The structs of the Go packages using GORM, by folder: every struct's body, and the bases other structs embed (`type Model struct {…}` embedded as a bare `Model` line). */
interface GoPackages {
  bodies: Map<string, Map<string, string>>;
  bases: Map<string, Set<string>>;
  /** the structs the code hands to `db.AutoMigrate(&User{}, &pkg.Post{})`: tables by the code's own word */
  migrated: Set<string>;
  /** those go-pg creates (`db.CreateTable(&Company{}, …)`, a `createSchema(db, &pkg.Company{}, …)` helper of a go-pg file), as `package.Struct` */
  pg: Set<string>;
}

function goPackages(files: readonly SourceFile[]): GoPackages {
  const bodies = new Map<string, Map<string, string>>();
  const bases = new Map<string, Set<string>>();
  const gormDirs = new Set(
    // A package importing GORM, or one whose structs carry `gorm:"…"` tags (models migrated by another package).
    files
      .filter((f) => f.language === 'Go' && /gorm\.io\/gorm|jinzhu\/gorm|`[^`\n]*\b(?:gorm|bun):"/.test(f.text))
      .map((f) => path.posix.dirname(f.rel)),
  );
  // go-pg: the structs a file importing it creates tables of; their packages hold models though they import no ORM.
  const pg = new Set<string>();
  for (const f of files) {
    if (f.language !== 'Go' || isTestFile(f.rel) || !/github\.com\/go-pg\/pg/.test(f.text)) continue;
    const code = codeOf(f);
    const own = goPackageName(code);
    for (const m of code.matchAll(/\b(?:CreateTable|[cC]reateSchema|[cC]reateTables)\s*\(/g)) {
      const open = m.index + m[0].length - 1;
      for (const t of code.slice(open, closing(code, open)).matchAll(/&(?:(\w+)\.)?(\w+)\s*\{\s*\}|\(\*(?:(\w+)\.)?(\w+)\)\(nil\)/g))
        pg.add(`${t[1] ?? t[3] ?? own}.${(t[2] ?? t[4])!}`);
    }
  }
  if (pg.size > 0)
    for (const f of files) {
      if (f.language !== 'Go') continue;
      const code = codeOf(f);
      const pkg = goPackageName(code);
      if ([...code.matchAll(/^type\s+(\w+)\s+struct\s*\{/gm)].some((m) => pg.has(`${pkg}.${m[1]}`)))
        gormDirs.add(path.posix.dirname(f.rel));
    }
  for (const f of files) {
    const dir = path.posix.dirname(f.rel);
    if (f.language !== 'Go' || !gormDirs.has(dir)) continue;
    const code = codeOf(f);
    const map = bodies.get(dir) ?? bodies.set(dir, new Map()).get(dir)!;
    for (const m of code.matchAll(/^type\s+(\w+)\s+struct\s*\{/gm)) map.set(m[1]!, braceBody(code, m.index + m[0].length - 1).body);
  }
  const migrated = new Set<string>([...pg].map((q) => q.split('.').pop()!));
  for (const f of files) {
    if (f.language !== 'Go' || isTestFile(f.rel)) continue;
    const code = codeOf(f);
    for (const m of code.matchAll(/\.AutoMigrate\s*\(/g)) {
      const open = m.index + m[0].length - 1;
      for (const t of code.slice(open, closing(code, open)).matchAll(/&?(?:\w+\.)?(\w+)\s*\{/g)) migrated.add(t[1]!);
    }
  }
  for (const [dir, map] of bodies) {
    const set = bases.set(dir, new Set()).get(dir)!;
    for (const body of map.values())
      for (const e of body.matchAll(/^[ \t]+\*?(\w+)[ \t]*(?:`[^`]*`)?[ \t]*$/gm)) if (map.has(e[1]!)) set.add(e[1]!);
  }
  return { bodies, bases, migrated, pg };
}

function gorm(file: SourceFile, code: string, packages: GoPackages): DataEntity[] {
  const dir = path.posix.dirname(file.rel);
  const pkg = packages.bodies.get(dir);
  if (!pkg) return [];
  const bases = packages.bases.get(dir) ?? new Set<string>();
  const out: DataEntity[] = [];
  const structs = [...code.matchAll(/^type\s+(\w+)\s+struct\s*\{/gm)];
  // The package's structs, whichever of its files declares them.
  const names = new Set(pkg.keys());
  // GORM's `gorm.Model` / `gorm:"…"` tags, or bun's `bun.BaseModel` / `bun:"…"` tags.
  // (A tag telling the ORM to ignore the field, `gorm:"-"`, makes no model: a DTO's or a JSON part's.)
  const isModelBody = (body: string, depth = 0): boolean =>
    /gorm\.Model|gorm:"(?!-")|bun\.BaseModel|bun:"(?!-")/.test(body) ||
    (depth < 4 &&
      [...body.matchAll(/^[ \t]+\*?(\w+)[ \t]*$/gm)].some((e) => bases.has(e[1]!) && isModelBody(pkg.get(e[1]!) ?? '', depth + 1)));
  for (const m of structs) {
    const { body, start } = braceBody(code, m.index + m[0].length - 1);
    // A base other structs embed (`Model`) is no table of its own: its fields are theirs — unless the code migrates it.
    if (bases.has(m[1]!) && !packages.migrated.has(m[1]!)) continue;
    // A struct that embeds a migrated table without being migrated itself wraps it (a serializer, a response): no table.
    if (
      packages.migrated.size > 0 &&
      !packages.migrated.has(m[1]!) &&
      [...body.matchAll(/^[ \t]+\*?(\w+)[ \t]*(?:`[^`]*`)?[ \t]*$/gm)].some((e) => packages.migrated.has(e[1]!))
    )
      continue;
    // A model: it embeds gorm.Model or a base of the package that is one, has gorm tags, or a model of the package holds it as a field.
    const referenced = [...pkg].some(
      // (A field the ORM ignores, `gorm:"-"`, holds no model.)
      ([name, other]) =>
        name !== m[1] && new RegExp(`^\\s*\\w+\\s+\\*?(?:\\[\\])?\\*?${m[1]}\\b(?![^\\n]*gorm:"-")`, 'm').test(other) && isModelBody(other),
    );
    const pg = packages.pg.has(`${goPackageName(code)}.${m[1]}`);
    if (!isModelBody(body) && !referenced && !pg) continue;
    const entity: DataEntity = {
      name: m[1]!,
      kind: pg ? 'go-pg' : /bun\.BaseModel|bun:"/.test(body) ? 'bun' : 'gorm',
      file: file.rel,
      line: lineAt(code, m.index),
      fields: [],
      relations: [],
    };
    const pk = new Set<string>();
    let offset = start;
    for (const l of body.split('\n')) {
      const line = lineAt(code, offset);
      offset += l.length + 1;
      if (/^\s*gorm\.Model\b/.test(l)) {
        entity.fields.push(
          { name: 'ID', type: 'uint', line, key: 'PK' },
          { name: 'CreatedAt', type: 'time.Time', line },
          { name: 'UpdatedAt', type: 'time.Time', line },
          { name: 'DeletedAt', type: 'gorm.DeletedAt', line },
        );
        continue;
      }
      const embedded = /^\s*\*?(\w+)\s*$/.exec(l)?.[1];
      if (embedded && bases.has(embedded)) {
        // The base's fields, cited at the line embedding it.
        for (const b of (pkg.get(embedded) ?? '').matchAll(/^\s*(\w+)\s+(\*?\[?\]?\*?[\w.]+)\s*(`[^`]*`)?/gm)) {
          entity.fields.push({ name: b[1]!, type: b[2]!, line });
          if (/primaryKey|primary_key/.test(b[3] ?? '') || b[1] === 'ID') pk.add(b[1]!);
        }
        continue;
      }
      const f = /^\s*(\w+)\s+(\*?\[?\]?\*?[\w.]+)\s*(`[^`]*`)?/.exec(l);
      if (!f) continue;
      const type = f[2]!.replace(/^[*[\]]+/, '');
      // A model of another package (`Author accountModel.Account`): a struct of that name there with gorm tags.
      const bare = type.replace(/^\w+\./, '');
      const elsewhere =
        type.includes('.') &&
        !type.startsWith('gorm.') &&
        [...packages.bodies].some(([d, b]) => d !== dir && /gorm:"|gorm\.Model|bun:"|bun\.BaseModel/.test(b.get(bare) ?? ''));
      // A field the ORM ignores (`Params Params \`gorm:"-"\``) is neither a column nor a relation.
      if (f[3] && /(?:gorm|bun):"-"/.test(f[3])) continue;
      if (names.has(type) || elsewhere) {
        // `User User` beside `UserID uint` (or `gorm:"foreignKey:X"`): a belongs-to relation; a slice is the other side,
        // unless it is a many-to-many (`gorm:"many2many:article_tags"`): a relation through that join table.
        const joinTable = /many2many:(\w+)/.exec(f[3] ?? '')?.[1] ?? /\bm2m:(\w+)/.exec(f[3] ?? '')?.[1];
        // bun's `rel:has-one` / `rel:belongs-to` on a struct field: a relation of this struct's (a `rel:has-many` slice is, as
        // in GORM, the other side: drawn from the struct holding the key).
        if (/\bbun:"[^"]*\brel:/.test(f[3] ?? '')) {
          if (!f[2]!.includes('[]')) entity.relations.push({ to: bare, field: f[1]!, line });
        } else if (!f[2]!.includes('[]'))
          entity.relations.push({ to: bare, field: /foreignKey:(\w+)/.exec(f[3] ?? '')?.[1] ?? `${f[1]}ID`, line });
        else if (joinTable) {
          entity.relations.push({ to: bare, field: f[1]!, line });
          entity.tables = [...(entity.tables ?? []), joinTable];
        }
        continue;
      }
      entity.fields.push({ name: f[1]!, type: f[2]!, line });
      if (/primaryKey|primary_key|bun:"[^"]*,pk\b/.test(f[3] ?? '') || f[1] === 'ID') pk.add(f[1]!);
    }
    // go-pg: a `CompanyID` column of a model `Company` of the package refers to it, with or without a `Company` field.
    if (pg)
      for (const f of entity.fields) {
        const to = /^(\w+)ID$/.exec(f.name)?.[1];
        if (to && to !== m[1] && names.has(to) && !entity.relations.some((r) => r.field === f.name)) {
          entity.relations.push({ to, field: f.name, line: f.line });
          f.key = 'FK';
        }
      }
    // GORM has-many: `Applications []Application` in `User` and `UserID` in `Application`: the key's struct refers to `User`.
    for (const f of entity.fields) {
      const to = /^(\w+)ID$/.exec(f.name)?.[1];
      if (!to || to === m[1] || !names.has(to) || entity.relations.some((r) => r.field === f.name || r.to === to)) continue;
      if (!new RegExp(String.raw`^\s*\w+\s+\[\]\*?${m[1]}\b(?![^\n]*gorm:"-")`, 'm').test(pkg.get(to) ?? '')) continue;
      entity.relations.push({ to, field: f.name, line: f.line });
      f.key = 'FK';
    }
    markKeys(entity, pk);
    out.push(entity);
  }
  return out;
}

/** A Go file's package name (`package gorsk`). */
function goPackageName(code: string): string {
  return /^\s*package\s+(\w+)/m.exec(code)?.[1] ?? '';
}

function jpa(file: SourceFile, code: string): DataEntity[] {
  const out: DataEntity[] = [];
  // An `@Embeddable` is no table: its columns, relations and join tables are those of the entity embedding it (`@Embedded`), as a base's.
  for (const m of code.matchAll(/@(Entity|MappedSuperclass|Embeddable)\b[\s\S]*?\bclass\s+(\w+)/g)) {
    // Kotlin's primary constructor (`data class Comment(var body: String = "", @ManyToOne var article: Article = Article())`)
    // declares the entity's fields; the class body, if any, follows it.
    let at = m.index + m[0].length;
    let ctor: { text: string; start: number } | undefined;
    const paren = /^\s*(?:<[^>]*>\s*)?(?:(?:private|protected|public|internal)\s+)?(?:constructor\s*)?\(/.exec(code.slice(at));
    if (paren) {
      const open = at + paren[0].length - 1;
      const close = closing(code, open);
      ctor = { text: code.slice(open + 1, close - 1), start: open + 1 };
      at = close;
    }
    // The class body: Java's after its `extends … implements …`; Kotlin's, if any, right after the constructor and supertypes.
    const brace = ctor ? /^\s*(?::[^{\n]*)?\{/.exec(code.slice(at)) : /^[^{]*\{/.exec(code.slice(at));
    const { body: whole, start } = brace ? braceBody(code, at + brace[0].length - 1) : { body: '', start: at };
    // Fields only: method and initializer bodies blanked (same length, newlines kept), so a local variable is never a field.
    let body = '';
    for (let i = 0, depth = 0; i < whole.length; i++) {
      const c = whole[i]!;
      if (c === '{') depth++;
      body += depth > 0 && c !== '\n' ? ' ' : c;
      if (c === '}') depth = Math.max(0, depth - 1);
    }
    // Its base class (Java `extends Base`, Kotlin `: Base()`): a `@MappedSuperclass` gives it its fields.
    const header = code.slice(m.index + m[0].length, at + (brace ? brace[0].length : 0));
    const base = (/\bextends\s+([\w.]+)/.exec(header) ?? /^[^{]*?:\s*([\w.]+)\s*\(/.exec(code.slice(at)))?.[1]?.split('.').pop();
    const table = /@Table\s*\([^)]*?\bname\s*=\s*"([^"]+)"/.exec(code.slice(m.index, m.index + m[0].length))?.[1];
    const entity: DataEntity = {
      name: m[2]!,
      kind: 'jpa',
      file: file.rel,
      line: lineAt(code, m.index),
      fields: [],
      relations: [],
      ...(base ? { bases: [base] } : {}),
      ...(m[1] === 'MappedSuperclass' || m[1] === 'Embeddable' ? { abstract: true } : {}),
    };
    const tables = [table, ...[...whole.matchAll(/@JoinTable\s*\(\s*name\s*=\s*"([^"]+)"/g)].map((j) => j[1])].filter(
      (t): t is string => t !== undefined,
    );
    if (tables.length > 0) entity.tables = tables;
    const pk = new Set<string>();
    // A field: annotations, then `[modifiers] Type name [= …];` (Kotlin: `val name: Type`).
    const fields = (text: string, offset: number): void => {
      for (const f of text.matchAll(
        /((?:@\w+(?:\.\w+)*(?:\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\s+)*)(?:(?:private|protected|public|final|transient|override|lateinit|open)\s+)*(?:([\w<>,.? ]+?)\s+(\w+)\s*(?:=[^;]*)?;|(?:val|var)\s+(\w+)\s*:\s*([\w<>?.]+(?:<[\w<>?., ]*>)?\??))/g,
      )) {
        const annotations = f[1] ?? '';
        const name = f[3] ?? f[4];
        const type = (f[2] ?? f[5] ?? '').trim().replace(/^(?:(?:private|protected|public|final|transient|volatile)\s+)+/, '');
        if (!name || /\b(?:static|return|new|class)\b/.test(type) || /@Transient\b/.test(annotations) || type === '') continue;
        const line = lineAt(code, offset + f.index + (f[0].length - f[0].trimStart().length));
        if (/@(?:ManyToOne|OneToOne)\b/.test(annotations)) {
          // A one-to-one's inverse side (`@OneToOne(mappedBy = "address")`) has no column: the owner's join column is the relation.
          if (/@OneToOne\s*\([^)]*\bmappedBy\s*=/.test(annotations)) continue;
          const column = /@JoinColumn\([^)]*name\s*=\s*"(\w+)"/.exec(annotations)?.[1] ?? `${name}_id`;
          entity.relations.push({ to: type.replace(/\?$/, ''), field: column, line });
          entity.fields.push({ name: column, type: type.replace(/\?$/, ''), line, key: 'FK' });
          continue;
        }
        if (/@(?:OneToMany|ManyToMany)\b/.test(annotations)) {
          // The owning side of a collection (no mappedBy): its join column or table links the two entities; the inverse side is drawn from the other one.
          const element = /<\s*(?:[\w.]+\s*,\s*)?([\w.]+)\s*>/.exec(type)?.[1]?.split('.').pop();
          if (element && !/\bmappedBy\s*=/.test(annotations)) entity.relations.push({ to: element, field: name, line });
          continue;
        }
        // An embeddable's field is a column of the embedding entity's table, named as its `@Column(name = …)` says.
        const column = m[1] === 'Embeddable' ? /@Column\s*\([^)]*\bname\s*=\s*"(\w+)"/.exec(annotations)?.[1] : undefined;
        entity.fields.push({ name: column ?? name, type, line });
        if (/@Embedded\b/.test(annotations)) entity.bases = [...(entity.bases ?? []), type.split('.').pop()!];
        if (/@(?:Id|EmbeddedId)\b/.test(annotations)) pk.add(name);
      }
    };
    if (ctor) fields(ctor.text, ctor.start);
    fields(body, start);
    markKeys(entity, pk);
    out.push(entity);
  }
  return out;
}

/**
 * Sequelize associations written in a file of their own (`models/index.js`: `Wallet.belongsTo(User, { foreignKey:
 * "user_id" })`, `User.hasMany(Address, { foreignKey: "user_id" })`, `Product.belongsToMany(Seller, { through:
 * ProductSeller, foreignKey: "product_id", otherKey: "seller_id" })`): each foreign key is a relation of the model
 * that holds it — the `belongsTo` side, the target of a `hasMany` / `hasOne`, the `through` model of a
 * `belongsToMany` (its two keys). Both names must be Sequelize models of the tree; new objects (the per-file results
 * are shared), one relation per field and target left to dataModels.
 */
function sequelizeAssociations(files: readonly SourceFile[], entities: DataEntity[]): DataEntity[] {
  const models = new Map(entities.filter((e) => e.kind === 'sequelize').map((e) => [e.name, e]));
  if (models.size === 0) return entities;
  const added = new Map<string, DataRelation[]>();
  const add = (holder: string, rel: DataRelation): void => {
    if (!added.has(holder)) added.set(holder, []);
    added.get(holder)!.push(rel);
  };
  // A model is named in code by the variable it is bound to (`const Item = db.define('items', …)`) and by the
  // name another module imports it under (`import Subcategory from './subcategory.js'`): each file's names → models.
  const modelsOfFile = new Map<string, string[]>();
  for (const e of entities) if (e.kind === 'sequelize') modelsOfFile.set(e.file, [...(modelsOfFile.get(e.file) ?? []), e.name]);
  const moduleOf = (from: string, spec: string): string | undefined => {
    if (!spec.startsWith('.')) return undefined;
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    return [base, ...['.js', '.ts', '.mjs', '.cjs', '/index.js', '/index.ts'].map((x) => base + x)].find((c) => modelsOfFile.has(c));
  };
  const namesOf = new Map<string, Map<string, string>>();
  const names = (f: SourceFile): Map<string, string> => {
    let m = namesOf.get(f.rel);
    if (m) return m;
    m = new Map<string, string>();
    const code = codeOf(f);
    for (const d of code.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*[\w.]+\.define\s*\(\s*["'](\w+)["']/g)) m.set(d[1]!, d[2]!);
    // `db.user = require("./user.model.js")(sequelize, Sequelize)` (a Sequelize-CLI style index): `db.user` names that module's model.
    for (const d of code.matchAll(/\b(?:db|models)\s*\.\s*(\w+)\s*=\s*require\s*\(\s*["']([^"']+)["']\s*\)/g)) {
      const target = moduleOf(f.rel, d[2]!);
      const own = target ? modelsOfFile.get(target) : undefined;
      if (own?.length === 1) m.set(d[1]!, own[0]!);
    }
    for (const i of code.matchAll(
      /\bimport\s+(\w+)\s+from\s+["']([^"']+)["']|\b(?:const|let|var)\s+(\w+)\s*=\s*require\s*\(\s*["']([^"']+)["']\s*\)/g,
    )) {
      const target = moduleOf(f.rel, (i[2] ?? i[4])!);
      const own = target ? modelsOfFile.get(target) : undefined;
      if (own?.length === 1) m.set((i[1] ?? i[3])!, own[0]!);
    }
    namesOf.set(f.rel, m);
    return m;
  };
  const byRel = new Map(files.map((f) => [f.rel, f]));
  // A model's table (Sequelize-CLI migrations and `references: { model: 'roles' }` name tables): its `tableName`, else its
  // name or that name pluralized, without case.
  const plural = (n: string): string => (/[^aeiou]y$/i.test(n) ? `${n.slice(0, -1)}ies` : /(?:s|x|z|ch|sh)$/i.test(n) ? `${n}es` : `${n}s`);
  const modelOfTable = new Map<string, string | null>();
  const claim = (table: string, model: string): void => {
    const t = table.toLowerCase();
    modelOfTable.set(t, modelOfTable.has(t) && modelOfTable.get(t) !== model ? null : model);
  };
  for (const e of models.values()) {
    const text = byRel.get(e.file)?.text ?? '';
    const tableName = (modelsOfFile.get(e.file)?.length ?? 0) === 1 ? /\btableName\s*:\s*["'](\w+)["']/.exec(text)?.[1] : undefined;
    if (tableName) claim(tableName, e.name);
    else for (const t of new Set([e.name, plural(e.name)])) claim(t, e.name);
  }
  const tableModel = (t: string): string | undefined => modelOfTable.get(t.toLowerCase()) ?? undefined;
  // A model's own relations written with a variable (`references: { model: Subcategory }`) name the model it holds;
  // one naming a table (`references: { model: "roles" }`) the model of that table.
  const named = entities.map((e) => {
    const file = e.kind === 'sequelize' ? byRel.get(e.file) : undefined;
    if (!file || e.relations.every((r) => models.has(r.to))) return e;
    const own = names(file);
    const to = (n: string): string => (models.has(n) ? n : (own.get(n) ?? tableModel(n) ?? n));
    return { ...e, relations: e.relations.map((r) => (to(r.to) === r.to ? r : { ...r, to: to(r.to) })) };
  });
  for (const f of files) {
    if (f.language !== 'JavaScript' && f.language !== 'TypeScript') continue;
    if (!/\.(?:belongsTo|hasMany|hasOne|belongsToMany)\s*\(/.test(f.text)) continue;
    const code = codeOf(f);
    const own = names(f);
    const model = (n: string): string | undefined => own.get(n) ?? (models.has(n) ? n : undefined);
    for (const m of code.matchAll(
      /\b(?:models\.|db\.)?(\w+)\.(belongsToMany|belongsTo|hasMany|hasOne)\s*\(\s*(?:models\.|db\.)?(\w+)\s*(?:,\s*\{([^}]*(?:\{[^}]*\}[^}]*)*)\})?/g,
    )) {
      const [, fromName, kind, toName, options = ''] = m;
      const from = model(fromName!);
      const to = model(toName!);
      if (!from || !to) continue;
      const key = (name: string): string | undefined =>
        new RegExp(String.raw`\b${name}\s*:\s*(?:\{\s*name\s*:\s*)?["'](\w+)["']`).exec(options)?.[1];
      const line = lineAt(code, m.index);
      const as = /\bas\s*:\s*["'](\w+)["']/.exec(options)?.[1];
      if (kind === 'belongsTo') add(from, { to, field: key('foreignKey') ?? sequelizeKey(to, as), line, file: f.rel });
      else if (kind === 'hasMany' || kind === 'hasOne')
        add(to, { to: from, field: key('foreignKey') ?? sequelizeKey(from), line, file: f.rel });
      else {
        const throughName = /\bthrough\s*:\s*(?:models\.|db\.)?(\w+)\b(?!\s*["'])/.exec(options)?.[1];
        const through = throughName ? model(throughName) : undefined;
        if (!through) continue;
        add(through, { to: from, field: key('foreignKey') ?? sequelizeKey(from), line, file: f.rel });
        add(through, { to, field: key('otherKey') ?? sequelizeKey(to), line, file: f.rel });
      }
    }
  }
  // Sequelize-CLI migrations (docs/docgen-arch-api.md §Data model): a foreign key a migration declares —
  // `queryInterface.createTable('Posts', { userId: { references: { model: 'Users' } } })`, `addColumn('Posts', 'userId',
  // { references: { model: { tableName: 'Users' } } })` — is a relation of the model whose table it is, to the model of
  // the table it references (a model's table: its `tableName`, its name, or that name pluralized, without case).
  const referenced = (value: string): string | undefined =>
    /\breferences\s*:\s*\{[^]*?\bmodel\s*:\s*(?:\{[^}]*?\btableName\s*:\s*)?["'](\w+)["']/.exec(value)?.[1];
  for (const f of files) {
    if (f.language !== 'JavaScript' && f.language !== 'TypeScript') continue;
    if (!/\.(?:createTable|addColumn)\s*\(/.test(f.text) || !/\breferences\s*:/.test(f.text)) continue;
    const code = codeOf(f);
    for (const m of code.matchAll(/\.createTable\s*\(\s*["'](\w+)["']\s*,\s*\{/g)) {
      const holder = tableModel(m[1]!);
      if (!holder) continue;
      const { body, start } = braceBody(code, m.index + m[0].length - 1);
      for (const entry of topLevelEntries(body)) {
        const to = referenced(entry.value);
        const target = to ? tableModel(to) : undefined;
        if (target) add(holder, { to: target, field: entry.key, line: lineAt(code, start + entry.at), file: f.rel });
      }
    }
    for (const m of code.matchAll(/\.addColumn\s*\(\s*["'](\w+)["']\s*,\s*["'](\w+)["']\s*,\s*\{/g)) {
      const holder = tableModel(m[1]!);
      const { body } = braceBody(code, m.index + m[0].length - 1);
      const to = referenced(`{${body}}`);
      const target = to ? tableModel(to) : undefined;
      if (holder && target) add(holder, { to: target, field: m[2]!, line: lineAt(code, m.index), file: f.rel });
    }
  }
  if (added.size === 0) return named;
  return named.map((e) => {
    const more = e.kind === 'sequelize' ? added.get(e.name) : undefined;
    if (!more) return e;
    // A relation the model's own file states already (`references`, a `belongsTo` beside its `define`), or another
    // call states (a `belongsTo` and its `hasMany`), is not added again.
    // (Fields compared without case: `teamId` declared and the `TeamId` a `belongsTo(Team)` names are one key.)
    const same = (a: DataRelation, b: DataRelation): boolean => a.field.toLowerCase() === b.field.toLowerCase() && a.to === b.to;
    const fresh = more.filter((r, i) => !e.relations.some((o) => same(o, r)) && more.findIndex((o) => same(o, r)) === i);
    const keys = new Set(fresh.map((r) => r.field.toLowerCase()));
    return {
      ...e,
      fields: e.fields.map((fl) => (keys.has(fl.name.toLowerCase()) && !fl.key ? { ...fl, key: 'FK' as const } : fl)),
      relations: [...e.relations, ...fresh],
    };
  });
}

/** Every data model of the sources and project files (SQL, Prisma), sorted by name then file. */
export function dataModels(files: readonly SourceFile[]): DataEntity[] {
  const out: DataEntity[] = [];
  const djangoModels = djangoModelNames(
    files.filter((f) => f.language === 'Python' && /\bmodels\b/.test(f.text)).map((f) => ({ code: codeOf(f) })),
  );
  const djangoKey = [...djangoModels].sort().join(',');
  const go = goPackages(files);
  // Django's `settings.AUTH_USER_MODEL` names the project's user model (`AUTH_USER_MODEL = "users.BaseUser"`).
  const userModel = files
    .filter((f) => f.language === 'Python')
    .map((f) => /^AUTH_USER_MODEL\s*=\s*["'][\w.]*?\.?(\w+)["']/m.exec(f.text)?.[1])
    .find((x) => x !== undefined);
  // Per file, kept by content (a Python file's models also depend on the Django model names of the tree).
  const goKey = (f: SourceFile): string => {
    const dir = path.posix.dirname(f.rel);
    return f.language === 'Go'
      ? JSON.stringify([[...(go.bodies.get(dir) ?? [])], [...(go.bases.get(dir) ?? [])], [...go.migrated], [...go.pg]])
      : '';
  };
  for (const f of files)
    out.push(
      ...perFile(f.text, `models\0${f.rel}\0${f.language}\0${f.language === 'Python' ? djangoKey : goKey(f)}`, () =>
        modelsOf(f, djangoModels, go),
      ),
    );
  // Django: the fields of abstract bases (`class Tag(TimestampedModel)` with `abstract = True`) after the id; the bases themselves are no tables.
  const abstracts = new Map(out.filter((e) => e.abstract).map((e) => [e.name, e]));
  if (abstracts.size > 0) {
    const inherited = (e: DataEntity, depth = 0): DataEntity['fields'] =>
      depth > 4
        ? []
        : (e.bases ?? []).flatMap((b) => {
            const base = abstracts.get(b);
            // Cited where the base declares them.
            return base ? [...inherited(base, depth + 1), ...base.fields.map((f) => ({ ...f, file: f.file ?? base.file }))] : [];
          });
    out.splice(
      0,
      out.length,
      ...out
        .filter((e) => !e.abstract)
        .map((e) => {
          const more = ['django', 'jpa', 'sqlalchemy', 'typeorm', 'mongoengine'].includes(e.kind)
            ? inherited(e).filter((f) => !e.fields.some((o) => o.name === f.name))
            : [];
          if (more.length === 0) return e;
          // SQLAlchemy: a mixin's columns after the model's own.
          if (e.kind === 'sqlalchemy') return { ...e, fields: [...e.fields, ...more] };
          // MongoEngine: the abstract base's fields (its `id` first), then the document's own.
          if (e.kind === 'mongoengine') return { ...e, fields: [...more, ...e.fields] };
          // JPA: a `@MappedSuperclass`'s fields (its `@Id` among them) come first, and its relations are the entity's too.
          if (e.kind === 'jpa' || e.kind === 'typeorm') {
            const relations = (e.bases ?? []).flatMap((b) => {
              const base = abstracts.get(b);
              return base ? base.relations.map((r) => ({ ...r, file: r.file ?? base.file })) : [];
            });
            const tables = [...(e.tables ?? []), ...(e.bases ?? []).flatMap((b) => abstracts.get(b)?.tables ?? [])];
            // A field typed by an embeddable / base read into its columns is not a column itself; one field per name.
            const own = e.fields.filter((f) => !abstracts.has(f.type.split('.').pop()!));
            const fields = [...inherited(e).filter((f) => !own.some((o) => o.name === f.name)), ...own].filter(
              (f, i, all) => !abstracts.has(f.type.split('.').pop()!) && all.findIndex((o) => o.name === f.name) === i,
            );
            return { ...e, fields, relations: [...relations, ...e.relations], ...(tables.length > 0 ? { tables } : {}) };
          }
          // Django: an abstract base's foreign keys are the model's own too (`updated_by = ForeignKey(…)` on a `BaseModel`
          // gives every subclass that column and relation), cited where the base declares them.
          const ofBases = (x: DataEntity, depth = 0): DataRelation[] =>
            depth > 4
              ? []
              : (x.bases ?? []).flatMap((b) => {
                  const base = abstracts.get(b);
                  return base ? [...ofBases(base, depth + 1), ...base.relations.map((r) => ({ ...r, file: r.file ?? base.file }))] : [];
                });
          const baseRelations =
            e.kind === 'django'
              ? ofBases(e).filter(
                  (r, i, all) => !e.relations.some((o) => o.field === r.field) && all.findIndex((o) => o.field === r.field) === i,
                )
              : [];
          return {
            ...e,
            fields: [e.fields[0]!, ...more, ...e.fields.slice(1)],
            ...(baseRelations.length > 0 ? { relations: [...baseRelations, ...e.relations] } : {}),
          };
        }),
    );
  }
  // (new objects: the per-file results are shared with later runs). With no AUTH_USER_MODEL setting,
  // Django's default `auth.User` is the user model.
  out.splice(
    0,
    out.length,
    ...out.map((e) =>
      e.kind === 'django' && e.relations.some((r) => r.to === 'AUTH_USER_MODEL')
        ? { ...e, relations: e.relations.map((r) => (r.to === 'AUTH_USER_MODEL' ? { ...r, to: userModel ?? 'User' } : r)) }
        : e,
    ),
  );
  out.splice(0, out.length, ...sequelizeAssociations(files, out));
  // Mongoose: a `ref` naming the schema variable of a model of the tree (`ref: "userSchema"` with
  // `model("User", userSchema)`) points at that model; a name no model or schema has is kept as written.
  const mongooseModels = new Set(out.filter((e) => e.kind === 'mongoose').map((e) => e.name));
  if (mongooseModels.size > 0) {
    const modelOfSchema = new Map<string, string | null>();
    for (const f of files) {
      if ((f.language !== 'JavaScript' && f.language !== 'TypeScript') || !/\bmodel\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(/.test(f.text))
        continue;
      for (const m of codeOf(f).matchAll(/\bmodel\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(\s*["'](\w+)["']\s*,\s*(\w+)/g))
        if (mongooseModels.has(m[1]!))
          modelOfSchema.set(m[2]!, modelOfSchema.has(m[2]!) && modelOfSchema.get(m[2]!) !== m[1] ? null : m[1]!);
    }
    out.splice(
      0,
      out.length,
      ...out.map((e) =>
        e.kind !== 'mongoose' || !e.relations.some((r) => !mongooseModels.has(r.to) && modelOfSchema.get(r.to))
          ? e
          : {
              ...e,
              relations: e.relations.map((r) =>
                !mongooseModels.has(r.to) && modelOfSchema.get(r.to) ? { ...r, to: modelOfSchema.get(r.to)! } : r,
              ),
            },
      ),
    );
  }
  // SQLAlchemy: a relation to a class (`ForeignKey(User.id)`, `relationship('Post')`) points at its table.
  const tableOf = new Map(out.filter((e) => e.kind === 'sqlalchemy' && e.className).map((e) => [e.className!, e.name]));
  const linked = new Set<string>();
  const withTables = out.map((e) =>
    e.kind !== 'sqlalchemy' ? e : { ...e, relations: e.relations.map((r) => (tableOf.has(r.to) ? { ...r, to: tableOf.get(r.to)! } : r)) },
  );
  for (const e of withTables) for (const r of e.relations) if (!r.via) linked.add(`${e.name}\u0000${r.to}`).add(`${r.to}\u0000${e.name}`);
  return ormWins(
    files,
    prismaWins(
      currentTables(
        installedOnly(withTables, files).map((e) => {
          // One relation per field (without case) and target (Sequelize: `references` and `belongsTo` say it twice); a
          // relationship() whose foreign key is already drawn between the two tables adds nothing.
          const seen = new Set<string>();
          return {
            ...e,
            relations: e.relations.filter(
              (r) =>
                !(r.via && linked.has(`${e.name}\u0000${r.to}`)) &&
                !seen.has(`${r.field.toLowerCase()}\u0000${r.to}`) &&
                !!seen.add(`${r.field.toLowerCase()}\u0000${r.to}`),
            ),
          };
        }),
        files,
      ),
      files,
    ),
  ).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}

/**
 * A table written both as an ORM class and in SQL (`@Entity @Table(name = "owners") class Owner` and
 * `CREATE TABLE owners` of a schema script) is one entity: the class, with the SQL cited in its
 * `alsoIn`. A class's table is the one it names (`@Table`, a `@JoinTable`), else its own name or
 * that name in snake case (Spring's naming), compared without case.
 */
function ormWins(files: readonly SourceFile[], entities: DataEntity[]): DataEntity[] {
  const snake = (n: string): string => n.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  // The plural GORM, Sequelize, ActiveRecord-style ORMs give a class's table (`Category` → `categories`).
  const plural = (n: string): string[] =>
    /[^aeiou]y$/.test(n) ? [`${n.slice(0, -1)}ies`] : /(?:s|x|z|ch|sh)$/.test(n) ? [`${n}es`] : [`${n}s`];
  const textOf = new Map(files.map((f) => [f.rel, f.text]));
  /** The table a class's own code names: TypeORM `@Entity('users')` / `@Entity({ name })`, Django `db_table`, GORM `TableName()`. */
  const named = (e: DataEntity): string[] => {
    const text = textOf.get(e.file);
    if (!text) return [];
    const n = (e.className ?? e.name).replace(/\$/g, '\\$');
    const out: string[] = [];
    const typeorm = new RegExp(
      String.raw`@Entity\s*\(\s*(?:["'\x60](\w+)["'\x60]|\{[^}]*\bname\s*:\s*["'\x60](\w+)["'\x60][^}]*\})[^)]*\)\s*(?:@[\w.]+(?:\([^)]*\))?\s*)*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+${n}\b`,
    ).exec(text);
    if (typeorm) out.push((typeorm[1] ?? typeorm[2])!);
    const django = new RegExp(String.raw`^class\s+${n}\s*\(`, 'm').exec(text);
    if (django) {
      const rest = text.slice(text.indexOf('\n', django.index) + 1);
      const end = rest.search(/^\S/m);
      const table = /\bdb_table\s*=\s*["'](\w+)["']/.exec(end < 0 ? rest : rest.slice(0, end))?.[1];
      if (table) out.push(table);
    }
    const jpa = new RegExp(String.raw`@Table\s*\([^)]*?\bname\s*=\s*"(\w+)"[^)]*\)[^{;]*?\bclass\s+${n}\b`).exec(text);
    if (jpa) out.push(jpa[1]!);
    const gorm = new RegExp(String.raw`func\s*\(\s*(?:\w+\s+)?\*?${n}\s*\)\s*TableName\s*\(\s*\)\s*string\s*\{\s*return\s+"(\w+)"`).exec(
      text,
    );
    if (gorm) out.push(gorm[1]!);
    return out;
  };
  const owner = new Map<string, DataEntity>();
  for (const e of entities) {
    if (e.kind === 'sql') continue;
    for (const t of [...(e.tables ?? []), ...named(e), e.name, snake(e.name), ...(e.className ? [e.className] : [])])
      if (!owner.has(t.toLowerCase())) owner.set(t.toLowerCase(), e);
  }
  // The plural last: a table of that name written as its own class keeps it.
  for (const e of entities) {
    if (e.kind === 'sql' || e.kind === 'prisma') continue;
    for (const t of plural(snake(e.className ?? e.name))) if (!owner.has(t)) owner.set(t, e);
  }
  // The class's own table (not a join table it names): its SQL's foreign keys are the class's relations too.
  const own = (e: DataEntity, table: string): boolean =>
    [...named(e), e.name, snake(e.name), ...(e.className ? [e.className] : []), ...plural(snake(e.className ?? e.name))].some(
      (t) => t.toLowerCase() === table,
    );
  const also = new Map<DataEntity, string[]>();
  const more = new Map<DataEntity, DataRelation[]>();
  const kept = entities.filter((e) => {
    const o = e.kind === 'sql' ? owner.get(e.name.toLowerCase()) : undefined;
    if (!o) return true;
    also.set(o, [...(also.get(o) ?? []), `${e.file}:${e.line}`, ...(e.alsoIn ?? [])]);
    // A foreign key the SQL declares and the class does not (`author_id REFERENCES accounts(id)` beside a struct
    // with no `Author` field): a relation of the class, cited in the SQL.
    if (own(o, e.name.toLowerCase()))
      for (const r of e.relations) {
        const to = owner.get(r.to.toLowerCase())?.name ?? r.to;
        if (![...o.relations, ...(more.get(o) ?? [])].some((x) => x.to === to))
          more.set(o, [...(more.get(o) ?? []), { ...r, to, file: r.file ?? e.file }]);
      }
    return false;
  });
  // (new objects: the per-file results are shared with later runs)
  return kept.map((e) =>
    also.has(e)
      ? { ...e, alsoIn: [...(e.alsoIn ?? []), ...also.get(e)!], ...(more.has(e) ? { relations: [...e.relations, ...more.get(e)!] } : {}) }
      : e,
  );
}

/**
 * Prisma's schema is the data model; the SQL of its migrations (`prisma/migrations/…/migration.sql`,
 * any `.sql` below the schema's folder) repeats it: a table of a model (by its name or `@@map`) is
 * left out there, a table only the migrations hold (an implicit many-to-many's `_AToB`) stays.
 */
function prismaWins(entities: DataEntity[], files: readonly SourceFile[]): DataEntity[] {
  const schemas = files.filter((f) => f.rel.endsWith('.prisma'));
  if (schemas.length === 0) return entities;
  const tables = new Map<string, Set<string>>();
  for (const f of schemas) {
    const names = new Set<string>();
    for (const m of f.text.matchAll(/^\s*model\s+(\w+)\s*\{/gm)) {
      names.add(m[1]!.toLowerCase());
      const map = /@@map\(\s*(?:name\s*:\s*)?"([^"]+)"/.exec(braceBody(f.text, m.index + m[0].length - 1).body)?.[1];
      if (map) names.add(map.toLowerCase());
    }
    const dir = path.posix.dirname(f.rel);
    tables.set(dir === '.' ? '' : `${dir}/`, names);
  }
  return entities.filter(
    (e) => e.kind !== 'sql' || ![...tables].some(([dir, names]) => e.file.startsWith(dir) && names.has(e.name.toLowerCase())),
  );
}

/**
 * A migration's rollback script — golang-migrate's `1_users.down.sql`, postgrator's `001.undo.users.sql`,
 * a step folder's `down.sql`, Flyway's undo `U2__users.sql` — undoes its step: its `DROP TABLE` is no
 * later state, and what it creates is no current table.
 */
const rollback = (rel: string): boolean => {
  const name = rel.split('/').at(-1)!.toLowerCase();
  return /(?:^|[._-])(?:down|undo|rollback|revert)(?:[._-]|$)/.test(name.replace(/\.sql$/, '')) || /^u\d+(?:[._]\d+)*__/.test(name);
};

/**
 * The SQL tables as they are now: a table written once per database dialect (`db/mysql/schema.sql`,
 * `db/postgres/schema.sql`: same name, same columns) is one table, cited first by its first file
 * with the others in `alsoIn`; a table dropped by a later migration (`DROP TABLE x` later in the
 * same file, or in a file of the same migrations folder that sorts after it) is not current, nor
 * is a table of a rollback script.
 */
/**
 * Django makes tables for the models of its installed apps only: a model whose app folder (the folder of its
 * `models.py`, or the parent of its `models/` package) is named nowhere in the settings that list
 * `INSTALLED_APPS` (`'apps.orders'`, `'orders.apps.OrdersConfig'`) is no table. Kept when no such settings file
 * is read (the list may be built elsewhere).
 */
function installedOnly(entities: DataEntity[], files: readonly SourceFile[]): DataEntity[] {
  const settings = files
    .filter((f) => f.language === 'Python' && /^\s*INSTALLED_APPS\s*[+]?=/m.test(f.text))
    .map((f) => f.text)
    .join('\n');
  if (settings === '' || !entities.some((e) => e.kind === 'django')) return entities;
  const installed = (app: string): boolean =>
    app === '.' || app === '' || new RegExp(String.raw`\b${app.replace(/[^\w]/g, '')}\b`).test(settings);
  const textOf = new Map(files.map((f) => [f.rel, f.text]));
  return entities.filter((e) => {
    if (e.kind !== 'django') return true;
    const dir = path.posix.dirname(e.file);
    const app = path.posix.basename(dir) === 'models' ? path.posix.basename(path.posix.dirname(dir)) : path.posix.basename(dir);
    if (installed(app)) return true;
    // A model in another module of an installed app (`api/api_models/school.py`) is registered when the app's models
    // module imports it (`from api.api_models import School`, `from .api_models import …`): Django loads
    // `<app>.models` only, and a model belongs to the app whose package holds its module.
    const parts = dir.split('/');
    for (let i = parts.length - 1; i >= 1; i--) {
      const appDir = parts.slice(0, i).join('/');
      if (!installed(path.posix.basename(appDir))) continue;
      const models = textOf.get(`${appDir}/models.py`) ?? textOf.get(`${appDir}/models/__init__.py`) ?? '';
      const below = parts.slice(i);
      const module = [...below, path.posix.basename(e.file, '.py')];
      for (let k = 1; k <= module.length; k++) {
        const rel = module.slice(0, k).join('.');
        const dotted = `${appDir.replace(/\//g, '.')}.${rel}`;
        if (
          new RegExp(
            String.raw`^\s*from\s+(?:${dotted.replace(/\./g, '\\.')}|\.${rel.replace(/\./g, '\\.')})\s+import\b|^\s*import\s+${dotted.replace(/\./g, '\\.')}\b`,
            'm',
          ).test(models)
        )
          return true;
      }
    }
    return false;
  });
}

function currentTables(entities: readonly DataEntity[], files: readonly SourceFile[]): DataEntity[] {
  const drops: Array<{ table: string; file: string; line: number }> = [];
  for (const f of files) {
    if (f.language !== 'text' || !f.rel.endsWith('.sql') || rollback(f.rel)) continue;
    const code = withoutSqlComments(f.text);
    for (const m of code.matchAll(
      /\bdrop\s+table\s+(?:if\s+exists\s+)?((?:(?:[`"[]?\w+[`"\]]?\.)?[`"[]?\w+[`"\]]?\s*,\s*)*(?:[`"[]?\w+[`"\]]?\.)?[`"[]?\w+[`"\]]?)/gi,
    )) {
      for (const t of m[1]!.split(','))
        drops.push({ table: unquote(t.trim().split('.').pop()!).toLowerCase(), file: f.rel, line: lineAt(code, m.index) });
    }
  }
  // `ALTER TABLE "new_Category" RENAME TO "Category"`: SQLite's table redefinition (a temporary `new_X` filled from X, X
  // dropped, the copy renamed) — the table is current under its new name.
  const renames: Array<{ table: string; to: string; file: string; line: number }> = [];
  for (const f of files) {
    if (f.language !== 'text' || !f.rel.endsWith('.sql') || rollback(f.rel)) continue;
    const code = withoutSqlComments(f.text);
    for (const m of code.matchAll(
      /\balter\s+table\s+(?:if\s+exists\s+)?(?:[`"[]?\w+[`"\]]?\.)?([`"[]?\w+[`"\]]?)\s+rename\s+to\s+(?:[`"[]?\w+[`"\]]?\.)?([`"[]?\w+[`"\]]?)/gi,
    ))
      renames.push({ table: unquote(m[1]!).toLowerCase(), to: unquote(m[2]!), file: f.rel, line: lineAt(code, m.index) });
  }
  const folder = (rel: string): string => rel.split('/').slice(0, -1).join('/');
  // A migration tool's folder per step (Prisma `migrations/20240101120000_init/migration.sql`): the steps' common folder.
  const migrations = (rel: string): string =>
    /^(?:\d|V\d)/.test(rel.split('/').at(-2) ?? '') ? rel.split('/').slice(0, -2).join('/') : '';
  const dropped = (e: DataEntity): boolean =>
    drops.some(
      (d) =>
        d.table === e.name.toLowerCase() &&
        (d.file === e.file
          ? d.line > e.line
          : d.file > e.file &&
            (folder(d.file) === folder(e.file) || (migrations(d.file) !== '' && migrations(d.file) === migrations(e.file)))),
    );
  const renamed = (e: DataEntity): string | undefined =>
    renames.find(
      (d) =>
        d.table === e.name.toLowerCase() &&
        (d.file === e.file
          ? d.line > e.line
          : d.file > e.file &&
            (folder(d.file) === folder(e.file) || (migrations(d.file) !== '' && migrations(d.file) === migrations(e.file)))),
    )?.to;
  const kept: DataEntity[] = [];
  const columns = (e: DataEntity): string =>
    e.fields
      .map((f) => f.name.toLowerCase())
      .sort()
      .join(',');
  const sorted = [...entities].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  for (const e of sorted) {
    if (e.kind !== 'sql') {
      kept.push(e);
      continue;
    }
    if (dropped(e) || rollback(e.file)) continue;
    const to = renamed(e);
    if (to !== undefined) {
      // The earlier table of that name (dropped for the copy) is gone; the copy takes its name.
      const i = kept.findIndex((k) => k.kind === 'sql' && k.name.toLowerCase() === to.toLowerCase());
      if (i >= 0) kept.splice(i, 1);
      kept.push({ ...e, name: to });
      continue;
    }
    const same = kept.find(
      (k) =>
        k.kind === 'sql' &&
        k.file !== e.file &&
        folder(k.file) !== folder(e.file) &&
        k.name.toLowerCase() === e.name.toLowerCase() &&
        columns(k) === columns(e),
    );
    if (same) same.alsoIn = [...(same.alsoIn ?? []), `${e.file}:${e.line}`];
    else kept.push({ ...e });
  }
  return kept;
}

function modelsOf(f: SourceFile, djangoModels: ReadonlySet<string>, go: GoPackages): DataEntity[] {
  const out: DataEntity[] = [];
  if (f.language === 'text') {
    if (f.rel.endsWith('.sql')) out.push(...sql(f, withoutSqlComments(f.text)));
    else if (f.rel.endsWith('.prisma'))
      out.push(
        ...prisma(
          f,
          f.text.replace(/\/\/[^\n]*/g, (c) => ' '.repeat(c.length)),
        ),
      );
    return out;
  }
  const code = codeOf(f);
  switch (f.language) {
    case 'Python': {
      const plain = unaliasSqlalchemy(code);
      if (/\bmodels\.\w+|\bColumn\s*\(|\bmapped_column\s*\(|\bSQLModel\b/.test(plain)) out.push(...python(f, plain, djangoModels));
      // (Flask-MongoEngine's models import only the extension's `db`: `class User(db.Document)`.)
      if (
        /^\s*(?:from\s+(?:flask_)?mongoengine\b|import\s+(?:flask_)?mongoengine\b)/m.test(code) ||
        /^class\s+\w+\s*\(\s*\w+\.(?:Dynamic)?Document\s*\)\s*:/m.test(code)
      )
        out.push(...mongoengine(f, code));
      break;
    }
    case 'JavaScript':
    case 'TypeScript':
    case 'TSX':
      // An entity, or an abstract base class whose columns entities inherit (`abstract class AbstractEntity { @PrimaryGeneratedColumn() id }`).
      if (
        /@Entity\s*\(/.test(code) ||
        /\bclass\s+\w+[\s\S]*?@(?:PrimaryGeneratedColumn|PrimaryColumn|Column|CreateDateColumn)\s*\(/.test(code)
      )
        out.push(...typeorm(f, code));
      else if (/\.define\s*\(|\.init\s*\(|Schema\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(/.test(code)) out.push(...jsModels(f, code));
      break;
    case 'Go':
      // A struct of a test file (`soft_delete_test.go`) is a fixture, no table of the application.
      if (!isTestFile(f.rel)) out.push(...gorm(f, code, go));
      // Migrations written as SQL in Go raw strings (`CREATE TABLE accounts (…)` of a go-pg / bun / goose migration).
      if (!isTestFile(f.rel) && /`[^`]*\bcreate\s+table\b/i.test(f.text)) out.push(...sql(f, withoutSqlComments(goRawStrings(f.text))));
      break;
    case 'Java':
    case 'Kotlin':
      if (/@(?:Entity|MappedSuperclass|Embeddable)\b/.test(code)) out.push(...jpa(f, code));
      break;
    default:
      break;
  }
  return out;
}

/** A Go file's raw-string (backquoted) contents, everything else blanked (line numbers kept); comments and quoted strings are not raw strings. */
function goRawStrings(text: string): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      const stop = end < 0 ? text.length : end + 1;
      out += ` ${text.slice(i + 1, stop - 1)} `;
      i = stop;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      const stop = Math.min(text.length, j + 1);
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      out += c === '\n' ? '\n' : ' ';
      i++;
    }
  }
  return out;
}

/** SQL with `--` and block comments blanked (line numbers kept). */
function withoutSqlComments(text: string): string {
  return text.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'/g, (m) => (m.startsWith("'") ? m : m.replace(/[^\n]/g, ' ')));
}
