import { extractWithTreeSitter } from '@docent/analyzer';
import { generateFile, type FileResult } from './generate.ts';
import type { StyleConfig } from './languages.ts';

export interface GateVerdict {
  ok: boolean;
  problems: string[];
}

/**
 * DOCGEN.md's quality gate for one patched file: the analyzer re-parses it and finds every
 * targeted function documented and no generated doc OUTDATED (so every documented param exists);
 * a second run changes nothing.
 */
export async function gateFile(result: FileResult, language: string, relPath: string, config: StyleConfig): Promise<GateVerdict> {
  const problems: string[] = [];
  const targeted = new Map<string, number>();
  for (const o of result.outcomes) if (o.action !== 'skipped') targeted.set(o.name, (targeted.get(o.name) ?? 0) + 1);
  const stale = new Set(result.staleParams.map((s) => s.name));
  const after = await extractWithTreeSitter(result.output, language, relPath);
  const seen = new Map<string, number>();
  for (const fn of after) {
    if (!targeted.has(fn.name)) continue;
    seen.set(fn.name, (seen.get(fn.name) ?? 0) + 1);
    if (fn.docstring === null) problems.push(`${relPath}:${fn.startLine} ${fn.name} is still undocumented`);
    else if (fn.outdated.status === 'OUTDATED' && !stale.has(fn.name)) problems.push(`${relPath}:${fn.startLine} ${fn.name}: ${fn.outdated.explanation}`);
  }
  for (const [name, count] of targeted) if ((seen.get(name) ?? 0) < count) problems.push(`${relPath}: ${name} is gone after the patch`);
  const again = await generateFile(result.output, language, relPath, config);
  if (again.edits.length > 0) problems.push(`${relPath}: a second run still changes ${again.edits.length} place(s)`);
  return { ok: problems.length === 0, problems };
}
