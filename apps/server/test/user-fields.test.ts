import { describe, expect, it } from 'vitest';
import { User } from '@docent/contracts';
import type { UserRow } from '../src/db/schema.ts';
import { toUser } from '../src/users/mapper.ts';

const row: UserRow = {
  id: 'u-7',
  first_name: 'Grace',
  last_name: 'Hopper',
  user_name: 'grace',
  email: 'grace@example.com',
  password_hash: 'scrypt$secret-hash',
  password_version: 3,
  is_verified: true,
  plan_type: 'PREMIUM',
  img_url: 'https://img.example.com/g.png',
  github_login_id: '1001',
  google_login_id: null,
  gitlab_login_id: null,
  bitbucket_login_id: '{b-1}',
  azure_login_id: null,
  count_repo_gen: 2,
  tutorial_done_at: null,
  credits_banner_dismissed_at: new Date('2026-11-01T00:00:00Z'),
  language: 'en',
  created_at: new Date('2026-10-01T12:00:00Z'),
  updated_at: new Date('2026-11-01T00:00:00Z'),
};

/** docs/spec-conformance.md §3 User: the wire fields and their shapes, and nothing of the password. */
describe('the wire User', () => {
  it('carries id, names, email as an object with a name, imgUrl, isVerified, planType, login ids, connectedVendors and countRepoGen', () => {
    const user = toUser(row, ['GITHUB', 'BITBUCKET']);
    expect(user).toMatchObject({
      id: 'u-7',
      firstName: 'Grace',
      lastName: 'Hopper',
      userName: 'grace',
      email: { name: 'grace@example.com' },
      imgUrl: 'https://img.example.com/g.png',
      isVerified: true,
      planType: 'PREMIUM',
      githubLoginId: '1001',
      googleLoginId: null,
      connectedVendors: ['GITHUB', 'BITBUCKET'],
      countRepoGen: 2,
    });
    expect(User.parse(user)).toEqual(user);
    expect(JSON.stringify(user)).not.toMatch(/scrypt|secret-hash|password/i);
  });

  it('a user without a plan has planType null and, without connections, an empty connectedVendors', () => {
    const user = toUser({ ...row, plan_type: null });
    expect(user.planType).toBeNull();
    expect(user.connectedVendors).toEqual([]);
  });
});
