// node --import tsx packages/docgen/bench/roundtrip.ts <checkout>…: the round-trip figure —
// generate for every function of a real repository (gate included) and count what the gate let through.
import { generateRepository } from '../src/index.ts';

for (const dir of process.argv.slice(2)) {
  const started = performance.now();
  const r = await generateRepository(dir);
  const s = r.summary;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${dir}: ${s.documented} documented, ${s.updated} updated, ${s.skipped} skipped, ${s.files} files changed, ${s.gateFailures.length} gate failures (${seconds} s)`,
  );
  for (const g of s.gateFailures.slice(0, 5)) console.log(`  gate: ${g}`);
  const reasons = new Map<string, number>();
  for (const c of r.changes)
    for (const o of c.outcomes) if (o.action === 'skipped') reasons.set(o.reason, (reasons.get(o.reason) ?? 0) + 1);
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 4)) console.log(`  skipped ${n}×: ${reason}`);
}
