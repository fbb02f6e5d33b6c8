/**
 * The hook the web app offers for download is the one docs/webhooks.md documents and the server
 * tests run: packages/contracts carries its text for the web app (which imports nothing outside the
 * workspaces), and this check keeps it equal to docs/post-receive-hook.sh.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POST_RECEIVE_HOOK } from '@docent/contracts';

describe('the post-receive hook', () => {
  it('is the same text in packages/contracts and docs/post-receive-hook.sh', () => {
    expect(POST_RECEIVE_HOOK).toBe(readFileSync(path.resolve(import.meta.dirname, '../../docs/post-receive-hook.sh'), 'utf8'));
  });
});
