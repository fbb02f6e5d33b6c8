import { parentPort, workerData } from 'node:worker_threads';
import { analyzeReadme } from '../readme/index.ts';

/**
 * Worker-thread entry: one README analysis (no LLM). Markdown parsing, readability and grammar
 * are synchronous and take 0.2–0.6 s on a large README; on the main thread they stalled the
 * history pass, which waits on git and the parse workers (docs/performance.md, session 7).
 */
export interface ReadmeWorkerData {
  dir: string;
  files: readonly string[];
}

const { dir, files } = workerData as ReadmeWorkerData;
analyzeReadme(dir, files).then(
  (r) => parentPort!.postMessage({ ok: true, outcome: { analysis: r.analysis, content: r.content, suggestion: r.suggestion } }),
  (error: unknown) => parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
