import type { UserRow } from '../db/schema.ts';
import type { RepoRepository } from '../repos/repository.ts';
import type { SecretBox } from '../crypto/secretbox.ts';
import type { ConnectionRepository } from './connections.ts';
import { VendorApiError, type RemoteRepository } from './hosted-types.ts';
import { GitUrlError, parseGitSource } from './git/url.ts';

/** Why a repository from a vendor's listing cannot be stored, or null when it can. */
function unusableRepository(r: RemoteRepository): string | null {
  if (!r.organizationName || !r.repoName || /\u0000/.test(r.organizationName + r.repoName)) return 'the vendor gave it no usable name';
  try {
    if (parseGitSource(r.cloneUrl, []).kind !== 'remote') return 'its clone URL is not a remote URL';
  } catch (err) {
    if (err instanceof GitUrlError) return 'its clone URL cannot be used';
    throw err;
  }
  return null;
}
import { VENDOR_LABEL, type HostedVendor, type VendorAdapters } from './index.ts';

/**
 * Sync of one vendor (the install/reinstall streams): for every stored connection of the
 * user, list the vendor's repositories and add or refresh them. `say` receives each message
 * line; the return value is the terminal word of the stream.
 */
export async function syncVendor(
  deps: { adapters: VendorAdapters; connections: ConnectionRepository; repos: RepoRepository; box: SecretBox },
  user: UserRow,
  vendor: HostedVendor,
  say: (message: string) => void,
  signal: AbortSignal,
): Promise<'COMPLETE' | 'ERROR' | 'FAILED'> {
  const label = VENDOR_LABEL[vendor];
  const connections = await deps.connections.list(user.id, vendor);
  if (connections.length === 0) {
    say(`No ${label} connection yet. Connect ${label} with an access token first.`);
    return 'ERROR';
  }
  let failed = 0;
  for (const conn of connections) {
    const where = conn.organization ? `${label} (${conn.organization})` : label;
    await deps.connections.setStatus(conn.id, 'in_progress', `Syncing ${where}`);
    try {
      say(`Connecting to ${where}…`);
      // An expired OAuth token is refreshed first; a 401 refreshes it once and tries again.
      const remote = await deps.connections.withCredential(conn, (cred) =>
        deps.adapters[vendor].listRepositories(cred, conn.organization || undefined, signal),
      );
      say(`Found ${remote.length} repositories`);
      let added = 0;
      let skipped = 0;
      for (const r of remote) {
        const problem = unusableRepository(r);
        if (problem) {
          skipped += 1;
          say(`⚠️ Skipped ${r.organizationName || '?'}/${r.repoName || '?'}: ${problem}`);
          continue;
        }
        const existing = await deps.repos.find(user.id, vendor, r.organizationName, r.repoName);
        if (existing) {
          // installationId (docs/spec-conformance.md §3 repository): the connection (our vendor installation) it came through
          await deps.repos.refreshFromVendor(existing.id, {
            clone_url: deps.box.seal(r.cloneUrl),
            default_branch: r.defaultBranch,
            is_private: r.isPrivate,
            installation_id: conn.id,
          });
        } else {
          await deps.repos.insert({
            user_id: user.id,
            vendor,
            organization_name: r.organizationName,
            repo_name: r.repoName,
            clone_url: deps.box.seal(r.cloneUrl),
            default_branch: r.defaultBranch,
            is_private: r.isPrivate,
            installation_id: conn.id,
          });
          added += 1;
        }
      }
      const synced = remote.length - skipped;
      const orgs = new Set(remote.map((r) => r.organizationName));
      say(
        `Synced ${synced} repositories in ${orgs.size} organisation${orgs.size === 1 ? '' : 's'} (${added} new${skipped ? `, ${skipped} skipped` : ''})`,
      );
      await deps.connections.setStatus(conn.id, 'no_status', `Synced ${synced} repositories`, true);
    } catch (err) {
      failed += 1;
      const message = err instanceof VendorApiError ? err.message : `Sync failed: ${(err as Error).message}`;
      say(`❌ Error syncing ${label}: ${message}`);
      await deps.connections.setStatus(conn.id, 'no_status', message);
    }
  }
  return failed === connections.length ? 'FAILED' : 'COMPLETE';
}
