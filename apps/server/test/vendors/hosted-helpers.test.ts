import { describe, expect, it } from 'vitest';
import {
  nextLinkFromHeader,
  sameOriginOrThrow,
  scrubToken,
  vendorErrorDetail,
  withCredentials,
  withoutCredentials,
} from '../../src/vendors/hosted-types.ts';

describe('shared helpers of the hosted vendor adapters', () => {
  it('finds rel="next" wherever it sits in a Link header, and nothing when it is absent', () => {
    expect(
      nextLinkFromHeader('<https://api.github.com/user/repos?page=1>; rel="prev", <https://api.github.com/user/repos?page=3>; rel="next"'),
    ).toBe('https://api.github.com/user/repos?page=3');
    expect(
      nextLinkFromHeader(
        '<https://gitlab.example.com/api/v4/projects?page=2>; rel="next", <https://gitlab.example.com/api/v4/projects?page=9>; rel="last"',
      ),
    ).toBe('https://gitlab.example.com/api/v4/projects?page=2');
    expect(nextLinkFromHeader('<https://x.example/a?page=1>; rel="first", <https://x.example/a?page=4>; rel="last"')).toBeUndefined();
    expect(nextLinkFromHeader(null)).toBeUndefined();
  });

  it('accepts relative next links on the same origin and refuses other origins', () => {
    expect(sameOriginOrThrow('X', '/2.0/repositories/ws?page=2', 'https://api.bitbucket.org/2.0/repositories/ws')).toBe(
      'https://api.bitbucket.org/2.0/repositories/ws?page=2',
    );
    expect(() => sameOriginOrThrow('X', 'http://api.bitbucket.org/2.0/x', 'https://api.bitbucket.org/2.0/x')).toThrow(/another host/);
  });

  it('percent-encodes credentials that contain URL-special characters and strips them again', () => {
    const url = withCredentials('Bitbucket', 'https://bitbucket.org/ws/r.git', 'me@corp.example', 'p@ss:w/rd#1');
    expect(url).toBe('https://me%40corp.example:p%40ss%3Aw%2Frd%231@bitbucket.org/ws/r.git');
    const parsed = new URL(url);
    expect(decodeURIComponent(parsed.password)).toBe('p@ss:w/rd#1');
    expect(withoutCredentials(url)).toBe('https://bitbucket.org/ws/r.git');
    expect(withCredentials('GitLab', 'http://127.0.0.1:8080/g/r.git', 'oauth2', 't')).toBe('http://oauth2:t@127.0.0.1:8080/g/r.git');
    expect(() => withCredentials('GitLab', 'http://gitlab.example.com/g/r.git', 'oauth2', 't')).toThrow(/non-https/);
  });

  it('reads each vendor’s error shape and scrubs every form of the token', () => {
    expect(vendorErrorDetail({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' })).toBe('Bad credentials');
    expect(vendorErrorDetail({ type: 'error', error: { message: 'Repository not found' } })).toBe('Repository not found');
    expect(vendorErrorDetail({ message: { source_branch: ['is invalid'] } })).toBe('source_branch is invalid');
    expect(vendorErrorDetail({ error: 'invalid_token', error_description: 'Token expired' })).toBe('Token expired');
    expect(vendorErrorDetail('<html><body>Sign in</body></html>')).toBeUndefined();
    expect(scrubToken('a tok/en+1 b tok%2Fen%2B1 c', 'tok/en+1')).toBe('a [redacted] b [redacted] c');
  });
});
