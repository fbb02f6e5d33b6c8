import { describe, expect, it } from 'vitest';
import { lineLengthError } from './DocToolsCard.tsx';

describe('max line length validation (spec §9)', () => {
  it('accepts whole numbers from 40 to 120 only', () => {
    expect(lineLengthError(40)).toBeNull();
    expect(lineLengthError(120)).toBeNull();
    expect(lineLengthError(39)).toBe('range');
    expect(lineLengthError(121)).toBe('range');
    expect(lineLengthError(80.5)).toBe('range');
    expect(lineLengthError(null)).toBe('required');
  });
});
