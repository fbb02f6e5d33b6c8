import fs from 'node:fs';
import path from 'node:path';
import { createLlmProvider, llmConfigFromEnv, type LlmProvider } from '@docent/analyzer';
import { DOCGEN_LANGUAGES, resolveConfig, type StyleConfig } from './languages.ts';
import { generateRepository, writeChanges } from './repo.ts';

const USAGE = `Usage: docent docstrings <path> [options]

Generates or completes docstrings for the functions under <path> (offline, deterministic).
Without --write or --diff it prints a summary and changes nothing. With LLM_PROVIDER (or
LLM_BASE_URL) set, a model may improve the prose; every text it writes is checked and falls
back to the deterministic one.

Options:
  --style <name>          docstring style; a language that does not support it keeps its default
                          (Python: google|numpy|rest|epytext; JavaScript: jsdoc; TypeScript: tsdoc|jsdoc)
  --max-line-length <n>   wrap docs at n columns, 40–120 (default 80)
  --write                 write the changed files
  --diff                  print the unified diff on stdout
  --files <a,b,…>         only these files (relative to <path>)
  -h, --help              show this help
`;

class UsageError extends Error {}

interface Args {
  path: string;
  style?: string;
  max?: number;
  write: boolean;
  diff: boolean;
  files?: string[];
}

function parse(argv: readonly string[]): Args | 'help' {
  const out: Partial<Args> & { write: boolean; diff: boolean } = { write: false, diff: false };
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
    if (arg === '-h' || arg === '--help') return 'help';
    else if (arg === '--write') out.write = true;
    else if (arg === '--diff') out.diff = true;
    else if (flag === '--style') out.style = value();
    else if (flag === '--max-line-length') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 40 || n > 120) throw new UsageError('--max-line-length must be an integer from 40 to 120.');
      out.max = n;
    } else if (flag === '--files') out.files = value().split(',').map((f) => f.trim().replace(/\\/g, '/')).filter((f) => f !== '');
    else if (arg.startsWith('-')) throw new UsageError(`Unknown option "${arg}".`);
    else if (out.path === undefined) out.path = arg;
    else throw new UsageError(`Unexpected argument "${arg}".`);
  }
  if (out.path === undefined) throw new UsageError('Missing <path>.');
  if (out.write && out.diff) throw new UsageError('--write and --diff exclude each other.');
  if (out.style && !DOCGEN_LANGUAGES.some((l) => l.supportedStyles.includes(out.style!))) {
    throw new UsageError(`Unknown style "${out.style}".`);
  }
  return out as Args;
}

/** `docent docstrings …` (argv without the command word); returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  let args: Args | 'help';
  try {
    args = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`docent: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const root = path.resolve(args.path);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    process.stderr.write(`docent: ${args.path}: not a directory\n`);
    return 2;
  }
  const configs: Record<string, Partial<StyleConfig>> = {};
  for (const lang of DOCGEN_LANGUAGES) {
    const style = args.style && lang.supportedStyles.includes(args.style) ? args.style : undefined;
    configs[lang.name] = resolveConfig(lang.name, { docstringStyle: style, maxDocStringLength: args.max });
  }
  let llm: LlmProvider;
  try {
    llm = createLlmProvider({ ...llmConfigFromEnv(), onFailure: (reason) => process.stderr.write(`docent: ${reason}\n`) });
  } catch (error) {
    process.stderr.write(`docent: ${(error as Error).message}\n`);
    return 2;
  }
  const result = await generateRepository(root, { configs, files: args.files, ...(llm.enabled ? { llm } : {}) });
  if (args.diff) process.stdout.write(result.diff);
  if (args.write) await writeChanges(root, result.changes);
  const s = result.summary;
  const report = [
    `${s.documented} documented, ${s.updated} updated, ${s.skipped} skipped in ${s.files} file(s)${args.write ? ' (written)' : ''}.`,
    ...(s.model ? [`prose from ${s.model}: ${s.modelProse} function(s); the others keep the deterministic text`] : []),
    ...s.staleParams.map((p) => `stale: ${p.path} ${p.name} documents ${p.params.join(', ')} which the signature lacks`),
    ...s.gateFailures.map((g) => `gate: ${g} (file left unchanged)`),
  ].join('\n');
  (args.diff ? process.stderr : process.stdout).write(`${report}\n`);
  return s.gateFailures.length > 0 ? 1 : 0;
}
