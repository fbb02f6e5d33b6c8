import fs from 'node:fs';
import path from 'node:path';
import { DOC_FORMATS, generateDocs, type DocFormat, type DocKind } from './docs.ts';

const USAGE = `Usage: docent docs <path> --type arch|api [--format md,html] [--out <dir>]

Writes architecture or API documentation of the repository at <path>, read from its code
(offline, deterministic; no code of the repository is run). Without --out, the index page of the
first format is printed on stdout.

Options:
  --type arch|api       architecture (context, containers, components, HTTP, runtime, data model,
                        deployment & CI, cross-cutting, decisions, risks) or API (HTTP API with
                        openapi.json, one page per module); md/html/rst one file per page,
                        pdf/xml/rtf one book, diagrams as .svg
  --format <list>       ${DOC_FORMATS.join(', ')} (default md)
  --out <dir>           write the files into <dir> (created if missing)
  -h, --help            show this help
`;

class UsageError extends Error {}

export async function main(argv: readonly string[]): Promise<number> {
  let dir: string | undefined;
  let kind: DocKind | undefined;
  let formats: DocFormat[] = ['md'];
  let out: string | undefined;
  try {
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i]!;
      const value = (): string => {
        const eq = arg.indexOf('=');
        if (eq > 0) return arg.slice(eq + 1);
        const next = argv[++i];
        if (next === undefined) throw new UsageError(`${arg} needs a value.`);
        return next;
      };
      const flag = arg.split('=')[0];
      if (arg === '-h' || arg === '--help') {
        process.stdout.write(USAGE);
        return 0;
      } else if (flag === '--type') {
        const v = value();
        if (v !== 'arch' && v !== 'api') throw new UsageError(`--type must be arch or api, not "${v}".`);
        kind = v;
      } else if (flag === '--format') {
        const list = value().split(',').map((f) => f.trim()).filter(Boolean);
        const bad = list.find((f) => !(DOC_FORMATS as readonly string[]).includes(f));
        if (bad !== undefined || list.length === 0) throw new UsageError(`Unknown format "${bad ?? ''}"; available: ${DOC_FORMATS.join(', ')}.`);
        formats = [...new Set(list)] as DocFormat[];
      } else if (flag === '--out') out = value();
      else if (arg.startsWith('-')) throw new UsageError(`Unknown option "${arg}".`);
      else if (dir === undefined) dir = arg;
      else throw new UsageError(`Unexpected argument "${arg}".`);
    }
    if (dir === undefined) throw new UsageError('Missing <path>.');
    if (kind === undefined) throw new UsageError('Missing --type arch|api.');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`docent: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  const root = path.resolve(dir);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    process.stderr.write(`docent: ${dir}: not a directory\n`);
    return 2;
  }
  const docs = await generateDocs(root, kind, formats);
  if (out === undefined) {
    process.stdout.write(docs[0]!.content);
    return 0;
  }
  fs.mkdirSync(out, { recursive: true });
  for (const d of docs) fs.writeFileSync(path.join(out, d.name), d.content);
  process.stdout.write(`${docs.map((d) => path.join(out!, d.name)).join('\n')}\n`);
  return 0;
}
