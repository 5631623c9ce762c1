import { describe, expect, it } from 'vitest';
import { formatArea, formatDistance } from './format';

describe('formatArea and formatDistance', () => {
  it('writes square metres with separators and distances in m under a kilometre', () => {
    expect(formatArea(1250.5)).toBe('1,250.5 m²');
    expect(formatDistance(350.4)).toBe('350 m');
    expect(formatDistance(1240)).toBe('1.2 km');
  });
});
