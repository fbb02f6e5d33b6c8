// npm run bench:docgen [-- <functions>…]: docstrings for every undocumented function of a
// synthetic Python repository (100 functions a file), gate included. Default sizes 1,000 and 30,000.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateRepository } from '../src/index.ts';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
for (const total of sizes.length ? sizes : [1_000, 30_000]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docgen-bench-'));
  const perFile = 100;
  for (let f = 0; f * perFile < total; f++) {
    const n = Math.min(perFile, total - f * perFile);
    const body = Array.from(
      { length: n },
      (_, i) =>
        `def load_item_${i}(item_id: int, limit: int = 10, *rest) -> dict:\n    if limit < 0:\n        raise ValueError("limit must not be negative")\n    return {"id": item_id}\n`,
    ).join('\n\n');
    fs.writeFileSync(path.join(dir, `m${f}.py`), body);
  }
  const started = performance.now();
  const result = await generateRepository(dir);
  const ms = performance.now() - started;
  const { documented, gateFailures } = result.summary;
  console.log(
    `${total} functions: ${documented} documented (${((100 * documented) / total).toFixed(1)} %), ${gateFailures.length} gate failures, ${(ms / 1000).toFixed(2)} s`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}
