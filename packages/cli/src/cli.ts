import { parseCommandLine, UsageError, type OptionTable, type ParsedArgs } from './args.ts';

/**
 * The `docent` command (docs/cli.md): one table of commands, one argument grammar (args.ts), one
 * help, one exit-code policy:
 *   0  done;  1  the work itself failed or a --fail-under threshold was missed;
 *   2  a usage error (`docent: <what>` and a hint to --help on stderr), a bad path, or, for the
 *      remote commands, anything the server refused.
 * A command's module is loaded only when it runs, so --help and usage errors answer at once.
 */

export interface Command {
  name: string;
  /** one line in `docent --help` */
  summary: string;
  /** the synopsis lines, without "docent " */
  usage: readonly string[];
  /** what the command does, for `docent <command> --help` */
  description: string;
  options: OptionTable;
  /** names of the positional arguments, all required ("path") or none */
  positionals: readonly string[];
  run(args: ParsedArgs): Promise<number>;
}

const HELP = { type: 'boolean', short: 'h', help: 'show this help' } as const;

const LOCAL_ANALYSIS_OPTIONS: OptionTable = {
  workers: { type: 'string', arg: '<n>', help: 'parse worker threads (default: CPU count)' },
  'cache-dir': { type: 'string', arg: '<dir>', help: 'cache folder (default: $DOCENT_CACHE_DIR or ~/.cache/docent)' },
};

const SERVER_OPTION = {
  type: 'string',
  arg: '<URL>',
  help: "the Docent server (default: $DOCENT_URL, $DOCENT_SERVER, the stored login's, http://localhost:8080)",
} as const;

