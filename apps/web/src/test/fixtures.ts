import type { Repository, User } from '@docent/contracts';

export const testUser: User = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  userName: 'ada',
  email: { name: 'ada@example.com' },
  imgUrl: null,
  isVerified: false,
  planType: null,
  githubLoginId: null,
  googleLoginId: null,
  connectedVendors: [],
  countRepoGen: 0,
  // done, so that shell tests do not get the welcome tour over their page (its own tests turn it on)
  tutorialDone: true,
  creditsBannerDismissed: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** A plain-git repository as the API lists it; `over` changes any field. */
export const testRepository = (repoName: string, organizationName: string, over: Partial<Repository> = {}): Repository => ({
  id: `${organizationName}/${repoName}`,
  repoName,
  organizationName,
  vendor: 'GIT',
  planType: 'FREE',
  isPrivate: false,
  installationId: null,
  defaultBranch: 'main',
  gitAppMetaData: { siteUrl: null, analysisReport: {} },
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});
