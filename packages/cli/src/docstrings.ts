import fs from 'node:fs';
import path from 'node:path';
import type { LlmProvider } from '@docent/analyzer';
import type { StyleConfig } from '@docent/docgen';
import { flagOf, integerOf, stringOf, UsageError, type ParsedArgs } from './args.ts';

/** `docent docstrings <path> …`; usage errors are thrown. Exit 1 when a file failed its gate. */
export async function docstringsCommand(parsed: ParsedArgs): Promise<number> {
  const dir = parsed.positionals[0]!;
  const style = stringOf(parsed, 'style');
  const max = integerOf(parsed, 'max-line-length', 40, '--max-line-length must be an integer from 40 to 120.', 120);
  const write = flagOf(parsed, 'write');
  const diff = flagOf(parsed, 'diff');
  const files = stringOf(parsed, 'files')
    ?.split(',')
    .map((f) => f.trim().replace(/\\/g, '/'))
    .filter((f) => f !== '');
  if (write && diff) throw new UsageError('--write and --diff exclude each other.');
  // Loaded only now, so usage errors answer at once.
  const [{ DOCGEN_LANGUAGES, resolveConfig, generateRepository, writeChanges }, { createLlmProvider, llmConfigFromEnv }] = await Promise.all([
    import('@docent/docgen'),
    import('@docent/analyzer'),
  ]);
  if (style && !DOCGEN_LANGUAGES.some((l) => l.supportedStyles.includes(style))) throw new UsageError(`Unknown style "${style}".`);
  const root = path.resolve(dir);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    process.stderr.write(`docent: ${dir}: not a directory\n`);
    return 2;
  }
  const configs: Record<string, Partial<StyleConfig>> = {};
  for (const lang of DOCGEN_LANGUAGES) {
    const langStyle = style && lang.supportedStyles.includes(style) ? style : undefined;
    configs[lang.name] = resolveConfig(lang.name, { docstringStyle: langStyle, maxDocStringLength: max });
  }
  let llm: LlmProvider;
  try {
    llm = createLlmProvider({ ...llmConfigFromEnv(), onFailure: (reason) => process.stderr.write(`docent: ${reason}\n`) });
  } catch (error) {
    process.stderr.write(`docent: ${(error as Error).message}\n`);
    return 2;
  }
  const result = await generateRepository(root, { configs, files, ...(llm.enabled ? { llm } : {}) });
  if (diff) process.stdout.write(result.diff);
  if (write) await writeChanges(root, result.changes);
  const s = result.summary;
  const report = [
    `${s.documented} documented, ${s.updated} updated, ${s.skipped} skipped in ${s.files} file(s)${write ? ' (written)' : ''}.`,
    ...(s.model ? [`prose from ${s.model}: ${s.modelProse} function(s); the others keep the deterministic text`] : []),
    ...s.staleParams.map((p) => `stale: ${p.path} ${p.name} documents ${p.params.join(', ')} which the signature lacks`),
    ...s.gateFailures.map((g) => `gate: ${g} (file left unchanged)`),
  ].join('\n');
  (diff ? process.stderr : process.stdout).write(`${report}\n`);
  return s.gateFailures.length > 0 ? 1 : 0;
}