export const COMMANDS: readonly Command[] = [
  {
    name: 'analyze',
    summary: 'analyse a repository (languages, function docs, README), or one on the server with --remote',
    usage: [
      'analyze <path> [options]',
      'analyze --remote <org/repo> [--vendor V] [--only T] [--fail-under <percent>] [--json] [--server URL]',
    ],
    description: `Analyses the repository at <path>: languages, function documentation, README; prints one
table per dashboard card, or the full result with --json.

With --remote, starts the analysis of one of your repositories on the server instead, streams
its log (stderr) and prints the report. Remote commands use $DOCENT_API_KEY if set, else the
stored login (docent login).

The documented share is the dashboard's coverage: documented functions / all functions (test
functions not counted; 0% when there are none).`,
    options: {
      json: { type: 'boolean', help: 'print the full result as JSON on stdout' },
      only: {
        type: 'string',
        arg: '<card>',
        help: 'languages | basicDoc | advancedDoc | readme (with --remote: basicDoc | advancedDoc | readme)',
      },
      'fail-under': { type: 'string', arg: '<percent>', help: 'exit 1 when the documented share is below <percent> (0–100)' },
      'no-git-history': { type: 'boolean', help: 'skip the git-history check for outdated docs' },
      'history-depth': { type: 'string', arg: '<n>', help: 'first-parent commits the history check reads (default 1000; 0 = all)' },
      ...LOCAL_ANALYSIS_OPTIONS,
      remote: { type: 'string', arg: '<org/repo>', help: 'analyse this repository of your account on the server' },
      vendor: {
        type: 'string',
        arg: '<V>',
        help: 'with --remote: GITHUB | GITLAB | BITBUCKET | AZUREDEVOPS | GIT, when the name exists on several',
      },
      server: { ...SERVER_OPTION, help: `with --remote: ${SERVER_OPTION.help}` },
      help: HELP,
    },
    positionals: ['path'],
    async run(args) {
      if (args.values.remote !== undefined) return (await import('./remote.ts')).remoteAnalyzeCommand(args);
      return (await import('./analyze.ts')).analyzeCommand(args, 'analyze');
    },
  },
  {
    name: 'badge',
    summary: 'write an SVG badge "docs | 87%" of the documented share',
    usage: ['badge <path> [--out <file.svg>]'],
    description: 'Writes an SVG badge "docs | 87%" of the documented share of the repository at <path>\n(on stdout, or into --out <file>).',
    options: {
      out: { type: 'string', arg: '<file>', help: 'write the SVG to <file> instead of stdout' },
      ...LOCAL_ANALYSIS_OPTIONS,
      help: HELP,
    },
    positionals: ['path'],
    async run(args) {
      return (await import('./analyze.ts')).analyzeCommand(args, 'badge');
    },
  },
  {
    name: 'docs',
    summary: 'write architecture or API documentation read from the code',
    usage: ['docs <path> --type arch|api [--format md,html] [--out <dir>]'],
    description: `Writes architecture or API documentation of the repository at <path>, read from its code
(offline, deterministic; no code of the repository is run). Without --out, the index page of the
first format is printed on stdout.`,
    options: {
      type: {
        type: 'string',
        arg: 'arch|api',
        help: 'architecture (context, containers, components, HTTP, runtime, data model,\ndeployment & CI, cross-cutting, decisions, risks) or API (HTTP API with\nopenapi.json, one page per module); md/html/rst one file per page,\npdf/xml/rtf one book, diagrams as .svg',
      },
      format: { type: 'string', arg: '<list>', help: 'md, html, pdf, rst, xml, rtf (default md)' },
      out: { type: 'string', arg: '<dir>', help: 'write the files into <dir> (created if missing)' },
      help: HELP,
    },
    positionals: ['path'],
    async run(args) {
      return (await import('./docs.ts')).docsCommand(args);
    },
  },
  {
    name: 'docstrings',
    summary: 'generate or complete docstrings (prints a summary; --diff or --write to apply)',
    usage: [
      'docstrings <path> [--style S] [--max-line-length N] [--write | --diff] [--files a,b] [--include-inherited] [--explain] [--strict]',
    ],
    description: `Generates or completes docstrings for the functions under <path> (offline, deterministic).
Only grounded text is written: parameter and return descriptions the repository already has,
raises read from the code, thin-wrapper summaries (docs/docgen.md). A function with nothing
grounded gets no docstring and is listed as needing a summary. Tests, fixtures, generated,
git-ignored and non-UTF-8 files are left alone. Without --write or --diff it prints a summary
and changes nothing. With LLM_PROVIDER (or LLM_BASE_URL) set, a model may write the missing
prose; every field it writes is checked and refused when it restates a name or contradicts the code.
Exit 0, also when the quality gate refused some files (listed); 1 when nothing could be done
or, with --strict, when any file was refused; 2 on a usage error.`,
    options: {
      style: {
        type: 'string',
        arg: '<name>',
        help: 'docstring style; a language that does not support it keeps its default\n(Python: google|numpy|rest|epytext; JavaScript: jsdoc; TypeScript: tsdoc|jsdoc)',
      },
      'max-line-length': { type: 'string', arg: '<n>', help: 'wrap docs at n columns, 40–120 (default 80)' },
      write: { type: 'boolean', help: 'write the changed files' },
      diff: { type: 'boolean', help: 'print the unified diff on stdout' },
      'include-inherited': { type: 'boolean', help: 'also document methods that inherit their doc (overrides, trait impls, dunders)' },
      explain: { type: 'boolean', help: 'print where each written entry came from' },
      strict: { type: 'boolean', help: 'exit 1 when the quality gate refused any file' },
      files: { type: 'string', arg: '<a,b,…>', help: 'only these files (relative to <path>)' },
      help: HELP,
    },
    positionals: ['path'],
    async run(args) {
      return (await import('./docstrings.ts')).docstringsCommand(args);
    },
  },
  {
    name: 'login',
    summary: 'sign in to a Docent server through the browser',
    usage: ['login [--server URL] [--no-browser] [--timeout <seconds>]'],
    description: `Signs in through the browser (default server $DOCENT_SERVER or http://localhost:8080); the
token is kept in $DOCENT_CONFIG_DIR or ~/.config/docent/credentials.json (0600).`,
    options: {
      server: {
        type: 'string',
        arg: '<URL>',
        help: "the Docent server (default: $DOCENT_SERVER, the stored login's, http://localhost:8080)",
      },
      'no-browser': { type: 'boolean', help: 'only print the sign-in address' },
      timeout: { type: 'string', arg: '<seconds>', help: 'give up after this long (default 300)' },
      help: HELP,
    },
    positionals: [],
    async run(args) {
      return (await import('./login.ts')).loginCommand(args);
    },
  },
  {
    name: 'logout',
    summary: "end the stored login's session and remove its token",
    usage: ['logout'],
    description: "Ends the stored login's session on the server and removes the stored token.",
    options: { help: HELP },
    positionals: [],
    async run() {
      return (await import('./login.ts')).logoutCommand();
    },
  },
  {
    name: 'repos',
    summary: 'list your repositories on the server with their documented share',
    usage: ['repos [--server URL] [--json]'],
    description: 'Lists your repositories on the server: name, provider, last analysis, documented share.',
    options: {
      server: SERVER_OPTION,
      json: { type: 'boolean', help: 'print the list as JSON' },
      help: HELP,
    },
    positionals: [],
    async run(args) {
      return (await import('./remote.ts')).reposCommand(args);
    },
  },
];

