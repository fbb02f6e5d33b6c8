import { isTestFile } from '@docent/analyzer';
import type { BlockContent } from 'mdast';
import YAML from 'yaml';
import type { RepositoryFacts, SourceFile } from '../facts/index.ts';
import { code, heading, paragraph, root, source, table, type Inline } from './blocks.ts';
import type { PageSpec } from './arch.ts';

/**
 * The architecture sections read from project files rather than code (docs/design.md §7, Architecture
 * docs): external systems, containers and deployables, deployment & CI, cross-cutting concerns
 * and decisions. Every row cites `path:L` or `path:L-L`.
 */
const uniq = (files: Iterable<string>): string[] => [...new Set(files)].sort();
/** Lines of a text, a final newline ending the last line rather than starting another. */
const linesOf = (text: string): string[] => text.replace(/\n$/, '').split('\n');

/** Line (1-based) of the first match of `re` in `text`, or 1. */
const lineOf = (text: string, re: RegExp): number => {
  const m = re.exec(text);
  return m ? text.slice(0, m.index).split('\n').length : 1;
};

/** Kinds of external system by package (npm, PyPI top-level module, Go module, Java package root). */
const SYSTEMS: Array<[RegExp, string]> = [
  [
    /^(?:pg|postgres|psycopg2?|asyncpg|github\.com\/lib\/pq|github\.com\/jackc\/pgx.*|@neondatabase\/.*|@electric-sql\/pglite)$/,
    'PostgreSQL database',
  ],
  [/^(?:mysql2?|pymysql|MySQLdb|github\.com\/go-sql-driver\/mysql)$/, 'MySQL database'],
  [/^(?:sqlite3|better-sqlite3|sqlite)$/, 'SQLite database'],
  [/^(?:mongodb|mongoose|pymongo|motor|go\.mongodb\.org\/mongo-driver)$/, 'MongoDB database'],
  [/^(?:redis|ioredis|github\.com\/redis\/go-redis.*|github\.com\/go-redis\/redis.*)$/, 'Redis'],
  [
    /^(?:@prisma\/client|prisma|sequelize|typeorm|knex|drizzle-orm|sqlalchemy|django\.db|gorm\.io\/gorm|peewee|tortoise)$/,
    'SQL database (through an ORM)',
  ],
  [/^(?:amqplib|pika|aio_pika|kombu|celery|github\.com\/rabbitmq\/amqp091-go)$/, 'Message broker (AMQP / task queue)'],
  [/^(?:kafkajs|kafka|confluent_kafka|aiokafka|github\.com\/segmentio\/kafka-go)$/, 'Kafka'],
  [/^(?:bullmq|bull|bee-queue|rq)$/, 'Job queue'],
  [/^(?:nodemailer|smtplib|@sendgrid\/mail|sendgrid|mailgun\.js|postmark)$/, 'Mail (SMTP / mail API)'],
  [/^(?:aws-sdk|@aws-sdk\/.*|boto3|botocore|github\.com\/aws\/aws-sdk-go.*)$/, 'AWS'],
  [/^(?:@google-cloud\/.*|google\.cloud|firebase-admin|firebase)$/, 'Google Cloud'],
  [/^(?:@azure\/.*|azure)$/, 'Azure'],
  [/^(?:stripe|@paypal\/.*|paypalrestsdk|braintree)$/, 'Payment provider'],
  [/^(?:openai|@anthropic-ai\/sdk|anthropic)$/, 'LLM API'],
  [/^(?:axios|node-fetch|got|undici|superagent|requests|httpx|aiohttp|urllib3)$/, 'Outbound HTTP'],
  [/^(?:@elastic\/elasticsearch|elasticsearch|opensearch-py)$/, 'Search engine'],
];

const ENV_SYSTEMS: Array<[RegExp, string]> = [
  [/DATABASE|POSTGRES|PG_?HOST|MYSQL|MONGO|DB_(?:HOST|URL|NAME)/, 'Database'],
  [/REDIS|CACHE_URL/, 'Redis'],
  [/SMTP|MAIL/, 'Mail (SMTP / mail API)'],
  [/AMQP|RABBIT|KAFKA|BROKER|QUEUE/, 'Message broker'],
  [/^AWS_|S3_/, 'AWS'],
  [/SENTRY/, 'Error tracking (Sentry)'],
];

