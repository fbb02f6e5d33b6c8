import type { ReactNode } from 'react';
import { ApiOutlined, BranchesOutlined, CrownOutlined, GiftOutlined, ProfileOutlined, UnorderedListOutlined } from '@ant-design/icons';

export interface NavEntry {
  key: string;
  path: string;
  labelKey: string;
  icon: ReactNode;
}

/** Sidebar sections (docs/spec-conformance.md §2 shell): the app section and the user section. */
export const APP_NAV: NavEntry[] = [
  { key: 'repositories', path: '/repositories', labelKey: 'shell.nav.repositories', icon: <BranchesOutlined /> },
  { key: 'jobs', path: '/jobs', labelKey: 'shell.nav.jobs', icon: <UnorderedListOutlined /> },
  { key: 'apiKeys', path: '/docent-api-keys', labelKey: 'shell.nav.apiKeys', icon: <ApiOutlined /> },
];

export const USER_NAV: NavEntry[] = [
  { key: 'profile', path: '/profile', labelKey: 'shell.nav.profile', icon: <ProfileOutlined /> },
  { key: 'upgrade', path: '/profile/upgrade-plan', labelKey: 'shell.nav.upgrade', icon: <CrownOutlined /> },
  { key: 'coupons', path: '/redeem-coupon', labelKey: 'shell.nav.coupons', icon: <GiftOutlined /> },
];

/** The entry a path belongs to: the longest matching prefix wins (upgrade-plan over profile). */
export function activeNavKey(pathname: string): string | undefined {
  const all = [...APP_NAV, ...USER_NAV].sort((a, b) => b.path.length - a.path.length);
  return all.find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`))?.key;
}

/** docs/spec-conformance.md §2 breadcrumb labels by path segment. */
const SEGMENT_LABELS: Record<string, string> = {
  repositories: 'breadcrumb.repositories',
  jobs: 'breadcrumb.jobs',
  'docent-api-keys': 'breadcrumb.apiKeys',
  'redeem-coupon': 'breadcrumb.coupons',
  profile: 'breadcrumb.profile',
  'personal-info': 'breadcrumb.account',
  'security-settings': 'breadcrumb.securitySettings',
  payments: 'breadcrumb.payments',
  'upgrade-plan': 'breadcrumb.upgradePlan',
  transactions: 'breadcrumb.transactions',
};

export interface Crumb {
  path: string;
  /** A translation key, or literal text (an organisation or repository name). */
  labelKey?: string;
  /** Values for the translation's placeholders (a job's id). */
  labelParams?: Record<string, string>;
  text?: string;
}

/** The repository page's tabs that have a path of their own, by their last segment (labelled as the tab is). */
const REPO_TAB_LABELS: Record<string, string> = {
  lro: 'repositories.repo.allJobs',
  settings: 'webhooks.tab',
};

/**
 * Crumbs for a path. Under /repositories the vendor segment is skipped (it is not a page);
 * the organisation and repository show their names, a tab with a path of its own (lro,
 * settings) the tab's label; a job id reads "Job #id". No crumb shows a raw route segment.
 */
export function crumbsFor(pathname: string): Crumb[] {
  const raw = pathname.split('/').filter(Boolean);
  const text = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const crumbs: Crumb[] = [];
  if (raw[0] === 'repositories') {
    crumbs.push({ path: '/repositories', labelKey: SEGMENT_LABELS.repositories });
    const [, vendor, org, repo] = raw;
    if (vendor && org) crumbs.push({ path: `/repositories/${vendor}/${org}`, text: text(org) });
    if (vendor && org && repo) crumbs.push({ path: `/repositories/${vendor}/${org}/${repo}/`, text: text(repo) });
    const tab = raw[4];
    const tabKey = tab === undefined ? undefined : REPO_TAB_LABELS[tab];
    if (vendor && org && repo && tab && tabKey) crumbs.push({ path: `/repositories/${vendor}/${org}/${repo}/${tab}`, labelKey: tabKey });
    return crumbs;
  }
  if (raw[0] === 'jobs') {
    crumbs.push({ path: '/jobs', labelKey: SEGMENT_LABELS.jobs });
    if (raw[1]) crumbs.push({ path: `/jobs/${raw[1]}`, labelKey: 'breadcrumb.job', labelParams: { id: text(raw[1]) } });
    return crumbs;
  }
  let path = '';
  for (const seg of raw) {
    path += `/${seg}`;
    const labelKey = SEGMENT_LABELS[seg];
    crumbs.push(labelKey ? { path, labelKey } : { path, text: text(seg) });
  }
  return crumbs;
}
