import fs from 'node:fs';
import path from 'node:path';
import { stringOf, UsageError, type ParsedArgs } from './args.ts';

/** `docent docs <path> --type arch|api [--format …] [--out <dir>]`; usage errors are thrown. */
export async function docsCommand(args: ParsedArgs): Promise<number> {
  const dir = args.positionals[0]!;
  const kind = stringOf(args, 'type');
  if (kind === undefined) throw new UsageError('Missing --type arch|api.');
  if (kind !== 'arch' && kind !== 'api') throw new UsageError(`--type must be arch or api, not "${kind}".`);
  // Loaded only now, so usage errors answer at once.
  const { DOC_FORMATS, generateDocs } = await import('@docent/docgen');
  type DocFormat = (typeof DOC_FORMATS)[number];
  let formats: DocFormat[] = ['md'];
  const formatList = stringOf(args, 'format');
  if (formatList !== undefined) {
    const list = formatList
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const bad = list.find((f) => !(DOC_FORMATS as readonly string[]).includes(f));
    if (bad !== undefined || list.length === 0)
      throw new UsageError(`Unknown format "${bad ?? ''}"; available: ${DOC_FORMATS.join(', ')}.`);
    formats = [...new Set(list)] as DocFormat[];
  }
  const out = stringOf(args, 'out');
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
  process.stdout.write(`${docs.map((d) => path.join(out, d.name)).join('\n')}\n`);
  return 0;
}
