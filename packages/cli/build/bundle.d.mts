/** See bundle.mjs. */
export function freshBundleDir(): string | null;
export function buildBundle(): Promise<string>;
export function loadBundle(entry: 'cli' | 'analyze' | 'parse-worker-bootstrap'): Promise<Record<string, unknown> | null>;
