import type { UserRow } from '@app/db';
import { hasVerifiedIdentity } from '@app/domain';
import type { UserDto, UserViewDto } from './dto/user-output.dto';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The full user, for the user themself and for staff. Never carries the password hash. */
export function toUserDto(row: UserRow): UserDto {
  return {
    _id: row.id,
    avatar: row.avatar,
    username: row.username,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    role: row.role,
    status: row.status,
    type: row.type,
    dateSignedUp: row.dateSignedUp.toISOString(),
    lastActive: iso(row.lastActive),
    credits: { remaining: row.creditsRemaining },
    kyc: row.kyc ?? null,
    licence: row.licence ?? null,
    subscription: {
      plan: row.subscription.plan,
      status: row.subscription.status,
      billingPeriod: row.subscription.billingPeriod,
    },
    subscriptionHistory: [],
    saved: { listings: [] },
    isVerified: row.isVerified,
    identityVerified: hasVerifiedIdentity(row.kyc),
    isVisible: row.isVisible,
    provider: row.provider,
    preferences: row.preferences,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields another member sees of a visible profile. */
const PUBLIC_FIELDS = [
  '_id', 'avatar', 'username', 'firstName', 'middleName', 'lastName', 'type', 'dateSignedUp', 'isVerified', 'identityVerified', 'isVisible',
] as const;

/** What another member sees of a visible profile: the licence only while approved (the badge). */
export function toPublicUserDto(row: UserRow): UserViewDto {
  const full = toUserDto(row);
  const view = Object.fromEntries(PUBLIC_FIELDS.map((k) => [k, full[k]])) as unknown as UserViewDto;
  view.licence = full.licence?.status === 'approved' ? full.licence : null;
  return view;
}

/** Every field of the full user answer, for the `select` whitelist. */
export const USER_FIELDS = [
  'avatar', 'username', 'firstName', 'middleName', 'lastName', 'email', 'phoneNumber', 'role', 'status', 'type',
  'dateSignedUp', 'lastActive', 'credits', 'kyc', 'licence', 'subscription', 'subscriptionHistory', 'saved', 'isVerified', 'identityVerified',
  'isVisible', 'provider', 'preferences', 'createdAt', 'updatedAt',
] as const;
