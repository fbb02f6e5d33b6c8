import { parentPort, workerData } from 'node:worker_threads';
import { extractFunctions } from '../functions/index.ts';
import { parseFile } from './parse-file.ts';
import { RepoReader } from './safe-read.ts';
import type { ParseOutcome, ParseTask } from './types.ts';

/**
 * Worker-thread entry: receives batches of files to parse, reads each file itself (inside the
 * repository only), and answers with the functions found. tree-sitter state lives once per thread
 * inside src/functions.
 */
export interface BatchMessage {
  id: number;
  tasks: ParseTask[];
}
export interface BatchReply {
  id: number;
  outcomes: ParseOutcome[];
}

const { root } = workerData as { root: string };
const reader = new RepoReader(root);

parentPort!.on('message', (message: BatchMessage) => {
  void (async () => {
    const outcomes: ParseOutcome[] = [];
    for (const task of message.tasks) outcomes.push(await parseFile(reader, task, extractFunctions));
    parentPort!.postMessage({ id: message.id, outcomes } satisfies BatchReply);
  })();
});
parentPort!.postMessage({ ready: true });