const CROSS: Array<[RegExp, string]> = [
  [
    /^(?:winston|pino|bunyan|loglevel|log4js|logging|loguru|structlog|go\.uber\.org\/zap|github\.com\/sirupsen\/logrus|log\/slog|org\.slf4j|org\.apache\.logging)$/,
    'Logging',
  ],
  [
    /^(?:passport|jsonwebtoken|jose|@fastify\/jwt|express-jwt|bcrypt|bcryptjs|argon2|flask_login|flask_jwt_extended|jwt|authlib|django\.contrib\.auth|github\.com\/golang-jwt\/jwt.*|org\.springframework\.security|next-auth|@auth\/core)$/,
    'Authentication',
  ],
  [
    /^(?:zod|joi|yup|ajv|class-validator|pydantic|marshmallow|github\.com\/go-playground\/validator.*|jakarta\.validation|javax\.validation)$/,
    'Input validation',
  ],
  [
    /^(?:dotenv|python-dotenv|dotenv_values|decouple|github\.com\/joho\/godotenv|github\.com\/spf13\/viper|config|convict)$/,
    'Configuration',
  ],
  [/^(?:@sentry\/.*|sentry_sdk|prom-client|prometheus_client|@opentelemetry\/.*|opentelemetry|dd-trace|newrelic)$/, 'Observability'],
  [/^(?:i18next|react-i18next|gettext|babel|flask_babel)$/, 'Internationalisation'],
];

function firstImport(facts: RepositoryFacts, pkg: string): { file: string; line: number } | null {
  const e = facts.imports.find((x) => x.kind === 'external' && x.package === pkg);
  return e ? { file: e.from, line: e.line } : null;
}

export function contextPage(facts: RepositoryFacts): PageSpec {
  const external = facts.imports.filter((e) => e.kind === 'external' && e.package).map((e) => e.from);
  return {
    id: 'architecture-context',
    title: 'System context',
    sources: uniq([...external, ...facts.envVars.map((v) => v.file)]),
    build: () => {
      const blocks: BlockContent[] = [heading(1, 'System context')];
      const rows: Array<[string, Inline, Inline]> = [];
      for (const p of facts.packages) {
        const kind = SYSTEMS.find(([re]) => re.test(p.name))?.[1];
        const at = kind ? firstImport(facts, p.name) : null;
        if (kind && at) rows.push([kind, code(p.name), source(at.file, at.line)]);
      }
      for (const v of facts.envVars) {
        const kind = ENV_SYSTEMS.find(([re]) => re.test(v.name))?.[1];
        if (kind) rows.push([kind, code(`$${v.name}`), source(v.file, v.line)]);
      }
      blocks.push(paragraph('External systems the code talks to, from the packages it imports and the environment variables it reads:'));
      blocks.push(
        rows.length === 0
          ? paragraph('None recognised.')
          : table(
              ['System', 'Evidence', 'Source'],
              rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
            ),
      );
      blocks.push(heading(2, 'Packages'));
      blocks.push(paragraph('External packages the code imports (tests left out), by the number of files importing them:'));
      if (facts.packages.length === 0) blocks.push(paragraph('None.'));
      else
        blocks.push(
          table(
            ['Package', 'Files', 'First imported at'],
            facts.packages.slice(0, 25).map((p) => {
              const at = firstImport(facts, p.name);
              return [code(p.name), String(p.files), at ? source(at.file, at.line) : ''];
            }),
          ),
        );
      if (facts.packages.length > 25) blocks.push(paragraph(`… and ${facts.packages.length - 25} more.`));
      blocks.push(heading(2, 'Configuration'));
      blocks.push(paragraph('Configuration read from the environment:'));
      if (facts.envVars.length === 0) blocks.push(paragraph('None found.'));
      else
        blocks.push(
          table(
            ['Variable', 'First read at'],
            facts.envVars.map((v) => [code(v.name), source(v.file, v.line)]),
          ),
        );
      return { tree: root(blocks), assets: [] };
    },
  };
}

