import { describe, expect, it } from 'vitest';
import { formatPeso } from './format';

describe('formatPeso', () => {
  it('formats pesos with the ₱ sign, thousands separators and centavos', () => {
    expect(formatPeso(1500)).toBe('₱1,500.00');
    expect(formatPeso(6500)).toBe('₱6,500.00');
    expect(formatPeso(0)).toBe('₱0.00');
    expect(formatPeso(5_000_000)).toBe('₱5,000,000.00');
    expect(formatPeso(1234.5)).toBe('₱1,234.50');
  });
});
