import { describe, expect, it } from 'vitest';
import { freeBranchName } from '../src/delivery/branch.ts';
import { branchWebUrl } from '../src/delivery/pull-request.ts';
import { httpAuthFromUrl } from '../src/vendors/git/client.ts';

describe('where the pushed branch is shown', () => {
  it('builds each vendor’s documented branch page from the https clone URL', () => {
    const b = 'docent/docs-6dcb09b';
    expect(branchWebUrl('GITHUB', 'https://github.com/octocat/Hello-World.git', b)).toBe(
      'https://github.com/octocat/Hello-World/tree/docent/docs-6dcb09b',
    );
    expect(branchWebUrl('GITLAB', 'https://gitlab.example.com/group/sub/proj.git', b)).toBe(
      'https://gitlab.example.com/group/sub/proj/-/tree/docent/docs-6dcb09b',
    );
    expect(branchWebUrl('BITBUCKET', 'https://emmap1@bitbucket.org/teamsinspace/documentation-tests.git', b)).toBe(
      'https://bitbucket.org/teamsinspace/documentation-tests/branch/docent/docs-6dcb09b',
    );
    expect(branchWebUrl('AZUREDEVOPS', 'https://dev.azure.com/fabrikam/Fiber/_git/Fiber', b)).toBe(
      'https://dev.azure.com/fabrikam/Fiber/_git/Fiber?version=GBdocent%2Fdocs-6dcb09b',
    );
  });

  it('gives none for plain git remotes and non-https URLs', () => {
    expect(branchWebUrl('GIT', 'https://example.com/a/b.git', 'x')).toBeNull();
    expect(branchWebUrl('GITHUB', 'git://127.0.0.1:9418/lib.git', 'x')).toBeNull();
    expect(branchWebUrl('GITHUB', 'not a url', 'x')).toBeNull();
  });
});

describe('a vendor credential for git, outside the URL', () => {
  it('turns user:token in a clone URL into a Basic header scoped to that origin, and a bare URL', () => {
    expect(httpAuthFromUrl('https://x-access-token:ghp_abc%2Fdef@github.com/o/r.git')).toEqual({
      url: 'https://github.com/o/r.git',
      httpAuth: { scope: 'https://github.com/', header: `Basic ${Buffer.from('x-access-token:ghp_abc/def').toString('base64')}` },
    });
    // Azure DevOps' PAT-as-user form
    expect(httpAuthFromUrl('https://pat123@dev.azure.com/org/p/_git/r').httpAuth?.header).toBe(
      `Basic ${Buffer.from('pat123:').toString('base64')}`,
    );
  });

  it('leaves URLs without credentials and non-http URLs alone', () => {
    expect(httpAuthFromUrl('https://github.com/o/r.git')).toEqual({ url: 'https://github.com/o/r.git', httpAuth: null });
    expect(httpAuthFromUrl('git://127.0.0.1/r.git')).toEqual({ url: 'git://127.0.0.1/r.git', httpAuth: null });
  });
});

describe('a branch name that is free on the remote', () => {
  it('keeps the name when it is free, else takes the first free -2, -3…', () => {
    expect(freeBranchName('docent/docs-abc1234', [])).toBe('docent/docs-abc1234');
    expect(freeBranchName('docent/docs-abc1234', ['docent/docs-abc12345'])).toBe('docent/docs-abc1234');
    expect(freeBranchName('docent/docs-abc1234', ['docent/docs-abc1234'])).toBe('docent/docs-abc1234-2');
    expect(freeBranchName('docent/docs-abc1234', ['docent/docs-abc1234', 'docent/docs-abc1234-2', 'docent/docs-abc1234-4'])).toBe(
      'docent/docs-abc1234-3',
    );
  });
});