const byName = new Map(COMMANDS.map((c) => [c.name, c]));

function optionLines(options: OptionTable): string {
  const rows = Object.entries(options).map(
    ([name, o]) => [`${o.short ? `-${o.short}, ` : ''}--${name}${o.arg ? ` ${o.arg}` : ''}`, o.help] as const,
  );
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, help]) => `  ${left.padEnd(width)}${help.split('\n').join(`\n  ${' '.repeat(width)}`)}`).join('\n');
}

/** `docent --help`: every command's synopsis and one line each. */
export function mainHelp(): string {
  const synopsis = COMMANDS.flatMap((c) => c.usage).map((u, i) => `${i === 0 ? 'Usage: ' : '       '}docent ${u}`);
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return `${synopsis.join('\n')}

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join('\n')}
  ${'help'.padEnd(width)}docent help <command> is docent <command> --help

Run "docent <command> --help" for its options. Every option is --name value or --name=value.
Exit codes: 0 done; 1 failed, or the share is below --fail-under; 2 usage error or bad path
(remote commands: also a refused credential, an unknown repository, a failed job).
`;
}

/** `docent <command> --help`. */
export function commandHelp(c: Command): string {
  return `${c.usage.map((u, i) => `${i === 0 ? 'Usage: ' : '       '}docent ${u}`).join('\n')}\n\n${c.description}\n\nOptions:\n${optionLines(c.options)}\n`;
}

function usageError(message: string, command?: Command): number {
  const hint = command ? `docent ${command.name} --help` : 'docent --help';
  process.stderr.write(`docent: ${message}\n${command ? `Usage: docent ${command.usage[0]}\n` : ''}Run "${hint}" for usage.\n`);
  return 2;
}

/** Runs `docent <argv>`; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help') {
    process.stdout.write(mainHelp());
    return 0;
  }
  if (name === 'help') {
    const topic = rest[0] === undefined ? undefined : byName.get(rest[0]);
    if (rest[0] !== undefined && !topic) return usageError(`Unknown command "${rest[0]}".`);
    process.stdout.write(topic ? commandHelp(topic) : mainHelp());
    return 0;
  }
  const command = byName.get(name);
  if (!command) return usageError(`Unknown command "${name}". Commands: ${COMMANDS.map((c) => c.name).join(', ')}.`);
  try {
    // --help anywhere wins over whatever else is wrong on the line.
    if (rest.some((a) => a === '-h' || a === '--help')) {
      process.stdout.write(commandHelp(command));
      return 0;
    }
    const args = parseCommandLine(rest, command.options);
    const remote = command.name === 'analyze' && args.values.remote !== undefined;
    const expected = remote ? [] : command.positionals;
    if (args.positionals.length > expected.length) throw new UsageError(`Unexpected argument "${args.positionals[expected.length]}".`);
    if (args.positionals.length < expected.length) throw new UsageError(`Missing <${expected[args.positionals.length]}>.`);
    return await command.run(args);
  } catch (error) {
    if (error instanceof UsageError) return usageError(error.message, command);
    throw error;
  }
}