const isDockerfile = (rel: string): boolean => /(?:^|\/)(?:Dockerfile(?:\.[\w.-]+)?|[^/]*\.Dockerfile)$/.test(rel);
const isCompose = (rel: string): boolean => /(?:^|\/)(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml$/.test(rel);
const isCi = (rel: string): boolean =>
  /(?:^|\/)(?:\.gitlab-ci\.yml|Jenkinsfile|azure-pipelines\.ya?ml|\.circleci\/config\.ya?ml|\.github\/workflows\/[^/]+\.ya?ml)$/.test(rel);
const isAdr = (rel: string): boolean =>
  /(?:docs?|architecture)\/(?:adr|adrs|decisions|architecture\/decisions)\/[^/]+\.(?:md|rst|txt)$/.test(rel);

export function containersPage(facts: RepositoryFacts, projectFiles: readonly SourceFile[]): PageSpec {
  const files = projectFiles.filter(
    (f) => isDockerfile(f.rel) || isCompose(f.rel) || /(?:^|\/)Procfile$/.test(f.rel) || /(?:^|\/)package\.json$/.test(f.rel),
  );
  return {
    id: 'architecture-containers',
    title: 'Containers and deployables',
    sources: uniq([...files.map((f) => f.rel), ...facts.entryPoints.map((e) => e.file)]),
    build: () => {
      const blocks: BlockContent[] = [heading(1, 'Containers and deployables')];
      const rows: Array<[Inline, Inline, Inline]> = [];
      for (const f of files) {
        if (/package\.json$/.test(f.rel)) {
          let pkg: Record<string, unknown>;
          try {
            pkg = JSON.parse(f.text) as Record<string, unknown>;
          } catch {
            continue;
          }
          const name = typeof pkg.name === 'string' ? pkg.name : f.rel;
          const bins =
            typeof pkg.bin === 'string'
              ? { [name]: pkg.bin }
              : typeof pkg.bin === 'object' && pkg.bin
                ? (pkg.bin as Record<string, string>)
                : {};
          for (const [bin, target] of Object.entries(bins))
            rows.push([`npm package ${name}: command`, code(`${bin} → ${target}`), source(f.rel, lineOf(f.text, /"bin"\s*:/))]);
          const start = (pkg.scripts as Record<string, unknown> | undefined)?.start;
          if (typeof start === 'string')
            rows.push([`npm package ${name}: start script`, code(start), source(f.rel, lineOf(f.text, /"start"\s*:/))]);
          if (typeof pkg.main === 'string' && Object.keys(bins).length === 0 && typeof start !== 'string')
            rows.push([`npm package ${name}: library`, code(pkg.main), source(f.rel, lineOf(f.text, /"main"\s*:/))]);
        } else if (isDockerfile(f.rel)) {
          const lines = linesOf(f.text);
          const from = lines.map((l, i) => ({ l, i })).filter(({ l }) => /^\s*FROM\s/i.test(l));
          const run = lines.map((l, i) => ({ l, i })).filter(({ l }) => /^\s*(?:CMD|ENTRYPOINT|EXPOSE)\s/i.test(l));
          if (from.length > 0)
            rows.push([
              `Docker image (${from.length} stage${from.length === 1 ? '' : 's'})`,
              code(from.at(-1)!.l.trim()),
              source(f.rel, from[0]!.i + 1, lines.length),
            ]);
          for (const { l, i } of run)
            rows.push([
              'Docker image: ' + l.trim().split(/\s/)[0]!.toUpperCase(),
              code(l.trim().replace(/^\S+\s+/, '')),
              source(f.rel, i + 1),
            ]);
        } else if (isCompose(f.rel)) {
          let doc: unknown;
          try {
            doc = YAML.parse(f.text, { maxAliasCount: 100 });
          } catch {
            continue;
          }
          const services = (doc as { services?: Record<string, Record<string, unknown>> } | null)?.services ?? {};
          for (const [svc, def] of Object.entries(services)) {
            const what =
              def && typeof def === 'object'
                ? typeof def.image === 'string'
                  ? `image ${def.image}`
                  : def.build
                    ? 'built from the repository'
                    : ''
                : '';
            const ports = Array.isArray(def?.ports) ? `, ports ${def.ports.join(', ')}` : '';
            rows.push([
              `Compose service ${svc}`,
              `${what}${ports}`,
              source(f.rel, lineOf(f.text, new RegExp(`^\\s+${svc.replace(/[^\w-]/g, '')}\\s*:`, 'm'))),
            ]);
          }
        } else {
          f.text.split('\n').forEach((l, i) => {
            const m = /^(\w[\w-]*)\s*:\s*(.+)$/.exec(l);
            if (m) rows.push([`Procfile process ${m[1]}`, code(m[2]!.trim()), source(f.rel, i + 1)]);
          });
        }
      }
      for (const e of facts.entryPoints) rows.push([`Entry point (${e.kind})`, '', source(e.file, e.line)]);
      blocks.push(
        paragraph(
          'What the repository builds and runs: packages with commands, container images, compose services, Procfile processes and the entry points in the code.',
        ),
      );
      blocks.push(rows.length === 0 ? paragraph('No deployable was found.') : table(['Deployable', 'Details', 'Source'], rows));
      return { tree: root(blocks), assets: [] };
    },
  };
}

export function deploymentPage(projectFiles: readonly SourceFile[]): PageSpec {
  const files = projectFiles.filter((f) => isCi(f.rel));
  return {
    id: 'architecture-deployment',
    title: 'Deployment and CI',
    sources: files.map((f) => f.rel),
    build: () => {
      const blocks: BlockContent[] = [heading(1, 'Deployment and CI')];
      if (files.length === 0)
        blocks.push(paragraph('No CI configuration was found (GitHub Actions, GitLab CI, Jenkins, Azure Pipelines, CircleCI).'));
      for (const f of files) {
        const lines = linesOf(f.text).length;
        if (/Jenkinsfile$/.test(f.rel)) {
          const stages = [...f.text.matchAll(/stage\s*\(\s*['"]([^'"]+)['"]/g)].map(
            (m) =>
              [
                code(m[1]!),
                source(f.rel, lineOf(f.text.slice(0), new RegExp(`stage\\s*\\(\\s*['"]${m[1]!.replace(/[^\w ]/g, '.')}`))),
              ] as Inline[],
          );
          blocks.push(heading(2, `Jenkins: ${f.rel}`), paragraph('Pipeline ', source(f.rel, 1, lines), '.'));
          if (stages.length > 0) blocks.push(table(['Stage', 'Source'], stages));
          continue;
        }
        let doc: Record<string, unknown> | null = null;
        try {
          doc = YAML.parse(f.text, { maxAliasCount: 100 }) as Record<string, unknown> | null;
        } catch {
          doc = null;
        }
        if (!doc || typeof doc !== 'object') continue;
        if (/\.github\/workflows\//.test(f.rel)) {
          const on = doc.on ?? doc.true; // YAML 1.1 reads a bare `on` as true
          const triggers =
            typeof on === 'string' ? [on] : Array.isArray(on) ? on.map(String) : on && typeof on === 'object' ? Object.keys(on) : [];
          blocks.push(
            heading(2, `GitHub Actions: ${typeof doc.name === 'string' ? doc.name : f.rel}`),
            paragraph(
              `Workflow `,
              source(f.rel, 1, lines),
              `, runs on ${triggers.length > 0 ? triggers.join(', ') : 'an unknown trigger'}.`,
            ),
          );
          const jobs = doc.jobs && typeof doc.jobs === 'object' ? Object.entries(doc.jobs as Record<string, Record<string, unknown>>) : [];
          if (jobs.length > 0)
            blocks.push(
              table(
                ['Job', 'Runs on', 'Steps', 'Source'],
                jobs.map(([id, job]) => [
                  code(id),
                  String(job?.['runs-on'] ?? ''),
                  String(Array.isArray(job?.steps) ? job.steps.length : 0),
                  source(f.rel, lineOf(f.text, new RegExp(`^\\s+${id.replace(/[^\w-]/g, '')}\\s*:`, 'm'))),
                ]),
              ),
            );
        } else if (/\.gitlab-ci\.yml$/.test(f.rel)) {
          const reserved = new Set([
            'stages',
            'variables',
            'default',
            'include',
            'workflow',
            'image',
            'services',
            'cache',
            'before_script',
            'after_script',
          ]);
          const jobs = Object.entries(doc).filter(([k, v]) => !reserved.has(k) && !k.startsWith('.') && v && typeof v === 'object');
          blocks.push(
            heading(2, `GitLab CI: ${f.rel}`),
            paragraph('Pipeline ', source(f.rel, 1, lines), Array.isArray(doc.stages) ? `, stages ${doc.stages.join(' → ')}.` : '.'),
          );
          if (jobs.length > 0)
            blocks.push(
              table(
                ['Job', 'Stage', 'Source'],
                jobs.map(([id, job]) => [
                  code(id),
                  String((job as Record<string, unknown>).stage ?? 'test'),
                  source(f.rel, lineOf(f.text, new RegExp(`^${id.replace(/[^\w-]/g, '.')}\\s*:`, 'm'))),
                ]),
              ),
            );
        } else {
          blocks.push(heading(2, `CI: ${f.rel}`), paragraph('Pipeline ', source(f.rel, 1, lines), '.'));
        }
      }
      return { tree: root(blocks), assets: [] };
    },
  };
}

export function crossCuttingPage(facts: RepositoryFacts): PageSpec {
  const used = facts.packages.filter((p) => CROSS.some(([re]) => re.test(p.name)));
  return {
    id: 'architecture-cross-cutting',
    title: 'Cross-cutting concerns',
    sources: uniq(facts.imports.filter((e) => e.kind === 'external' && used.some((p) => p.name === e.package)).map((e) => e.from)),
    build: () => {
      const blocks: BlockContent[] = [heading(1, 'Cross-cutting concerns')];
      const rows = used.map((p) => {
        const at = firstImport(facts, p.name)!;
        return [
          CROSS.find(([re]) => re.test(p.name))![1],
          code(p.name),
          `${p.files} file${p.files === 1 ? '' : 's'}`,
          source(at.file, at.line),
        ] as Inline[];
      });
      rows.sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : String(a[0]) > String(b[0]) ? 1 : 0));
      blocks.push(
        paragraph(
          'Logging, authentication, validation, configuration and observability, from the libraries the code imports (configuration from the environment is listed under System context).',
        ),
      );
      blocks.push(
        rows.length === 0
          ? paragraph('No library for these concerns was found.')
          : table(['Concern', 'Library', 'Used in', 'First imported at'], rows),
      );
      return { tree: root(blocks), assets: [] };
    },
  };
}

