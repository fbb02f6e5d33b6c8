import type { PlanType, User, Vendor } from '@docent/contracts';
import type { UserRow } from '../db/schema.ts';

/** The wire User of docs/spec-conformance.md §3. Never includes the password hash or its version. */
export function toUser(row: UserRow, connectedVendors: Vendor[] = []): User {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    userName: row.user_name,
    email: { name: row.email },
    imgUrl: row.img_url,
    isVerified: row.is_verified,
    planType: (row.plan_type as PlanType | null) ?? null,
    githubLoginId: row.github_login_id,
    googleLoginId: row.google_login_id,
    gitlabLoginId: row.gitlab_login_id ?? null,
    bitbucketLoginId: row.bitbucket_login_id ?? null,
    azureLoginId: row.azure_login_id ?? null,
    connectedVendors,
    countRepoGen: row.count_repo_gen,
    tutorialDone: row.tutorial_done_at !== null,
    creditsBannerDismissed: row.credits_banner_dismissed_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
