import { ValidateBy } from 'class-validator';

/** True for a finite number written with at most `decimals` decimals (5e-324 and 0.1 + 0.2 are not). */
export const hasAtMostDecimals = (value: unknown, decimals: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Number(value.toFixed(decimals)) === value;

/**
 * A number with at most `decimals` decimals, e.g. an amount of money. Replaces class-validator's
 * IsNumber({ maxDecimalPlaces }), which throws (a 500) on numbers it prints in exponent form (1e-7).
 */
export function DecimalNumber(name: string, decimals: number): PropertyDecorator {
  return ValidateBy({
    name: 'decimalNumber',
    constraints: [decimals],
    validator: {
      validate: (value) => hasAtMostDecimals(value, decimals),
      defaultMessage: () => `${name} must be a number with at most ${decimals} decimals`,
    },
  });
}
