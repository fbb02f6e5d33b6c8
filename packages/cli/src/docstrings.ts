import fs from 'node:fs';
import path from 'node:path';
import type { LlmProvider } from '@docent/analyzer';
import type { StyleConfig } from '@docent/docgen';
import { flagOf, integerOf, stringOf, UsageError, type ParsedArgs } from './args.ts';

/**
 * `docent docstrings <path> …`; usage errors are thrown. Exit 1 when nothing could be done, or
 * with --strict when the gate refused a file (`runFailed`).
 */
export async function docstringsCommand(parsed: ParsedArgs): Promise<number> {
  const dir = parsed.positionals[0]!;
  const style = stringOf(parsed, 'style');
  const max = integerOf(parsed, 'max-line-length', 40, '--max-line-length must be an integer from 40 to 120.', 120);
  const write = flagOf(parsed, 'write');
  const diff = flagOf(parsed, 'diff');
  const includeInherited = flagOf(parsed, 'include-inherited');
  const explain = flagOf(parsed, 'explain');
  const strict = flagOf(parsed, 'strict');
  const files = stringOf(parsed, 'files')
    ?.split(',')
    .map((f) => f.trim().replace(/\\/g, '/'))
    .filter((f) => f !== '');
  if (write && diff) throw new UsageError('--write and --diff exclude each other.');
  // Loaded only now, so usage errors answer at once.
  const [{ DOCGEN_LANGUAGES, resolveConfig, generateRepository, runFailed, writeChanges }, { createLlmProvider, llmConfigFromEnv }] =
    await Promise.all([import('@docent/docgen'), import('@docent/analyzer')]);
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
  const result = await generateRepository(root, { configs, files, includeInherited, explain, strict, ...(llm.enabled ? { llm } : {}) });
  if (diff) process.stdout.write(result.diff === '' || result.diff.endsWith('\n') ? result.diff : `${result.diff}\n`);
  if (write) await writeChanges(root, result.changes);
  const s = result.summary;
  const report = [
    `${s.documented} documented, ${s.updated} updated, ${s.skipped} skipped in ${s.files} file(s)${write ? ' (written)' : ''}.`,
    ...(s.model ? [`prose from ${s.model}: ${s.modelProse} function(s); the others keep the deterministic text`] : []),
    ...s.staleParams.map((p) => `stale: ${p.path} ${p.name} documents ${p.params.join(', ')} which the signature lacks`),
    ...s.gateFailures.map((g) => `gate: ${g} (file left unchanged)`),
    ...s.unsafePaths.map((p) => `left alone: ${p} (reached through a symbolic link)`),
    ...s.leftAlone.map((l) => `left alone: ${l.path} (${l.reason})`),
    ...s.notes.map((n) => `note: ${n}`),
    ...(explain
      ? result.changes.flatMap((c) =>
          c.outcomes.flatMap((o) =>
            'sources' in o && o.sources?.length ? [`source: ${c.path}:${o.line} ${o.name}: ${o.sources.join('; ')}`] : [],
          ),
        )
      : []),
    ...needsSummaryLines(s.needsSummary),
  ].join('\n');
  (diff ? process.stderr : process.stdout).write(`${report}\n`);
  return runFailed(result, strict) ? 1 : 0;
}

/** "N functions need a summary: …": nothing grounded says what they do (a person or a model must). */
function needsSummaryLines(list: readonly { path: string; name: string; line: number }[]): string[] {
  if (list.length === 0) return [];
  return [
    `${list.length} function(s) need a summary (nothing in the code or its docs says what they do):`,
    ...list.map((f) => `  ${f.path}:${f.line} ${f.name}`),
  ];
}
