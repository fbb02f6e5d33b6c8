import { describe, expect, it } from 'vitest';
import { activeNavKey, crumbsFor } from './navigation.tsx';
import { viewportFor } from './useViewport.ts';
import { initialsOf } from './UserAvatar.tsx';
import { testUser } from '../test/fixtures.ts';

describe('activeNavKey', () => {
  it('picks the longest matching entry', () => {
    expect(activeNavKey('/profile/upgrade-plan')).toBe('upgrade');
    expect(activeNavKey('/profile/personal-info')).toBe('profile');
    expect(activeNavKey('/repositories/GITHUB/acme')).toBe('repositories');
    expect(activeNavKey('/jobs/42')).toBe('jobs');
    expect(activeNavKey('/jobsite')).toBeUndefined();
  });
});

describe('crumbsFor', () => {
  it('labels profile subpages as the spec names them', () => {
    expect(crumbsFor('/profile/personal-info').map((c) => c.labelKey)).toEqual(['breadcrumb.profile', 'breadcrumb.account']);
    expect(crumbsFor('/redeem-coupon')[0]?.labelKey).toBe('breadcrumb.coupons');
    expect(crumbsFor('/docent-api-keys')[0]?.labelKey).toBe('breadcrumb.apiKeys');
  });

  it('shows organisation and repository names, skipping the vendor; the lro and settings tabs by their labels', () => {
    const crumbs = crumbsFor('/repositories/GITHUB/acme%20inc/web-app/lro');
    expect(crumbs.map((c) => c.labelKey ?? c.text)).toEqual([
      'breadcrumb.repositories',
      'acme inc',
      'web-app',
      'repositories.repo.allJobs',
    ]);
    expect(crumbs[2]?.path).toBe('/repositories/GITHUB/acme%20inc/web-app/');
    expect(crumbsFor('/repositories/GITHUB/acme/web-app/settings').at(-1)?.labelKey).toBe('webhooks.tab');
    expect(crumbsFor('/repositories/GITHUB/acme/web-app/').map((c) => c.labelKey ?? c.text)).toEqual([
      'breadcrumb.repositories',
      'acme',
      'web-app',
    ]);
  });
});

describe('viewportFor (spec breakpoints md 768, lg 992)', () => {
  it('classifies widths', () => {
    expect(viewportFor(360)).toBe('mobile');
    expect(viewportFor(767)).toBe('mobile');
    expect(viewportFor(768)).toBe('tablet');
    expect(viewportFor(991)).toBe('tablet');
    expect(viewportFor(992)).toBe('desktop');
    expect(viewportFor(1280)).toBe('desktop');
  });
});

describe('initialsOf', () => {
  it('uses first and last name, else the user name', () => {
    expect(initialsOf(testUser)).toBe('AL');
    expect(initialsOf({ ...testUser, lastName: '' })).toBe('A');
    expect(initialsOf({ ...testUser, firstName: ' ', lastName: '' })).toBe('A');
    expect(initialsOf({ ...testUser, firstName: '', lastName: '', userName: 'zed' })).toBe('Z');
  });
});
