/** See bundle.mjs. */
export function freshBundleDir(): string | null;
export function buildBundle(): Promise<string>;
export function loadBundle(
  entry: 'cli' | 'analyze' | 'parse-worker-bootstrap' | 'readme-worker-bootstrap',
): Promise<Record<string, unknown> | null>;
