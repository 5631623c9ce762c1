import { BadRequestException } from '@nestjs/common';
import { isCalendarDate, todayIn, USER_TYPE_LABELS, LICENCE_KIND_OF_TYPE, type LicenceKind, type UserType } from '@app/domain';

/** PRC registration and accreditation numbers have at most this many digits. */
export const LICENCE_NUMBER_MAX_DIGITS = 7;

/** Today's date in the Philippines (YYYY-MM-DD): validity dates are Manila days. */
export const manilaToday = (now: Date = new Date()): string => todayIn('Asia/Manila', now);

/**
 * A PRC number as entered: trimmed, digits only, at most 7, leading zeros kept ("0012345" stays so).
 * 400 with what is wrong otherwise.
 */
export function normaliseLicenceNumber(raw: string): string {
  const value = raw.trim();
  if (!value) throw new BadRequestException('number is required: the digits of the number on your PRC ID');
  if (!/^\d+$/.test(value)) {
    throw new BadRequestException(`number must be digits only (the number on your PRC ID, e.g. 0012345): "${value.slice(0, 20)}" has other characters`);
  }
  if (value.length > LICENCE_NUMBER_MAX_DIGITS) {
    throw new BadRequestException(`number must have at most ${LICENCE_NUMBER_MAX_DIGITS} digits (PRC numbers do): this one has ${value.length}`);
  }
  return value;
}

/** A validity date: a real YYYY-MM-DD date after today in Manila. 400 with the reason otherwise. */
export function futureValidity(raw: string, now: Date = new Date()): string {
  const value = raw.trim();
  if (!isCalendarDate(value)) throw new BadRequestException('validUntil must be a date (YYYY-MM-DD), e.g. 2028-06-30');
  const today = manilaToday(now);
  if (value <= today) {
    throw new BadRequestException(`validUntil must be after today (${today}, Philippine time): this licence is no longer valid; renew it with the PRC first`);
  }
  return value;
}

/** The licence kind a member type holds; 400 saying which when the kind sent is another, or when the type needs none. */
export function assertKindOfType(type: UserType, kind: LicenceKind): void {
  const wanted = LICENCE_KIND_OF_TYPE[type];
  if (!wanted) {
    throw new BadRequestException(
      `A ${USER_TYPE_LABELS[type].toLowerCase()} holds no PRC licence: change your member type (broker, salesperson, appraiser or consultant) in your profile first`,
    );
  }
  if (wanted !== kind) {
    throw new BadRequestException(`A ${USER_TYPE_LABELS[type].toLowerCase()} enters a ${wanted} licence (kind "${wanted}"), not "${kind}"`);
  }
}
