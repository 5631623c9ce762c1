import { BadRequestException } from '@nestjs/common';
import { COST_ASSUMPTION_FIELDS, type CostAssumptionField } from '@app/domain';

/**
 * The accepted range of each cost assumption: wide enough for any real property, narrow enough to
 * catch a slip (a 90 % management fee, a tax of 20 % of value, dues typed in centavos).
 */
export const COST_ASSUMPTION_RANGES: Record<CostAssumptionField, { min: number; max: number; unit: string; label: string }> = {
  vacancyPct: { min: 0, max: 100, unit: '% of the year', label: 'Vacancy' },
  managementPctOfRent: { min: 0, max: 30, unit: '% of rent', label: 'Management' },
  maintenancePctOfRent: { min: 0, max: 50, unit: '% of rent', label: 'Maintenance' },
  insurancePctOfValue: { min: 0, max: 5, unit: '% of value a year', label: 'Insurance' },
  realPropertyTaxPctOfValue: { min: 0, max: 5, unit: '% of value a year', label: 'Real property tax' },
  capexReservePctOfRent: { min: 0, max: 50, unit: '% of rent', label: 'Capital reserve' },
  associationDuesPerSqmMonth: { min: 0, max: 2000, unit: '₱ per m² a month', label: 'Association dues' },
};

export const NOTE_MAX = 500;

/**
 * The fields given, checked: each one a known field and a number in its range (at most 2 decimals).
 * A 400 names the first wrong field and its range.
 */
export function checkAssumptionValues(values: unknown): Partial<Record<CostAssumptionField, number>> {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) {
    throw new BadRequestException(`values must be an object with any of: ${COST_ASSUMPTION_FIELDS.join(', ')}`);
  }
  const out: Partial<Record<CostAssumptionField, number>> = {};
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    if (!(COST_ASSUMPTION_FIELDS as readonly string[]).includes(key)) {
      throw new BadRequestException(`values.${key} is not a cost assumption; the fields are: ${COST_ASSUMPTION_FIELDS.join(', ')}`);
    }
    const field = key as CostAssumptionField;
    const { min, max, unit } = COST_ASSUMPTION_RANGES[field];
    const ok = typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max && Number(value.toFixed(2)) === value;
    if (!ok) throw new BadRequestException(`values.${field} must be a number from ${min} to ${max} (${unit}), at most 2 decimals`);
    out[field] = value;
  }
  if (Object.keys(out).length === 0) {
    throw new BadRequestException(`values must change at least one of: ${COST_ASSUMPTION_FIELDS.join(', ')}`);
  }
  return out;
}
