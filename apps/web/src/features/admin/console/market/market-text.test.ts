import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_KINDS, DEVELOPMENT_STATUSES } from '@app/domain';
import { DEVELOPMENT_KIND_LABELS, DEVELOPMENT_STATUS_LABELS, completionLabel, kindLabel, parseAssumption } from './market-text';

describe('market console text', () => {
  it('labels every development kind and status', () => {
    expect(DEVELOPMENT_KINDS.every((k) => DEVELOPMENT_KIND_LABELS[k])).toBe(true);
    expect(DEVELOPMENT_STATUSES.every((s) => DEVELOPMENT_STATUS_LABELS[s])).toBe(true);
  });

  it('names kinds and dates for people', () => {
    expect(kindLabel('house_and_lot')).toBe('House and lot');
    expect(completionLabel(null)).toBe('Not announced');
    expect(completionLabel('2027-06-30')).toMatch(/30 Jun 2027|Jun 30, 2027/);
  });

  it('checks a cost assumption against its range', () => {
    const range = { min: 0, max: 30, unit: '% of rent', label: 'Management' };
    expect(parseAssumption('', range)).toBeNull();
    expect(parseAssumption(' 8 ', range)).toBe(8);
    expect(parseAssumption('7.25', range)).toBe(7.25);
    expect(parseAssumption('31', range)).toBe('Management: from 0 to 30 (% of rent)');
    expect(parseAssumption('-1', range)).toBe('Management: from 0 to 30 (% of rent)');
    expect(parseAssumption('7.255', range)).toBe('Management: at most 2 decimals');
    expect(parseAssumption('eight', range)).toMatch(/^Management: a number/);
  });
});
