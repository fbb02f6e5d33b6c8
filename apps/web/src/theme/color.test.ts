import { describe, expect, it } from 'vitest';
import { hexToRgb, InvalidHexColorError, withAlpha } from './color.ts';

describe('hex colours: an invalid hex colour raises an internal error', () => {
  it('reads #rgb and #rrggbb in either case', () => {
    expect(hexToRgb('#4f46e5')).toEqual({ r: 79, g: 70, b: 229 });
    expect(hexToRgb('#FFF')).toEqual({ r: 255, g: 255, b: 255 });
    expect(withAlpha('#22c55e', 0.15)).toBe('rgba(34, 197, 94, 0.15)');
  });

  it('throws InvalidHexColorError for anything else', () => {
    for (const bad of ['4f46e5', '#4f46e', '#12g', '#4f46e5ff', 'red', '', '#', 'rgb(1,2,3)']) {
      expect(() => hexToRgb(bad), bad).toThrow(InvalidHexColorError);
    }
    expect(() => withAlpha('#xyz', 0.5)).toThrow('Invalid hex color: "#xyz"');
  });
});
