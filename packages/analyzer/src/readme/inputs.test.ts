import { describe, expect, it } from 'vitest';
import { readmeInputsKey } from './inputs.ts';

const files = ['README.md', 'go.mod', 'gin.go', 'LICENSE', 'docs/guide.md', 'internal/x.go'];
const facts = (changes: Record<string, string> = {}) => files.map((rel) => ({ rel, blobId: changes[rel] ?? `blob-${rel}`, size: 10 }));

describe('readmeInputsKey', () => {
  const base = readmeInputsKey('gin', files, facts());

  it('ignores source files, in the root or below', () => {
    expect(readmeInputsKey('gin', files, facts({ 'gin.go': 'changed' }))).toBe(base);
    expect(readmeInputsKey('gin', files, facts({ 'internal/x.go': 'changed' }))).toBe(base);
  });

  it('changes with the README, a manifest, the LICENSE or a linked text file', () => {
    for (const rel of ['README.md', 'go.mod', 'LICENSE', 'docs/guide.md'])
      expect(readmeInputsKey('gin', files, facts({ [rel]: 'changed' })), rel).not.toBe(base);
  });

  it('changes when a file is added or removed (links may point at it)', () => {
    expect(readmeInputsKey('gin', [...files, 'new.go'], facts())).not.toBe(base);
    expect(readmeInputsKey('gin', files.slice(1), facts())).not.toBe(base);
  });
});
