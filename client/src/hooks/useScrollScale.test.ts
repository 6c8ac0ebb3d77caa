import { describe, expect, it } from 'vitest';
import { SCROLL_SCALE_FROM, scaleFor } from './useScrollScale';

describe('scaleFor', () => {
  const viewport = 1000;

  it('starts at 0.85 below the fold and reaches full size as the picture rises', () => {
    expect(SCROLL_SCALE_FROM).toBe(0.85);
    expect(scaleFor(1400, viewport)).toBe(0.85);
    expect(scaleFor(1000, viewport)).toBe(0.85);
    expect(scaleFor(650, viewport)).toBeCloseTo(0.925);
    expect(scaleFor(300, viewport)).toBe(1);
    expect(scaleFor(-500, viewport)).toBe(1);
  });
});
