// V8 tuning for one-shot analyses (the CLI, the benchmark's measured process), applied before the
// analyzer's code is loaded. V8's default optimises a hot function after ~66 KB of bytecode has
// run: the Python scanner's two large functions were then compiled ~8 times each (too little type
// feedback → deoptimised → recompiled), ~0.7 s of compiler CPU that competes with git for the
// second core. A 1 MB budget gathers more feedback first (measured in docs/performance.md).
import v8 from 'node:v8';

export function tuneV8ForBatch() {
  v8.setFlagsFromString('--interrupt-budget=1000000');
}