export function decisionsPage(projectFiles: readonly SourceFile[]): PageSpec {
  const adrs = projectFiles.filter((f) => isAdr(f.rel));
  return {
    id: 'architecture-decisions',
    title: 'Decisions',
    sources: adrs.map((f) => f.rel),
    build: () => {
      const blocks: BlockContent[] = [heading(1, 'Decisions')];
      if (adrs.length === 0) {
        blocks.push(paragraph('No architecture decision record was found (', code('docs/adr'), ', ', code('doc/decisions'), ' …).'));
        return { tree: root(blocks), assets: [] };
      }
      blocks.push(paragraph(`${adrs.length} architecture decision record(s) in the repository:`));
      blocks.push(
        table(
          ['Decision', 'Status', 'Source'],
          adrs.map((f) => {
            const lines = linesOf(f.text);
            const t = lines.findIndex((l) => /^#\s+\S|^\S.*\n?$/.test(l) && l.trim() !== '');
            const title = (lines[t] ?? f.rel).replace(/^#+\s*/, '').trim();
            const s = lines.findIndex((l) => /^(?:#+\s*)?status\b/i.test(l.trim()));
            const status =
              s === -1
                ? ''
                : lines[s]!.replace(/^(?:#+\s*)?status\s*:?\s*/i, '').trim() ||
                  (lines.slice(s + 1).find((l) => l.trim() !== '') ?? '').trim();
            return [title, status, source(f.rel, 1, lines.length)];
          }),
        ),
      );
      return { tree: root(blocks), assets: [] };
    },
  };
}

/** Layers by folder name, outermost first; an import from an inner layer to an outer one is a violation. */
const LAYERS: Array<[string, RegExp]> = [
  ['interface', /^(?:routes?|controllers?|handlers?|views?|api|endpoints?|resources?|web|http|cli|pages)$/],
  ['application', /^(?:services?|usecases?|use_cases|application|app_services|domain|core|logic)$/],
  ['data', /^(?:models?|entities|db|database|repositor(?:y|ies)|dao|persistence|schemas?|migrations)$/],
];

function layerOf(file: string): number | null {
  const parts = file.split('/').slice(0, -1);
  for (let i = parts.length - 1; i >= 0; i--) {
    const k = LAYERS.findIndex(([, re]) => re.test(parts[i]!.toLowerCase()));
    if (k !== -1) return k;
  }
  return null;
}

/** Imports that go from an inner layer (data, application) up to an outer one (interface). */
export function layerViolations(
  facts: RepositoryFacts,
): Array<{ from: string; to: string; line: number; fromLayer: string; toLayer: string }> {
  const out = [];
  for (const e of facts.imports) {
    // A test importing what it tests crosses no layer of the system.
    if (e.kind !== 'internal' || !e.to || isTestFile(e.from)) continue;
    const a = layerOf(e.from);
    const b = layerOf(e.to.endsWith('/') ? `${e.to}x` : e.to);
    if (a !== null && b !== null && a > b)
      out.push({ from: e.from, to: e.to, line: e.line, fromLayer: LAYERS[a]![0], toLayer: LAYERS[b]![0] });
  }
  return out;
}
