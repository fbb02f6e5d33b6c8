import { describe, expect, it } from 'vitest';
import { wrap } from '../src/index.ts';

/** docs/docgen.md: a line break never falls inside an inline code span or an inline Javadoc tag. */
describe('wrap', () => {
  it('keeps `{@code …}` and backquoted spans on one line', () => {
    const text = 'If {@code args} is null, or if {@code options} is null, or if `a long condition` holds.';
    for (let width = 24; width <= 60; width++) {
      const lines = wrap(text, width, ' * ');
      expect(
        lines
          .join(' ')
          .replace(/\s*\*\s+/g, ' ')
          .trim(),
      ).toBe(text);
      for (const l of lines) {
        expect((l.match(/`/g)?.length ?? 0) % 2).toBe(0);
        expect(l).not.toMatch(/\{@\w*[^}]*$/);
      }
    }
  });
  it('breaks a span wider than the line rather than overflow it', () => {
    const lines = wrap('If `alpha and beta and gamma and delta and epsilon` holds.', 24);
    expect(lines.every((l) => l.length <= 24)).toBe(true);
  });
});
