import { describe, expect, it } from 'vitest';
import { parseSyncData } from './syncStream.ts';
import { syncPath } from './api.ts';

describe('sync stream messages', () => {
  it('reads x~~message lines and JSON messages', () => {
    expect(parseSyncData('x~~Found 12 repositories')).toEqual({ text: 'Found 12 repositories', end: null });
    expect(parseSyncData('{"message":"x~~Syncing acme"}')).toEqual({ text: 'Syncing acme', end: null });
    expect(parseSyncData('{"message":"plain"}')).toEqual({ text: 'plain', end: null });
  });
  it('recognises the end words', () => {
    expect(parseSyncData('x~~COMPLETE').end).toBe('COMPLETE');
    expect(parseSyncData('x~~ERROR').end).toBe('ERROR');
    expect(parseSyncData('x~~FAILED').end).toBe('FAILED');
    expect(parseSyncData('x~~COMPLETED 3 of 4').end).toBeNull();
  });
  it('uses /v1 reinstall for GitLab and Azure, /v2 otherwise', () => {
    expect(syncPath('GITHUB', false)).toBe('/v2/github/install');
    expect(syncPath('GITHUB', true)).toBe('/v2/github/reinstall');
    expect(syncPath('BITBUCKET', true)).toBe('/v2/bitbucket/reinstall');
    expect(syncPath('GITLAB', true)).toBe('/v1/gitlab/reinstall');
    expect(syncPath('AZUREDEVOPS', true)).toBe('/v1/azure/reinstall');
    expect(syncPath('AZUREDEVOPS', false)).toBe('/v2/azure/install');
  });
});
