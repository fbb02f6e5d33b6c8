import type { User } from '@docent/contracts';

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
