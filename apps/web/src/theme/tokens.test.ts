import { describe, expect, it } from 'vitest';
import { themeConfig } from './tokens.ts';

/** docs/spec-conformance.md §9 breakpoints xs 360, sm 568, md 768, lg 992, xl 1280, xxl 1920, as antd's grid receives them. */
describe('breakpoints handed to antd', () => {
  it.each(['light', 'dark'] as const)('%s theme: each screen step starts at the spec width and ends below the next', (name) => {
    const token = themeConfig(name).token as Record<string, number>;
    const steps = ['XS', 'SM', 'MD', 'LG', 'XL', 'XXL'].map((k) => [
      k,
      token[`screen${k}`],
      token[`screen${k}Min`],
      token[`screen${k}Max`],
    ]);
    expect(steps).toEqual([
      ['XS', 360, 360, 567],
      ['SM', 568, 568, 767],
      ['MD', 768, 768, 991],
      ['LG', 992, 992, 1279],
      ['XL', 1280, 1280, 1919],
      ['XXL', 1920, 1920, 2559],
    ]);
  });
});
