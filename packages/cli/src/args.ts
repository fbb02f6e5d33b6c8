import { parseArgs } from 'node:util';

/**
 * The one argument grammar of every `docent` command (docs/cli.md, "Arguments"): `node:util`
 * parseArgs, strict, so each option is `--name value` or `--name=value`, a boolean option takes
 * no value, `-h` is `--help`, and anything not in the command's table is a usage error.
 *
 * One rule parseArgs alone does not have: a value option always takes the next word as its value,
 * even when it starts with a dash (`--fail-under -1` reads "-1" and is then refused by the
 * option's own check with a precise message, not as an ambiguous option).
 */

/** A usage error: printed as `docent: <message>` with a hint to --help; exit code 2. */
export class UsageError extends Error {}

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** the value's placeholder in --help, for string options: `--out <file>` */
  arg?: string;
  /** one line (or more, joined by \n) for --help */
  help: string;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

export interface ParsedArgs {
  values: Readonly<Record<string, string | boolean | undefined>>;
  positionals: readonly string[];
}

/** Parses argv (without the command word) against a command's option table. */
export function parseCommandLine(argv: readonly string[], options: OptionTable): ParsedArgs {
  const shortToLong = new Map(Object.entries(options).flatMap(([name, o]) => (o.short ? [[o.short, name] as const] : [])));
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      args.push(...argv.slice(i));
      break;
    }
    const name = arg.startsWith('--')
      ? arg.slice(2).split('=')[0]!
      : arg.startsWith('-') && arg.length === 2
        ? shortToLong.get(arg.slice(1))
        : undefined;
    if (arg.startsWith('-') && arg !== '-' && (name === undefined || !(name in options)))
      throw new UsageError(`Unknown option "${arg.split('=')[0]}".`);
    if (name !== undefined && options[name]!.type === 'string' && !arg.includes('=')) {
      const next = argv[i + 1];
      if (next === undefined) throw new UsageError(`--${name} needs a value.`);
      args.push(`--${name}=${next}`);
      i++;
    } else args.push(arg);
  }
  try {
    const parsed = parseArgs({
      args,
      options: Object.fromEntries(
        Object.entries(options).map(([name, o]) => [name, o.short ? { type: o.type, short: o.short } : { type: o.type }]),
      ),
      strict: true,
      allowPositionals: true,
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    // parseArgs' own refusals (a value given to a boolean option) are usage errors too.
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS_')) throw new UsageError((error as Error).message.replace(/'/g, '"'));
    throw error;
  }
}

/** A string option's value, or undefined. */
export const stringOf = (args: ParsedArgs, name: string): string | undefined => {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
};

/** A boolean option: true when given. */
export const flagOf = (args: ParsedArgs, name: string): boolean => args.values[name] === true;

/** An integer option within [min, max]; undefined when absent; a usage error otherwise. */
export function integerOf(args: ParsedArgs, name: string, min: number, message: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = stringOf(args, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < min || n > max) throw new UsageError(message);
  return n;
}
