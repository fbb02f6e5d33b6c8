import type { Repository, Vendor } from '@docent/contracts';

/** Premium repositories (PREMIUM or PRO plan) are listed first and marked (docs/spec-conformance.md §2, §6). */
export function isPremium(r: Pick<Repository, 'planType'>): boolean {
  return r.planType === 'PREMIUM' || r.planType === 'PRO';
}

export interface RepoFilter {
  search: string;
  /** 'ALL' or one vendor */
  vendor: Vendor | 'ALL';
}

/** Search matches the repository or organisation name, case-insensitively. */
export function filterRepos(repos: readonly Repository[], f: RepoFilter): Repository[] {
  const q = f.search.trim().toLowerCase();
  return repos.filter(
    (r) =>
      (f.vendor === 'ALL' || r.vendor === f.vendor) &&
      (!q || r.repoName.toLowerCase().includes(q) || r.organizationName.toLowerCase().includes(q)),
  );
}

/** Premium first, then by name (case-insensitive, numeric-aware). */
export function sortRepos(repos: readonly Repository[]): Repository[] {
  return [...repos].sort(
    (a, b) =>
      Number(isPremium(b)) - Number(isPremium(a)) ||
      a.repoName.localeCompare(b.repoName, undefined, { sensitivity: 'base', numeric: true }),
  );
}

export interface OrgGroup {
  key: string;
  vendor: Vendor;
  organizationName: string;
  repos: Repository[];
}

/**
 * Cards grouped by organisation. The same organisation name on two vendors is two groups,
 * because the organisation page lives at /repositories/{vendor}/{org}.
 */
export function groupByOrganization(repos: readonly Repository[]): OrgGroup[] {
  const groups = new Map<string, OrgGroup>();
  for (const r of repos) {
    const key = `${r.vendor}/${r.organizationName}`;
    let g = groups.get(key);
    if (!g) {
      g = { key, vendor: r.vendor, organizationName: r.organizationName, repos: [] };
      groups.set(key, g);
    }
    g.repos.push(r);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, repos: sortRepos(g.repos) }))
    .sort(
      (a, b) =>
        a.organizationName.localeCompare(b.organizationName, undefined, { sensitivity: 'base' }) || a.vendor.localeCompare(b.vendor),
    );
}

export function repoPath(r: Pick<Repository, 'vendor' | 'organizationName' | 'repoName'>): string {
  return `/repositories/${encodeURIComponent(r.vendor)}/${encodeURIComponent(r.organizationName)}/${encodeURIComponent(r.repoName)}`;
}

export function orgPath(vendor: string, org: string): string {
  return `/repositories/${encodeURIComponent(vendor)}/${encodeURIComponent(org)}`;
}

export interface OrganizationView {
  /** the organisation of the URL exists: a repository of that vendor carries its name */
  exists: boolean;
  /** the organisation's repositories that pass the filter */
  shown: Repository[];
  /** the vendors of what is shown (the subtitle names them) */
  vendors: Vendor[];
}

/**
 * The organisation page at /repositories/{vendor}/{org}: an unknown vendor or
 * organisation is not found (not an empty page); the subtitle names the vendors of the cards
 * the filter leaves, not the URL's vendor when the filter shows another one.
 */
export function organizationView(repos: readonly Repository[], urlVendor: string, orgName: string, f: RepoFilter): OrganizationView {
  const vendor = urlVendor.toUpperCase();
  const sameOrg = repos.filter((r) => r.organizationName.toLowerCase() === orgName.toLowerCase());
  const exists = sameOrg.some((r) => r.vendor === vendor);
  const shown = filterRepos(sameOrg, f);
  const vendors = [...new Set(shown.map((r) => r.vendor))].sort();
  if (vendors.length === 0) vendors.push(f.vendor !== 'ALL' ? f.vendor : (vendor as Vendor));
  return { exists, shown, vendors };
}
