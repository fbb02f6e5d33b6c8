import { describe, expect, it } from 'vitest';
import { filterRepos, groupByOrganization, organizationView, repoPath, sortRepos } from './grouping.ts';
import { testRepository } from '../test/fixtures.ts';

const repo = testRepository;

describe('repository grouping', () => {
  it('puts premium (PREMIUM or PRO) first, then sorts by name', () => {
    const sorted = sortRepos([
      repo('zeta', 'a'),
      repo('Alpha', 'a'),
      repo('beta', 'a', { planType: 'PRO' }),
      repo('mid', 'a', { planType: 'PREMIUM' }),
      repo('app10', 'a'),
      repo('app9', 'a'),
    ]);
    expect(sorted.map((r) => r.repoName)).toEqual(['beta', 'mid', 'Alpha', 'app9', 'app10', 'zeta']);
  });

  it('groups by vendor and organisation, groups ordered by organisation name', () => {
    const groups = groupByOrganization([repo('w', 'zed'), repo('b', 'acme'), repo('a', 'acme'), repo('x', 'acme', { vendor: 'GITHUB' })]);
    expect(groups.map((g) => [g.key, g.repos.map((r) => r.repoName)])).toEqual([
      ['GIT/acme', ['a', 'b']],
      ['GITHUB/acme', ['x']],
      ['GIT/zed', ['w']],
    ]);
  });

  it('filters by vendor and by a case-insensitive search over repository and organisation names', () => {
    const all = [repo('widgets', 'acme'), repo('gadgets', 'Globex'), repo('site', 'acme', { vendor: 'GITLAB' })];
    expect(filterRepos(all, { search: 'GLOB', vendor: 'ALL' }).map((r) => r.repoName)).toEqual(['gadgets']);
    expect(filterRepos(all, { search: 'acme', vendor: 'GITLAB' }).map((r) => r.repoName)).toEqual(['site']);
    expect(filterRepos(all, { search: '  ', vendor: 'ALL' })).toHaveLength(3);
    expect(filterRepos(all, { search: 'nothing', vendor: 'ALL' })).toEqual([]);
  });

  it('builds encoded paths (Azure repository names hold a slash)', () => {
    expect(repoPath({ vendor: 'AZUREDEVOPS', organizationName: 'org', repoName: 'proj/repo' })).toBe(
      '/repositories/AZUREDEVOPS/org/proj%2Frepo',
    );
  });
});

/** The organisation page's not-found state and its subtitle's vendor. */
describe('organizationView', () => {
  const all = [repo('a', 'acme'), repo('b', 'acme', { vendor: 'GITHUB' }), repo('c', 'zed', { vendor: 'GITHUB' })];

  it('an unknown organisation, or a known name under another vendor, does not exist', () => {
    expect(organizationView(all, 'GIT', 'doesnotexist', { search: '', vendor: 'GIT' }).exists).toBe(false);
    expect(organizationView(all, 'GIT', 'zed', { search: '', vendor: 'GIT' }).exists).toBe(false);
    expect(organizationView(all, 'NOPE', 'acme', { search: '', vendor: 'ALL' }).exists).toBe(false);
    expect(organizationView(all, 'git', 'ACME', { search: '', vendor: 'GIT' }).exists).toBe(true);
  });

  it("the subtitle's vendors follow the filter, not the URL", () => {
    expect(organizationView(all, 'GIT', 'acme', { search: '', vendor: 'GIT' }).vendors).toEqual(['GIT']);
    expect(organizationView(all, 'GIT', 'acme', { search: '', vendor: 'GITHUB' })).toMatchObject({
      vendors: ['GITHUB'],
      shown: [{ repoName: 'b' }],
    });
    expect(organizationView(all, 'GIT', 'acme', { search: '', vendor: 'ALL' }).vendors).toEqual(['GIT', 'GITHUB']);
    // nothing left by the filter: the filter's vendor
    expect(organizationView(all, 'GIT', 'acme', { search: '', vendor: 'GITLAB' }).vendors).toEqual(['GITLAB']);
  });
});
