import os from 'node:os';
import path from 'node:path';

/** DOCENT_CACHE_DIR, else `$XDG_CACHE_HOME/docent`, else `~/.cache/docent`; an explicit option wins. */
export function resolveCacheDir(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return path.resolve(explicit);
  if (env.DOCENT_CACHE_DIR) return path.resolve(env.DOCENT_CACHE_DIR);
  const base = env.XDG_CACHE_HOME ? path.resolve(env.XDG_CACHE_HOME) : path.join(os.homedir(), '.cache');
  return path.join(base, 'docent');
}
