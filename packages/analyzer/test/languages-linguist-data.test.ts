import * as linguist from 'linguist-languages';
import { describe, expect, it } from 'vitest';
import { readLinguistLanguages } from '../src/languages/linguist-data.ts';

describe('linguist-languages read without the module loader', () => {
  it('equals the package import, entry by entry and in the same order', () => {
    const fast = readLinguistLanguages();
    expect(fast).not.toBeNull();
    const imported = Object.values(linguist) as unknown[];
    expect(fast!.length).toBe(imported.length);
    expect(fast!.length).toBeGreaterThan(700);
    expect(fast).toEqual(imported);
    const python = fast!.find((l) => l.name === 'Python')!;
    expect(python.extensions).toContain('.py');
    expect(python.type).toBe('programming');
  });
});
