/** See bundle.mjs. */
export const ENTRIES: Record<
  'main' | 'worker' | 'admin' | 'off-thread-worker-bootstrap' | 'parse-worker-bootstrap' | 'readme-worker-bootstrap',
  string
>;
export function freshBundleDir(): string | null;
export function buildBundle(): Promise<{ dir: string; built: boolean }>;
