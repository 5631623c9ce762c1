import { BadRequestException } from '@nestjs/common';
import { assertKindOfType, futureValidity, manilaToday, normaliseLicenceNumber } from './licence-rules';

const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(BadRequestException);
    return (err as BadRequestException).message;
  }
  throw new Error('expected a 400');
};

describe('licence rules', () => {
  it('keeps a PRC number as digits, trimmed, leading zeros kept, at most 7', () => {
    expect(normaliseLicenceNumber(' 0012345 ')).toBe('0012345');
    expect(normaliseLicenceNumber('7')).toBe('7');
    expect(messageOf(() => normaliseLicenceNumber('12345678'))).toMatch(/at most 7 digits.*has 8/);
    expect(messageOf(() => normaliseLicenceNumber('0012-345'))).toMatch(/digits only/);
    expect(messageOf(() => normaliseLicenceNumber('１２３'))).toMatch(/digits only/);
    expect(messageOf(() => normaliseLicenceNumber(' '))).toMatch(/number is required/);
  });

  it('takes a validity after today in Manila only (UTC+8: 16:30 UTC is already the next day there)', () => {
    const at = new Date('2026-03-10T16:30:00Z'); // 2026-03-11 00:30 in Manila
    expect(manilaToday(at)).toBe('2026-03-11');
    expect(futureValidity('2026-03-12', at)).toBe('2026-03-12');
    expect(messageOf(() => futureValidity('2026-03-11', at))).toMatch(/after today \(2026-03-11/);
    expect(messageOf(() => futureValidity('2026-02-30', at))).toMatch(/YYYY-MM-DD/);
    expect(messageOf(() => futureValidity('next year', at))).toMatch(/YYYY-MM-DD/);
  });

  it("names the kind a member type holds, and refuses types that hold none", () => {
    expect(() => assertKindOfType('broker', 'broker')).not.toThrow();
    expect(() => assertKindOfType('real_estate_salesperson', 'salesperson')).not.toThrow();
    expect(() => assertKindOfType('real_estate_appraiser', 'appraiser')).not.toThrow();
    expect(() => assertKindOfType('real_estate_consultant', 'consultant')).not.toThrow();
    expect(messageOf(() => assertKindOfType('real_estate_consultant', 'broker'))).toBe(
      'A real estate consultant enters a consultant licence (kind "consultant"), not "broker"',
    );
    expect(messageOf(() => assertKindOfType('property_owner', 'broker'))).toMatch(/property owner holds no PRC licence/);
  });
});
