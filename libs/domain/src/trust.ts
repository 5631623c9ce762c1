/**
 * Trust and teams (issue 15): identity verification (KYC), PRC licences under RESA (RA 9646) and
 * enterprise accounts. The API enforces these lists and the web app shows them.
 */
import type { UserType } from './index';

/** Government IDs Philippine fintechs accept for identity verification. */
export const KYC_ID_TYPES = [
  'philsys_card',
  'philsys_paper',
  'philsys_digital',
  'passport',
  'drivers_license',
  'umid',
  'sss',
  'prc',
  'postal',
  'pagibig',
  'acr_icard',
] as const;
export type KycIdType = (typeof KYC_ID_TYPES)[number];
export const KYC_ID_TYPE_LABELS: Record<KycIdType, string> = {
  philsys_card: 'PhilSys national ID (card)',
  philsys_paper: 'PhilSys ePhilID (paper)',
  philsys_digital: 'PhilSys national ID (digital)',
  passport: 'Philippine passport',
  drivers_license: "Driver's licence (LTO)",
  umid: 'UMID',
  sss: 'SSS ID',
  prc: 'PRC ID',
  postal: 'Postal ID',
  pagibig: 'Pag-IBIG loyalty card',
  acr_icard: 'ACR I-Card (foreign nationals)',
};
/** IDs without a back side worth photographing (the back image is then optional). */
export const KYC_ID_TYPES_WITHOUT_BACK: readonly KycIdType[] = ['philsys_paper', 'philsys_digital', 'passport'];

export const KYC_STATUSES = ['draft', 'submitted', 'in_review', 'approved', 'rejected', 'resubmission_requested', 'expired', 'withdrawn'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
/** Statuses a submission is still open in (one per member). */
export const KYC_OPEN_STATUSES: readonly KycStatus[] = ['draft', 'submitted', 'in_review', 'resubmission_requested'];
/** Moves a member or a reviewer may make; anything else is refused with 409. */
export const KYC_TRANSITIONS: Record<KycStatus, readonly KycStatus[]> = {
  draft: ['submitted', 'withdrawn'],
  submitted: ['in_review', 'approved', 'rejected', 'resubmission_requested', 'withdrawn'],
  in_review: ['submitted', 'approved', 'rejected', 'resubmission_requested', 'withdrawn'],
  resubmission_requested: ['submitted', 'withdrawn'],
  approved: ['expired'],
  rejected: [],
  expired: [],
  withdrawn: [],
};
export const KYC_FILE_KINDS = ['front', 'back', 'selfie'] as const;
export type KycFileKind = (typeof KYC_FILE_KINDS)[number];

/** Why a reviewer rejects or asks for a resubmission: the member sees the words and what to fix. */
export const KYC_REASON_CODES = [
  'image_blurry',
  'image_cropped',
  'glare',
  'id_expired',
  'name_mismatch',
  'birth_date_mismatch',
  'id_number_mismatch',
  'selfie_mismatch',
  'selfie_missing_id',
  'unsupported_id',
  'suspected_tampering',
  'other',
] as const;
export type KycReasonCode = (typeof KYC_REASON_CODES)[number];
export const KYC_REASON_LABELS: Record<KycReasonCode, { label: string; fix: string }> = {
  image_blurry: { label: 'A photo is blurry', fix: 'Take the photo again in good light, holding the camera steady.' },
  image_cropped: { label: 'Part of the ID is cut off', fix: 'Show the whole ID, all four corners inside the photo.' },
  glare: { label: 'Glare hides details', fix: 'Avoid direct light on the ID so every detail can be read.' },
  id_expired: { label: 'The ID has expired', fix: 'Use an ID that is still valid.' },
  name_mismatch: { label: 'The name differs from the ID', fix: 'Enter your full name exactly as printed on the ID.' },
  birth_date_mismatch: { label: 'The birth date differs from the ID', fix: 'Enter the birth date exactly as printed on the ID.' },
  id_number_mismatch: { label: 'The ID number differs from the ID', fix: 'Enter the ID number exactly as printed on the ID.' },
  selfie_mismatch: { label: 'The selfie does not match the ID photo', fix: 'Take a clear selfie of your face, without a cap or sunglasses.' },
  selfie_missing_id: { label: 'The selfie does not show the ID', fix: 'Hold the ID beside your face in the selfie.' },
  unsupported_id: { label: 'This ID cannot be accepted', fix: 'Choose one of the listed government IDs.' },
  suspected_tampering: { label: 'The ID appears altered', fix: 'Submit an original, unaltered government ID.' },
  other: { label: 'Other', fix: "Read the reviewer's note." },
};

/** Reasons a staff member gives for opening a KYC image (recorded in the audit log with the viewer). */
export const KYC_VIEW_REASONS = ['review', 'appeal', 'fraud_investigation', 'legal_request', 'support'] as const;
export type KycViewReason = (typeof KYC_VIEW_REASONS)[number];

/** Days an approval counts before the member verifies again (KYC_APPROVAL_VALID_DAYS overrides). */
export const KYC_APPROVAL_VALID_DAYS = 730;
/** Days the files of a rejected, withdrawn, expired or abandoned submission are kept (KYC_RETENTION_DAYS overrides). */
export const KYC_RETENTION_DAYS = 90;
/** Days a draft or a resubmission request may wait for the member before it counts as abandoned. */
export const KYC_ABANDONED_AFTER_DAYS = 30;
/** Largest KYC image, and the types accepted (sniffed by their bytes). */
export const KYC_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** PRC licences and accreditations under RESA. */
export const LICENCE_KINDS = ['broker', 'salesperson', 'appraiser', 'consultant'] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];
export const LICENCE_KIND_LABELS: Record<LicenceKind, string> = {
  broker: 'PRC-licensed broker',
  salesperson: 'Accredited salesperson',
  appraiser: 'PRC-licensed appraiser',
  consultant: 'PRC-licensed consultant',
};
/** The licence a professional member type needs; customers and property owners need none. */
export const LICENCE_KIND_OF_TYPE: Partial<Record<UserType, LicenceKind>> = {
  broker: 'broker',
  real_estate_salesperson: 'salesperson',
  real_estate_appraiser: 'appraiser',
  real_estate_consultant: 'consultant',
};
export const LICENCE_STATUSES = ['pending_broker', 'submitted', 'approved', 'rejected', 'expired', 'revoked', 'withdrawn'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];
export const LICENCE_REASON_CODES = ['number_not_on_prc_id', 'name_mismatch', 'expired', 'no_kyc_prc_id', 'broker_not_licensed', 'other'] as const;
export type LicenceReasonCode = (typeof LICENCE_REASON_CODES)[number];
export const LICENCE_REASON_LABELS: Record<LicenceReasonCode, string> = {
  number_not_on_prc_id: 'The number does not match the PRC ID',
  name_mismatch: 'The name differs from the PRC ID',
  expired: 'The licence has expired',
  no_kyc_prc_id: 'No verified PRC ID to check against: verify your identity with your PRC ID first',
  broker_not_licensed: 'The supervising broker has no approved licence',
  other: 'Other',
};

/** The badge text of an approved licence: "PRC-licensed broker No. 0012345". */
export function licenceBadge(kind: LicenceKind, number: string): string {
  return kind === 'salesperson' ? `Accredited salesperson No. ${number}` : `${LICENCE_KIND_LABELS[kind]} No. ${number}`;
}

/** Roles inside an enterprise account. */
export const ENTERPRISE_ROLES = ['owner', 'admin', 'member'] as const;
export type EnterpriseRole = (typeof ENTERPRISE_ROLES)[number];
export const ENTERPRISE_MEMBER_STATUSES = ['active', 'paused'] as const;
export type EnterpriseMemberStatus = (typeof ENTERPRISE_MEMBER_STATUSES)[number];
/** Seats of an Enterprise plan unless staff set another limit. */
export const ENTERPRISE_DEFAULT_SEATS = 10;
/** Hours an invitation can be used. */
export const ENTERPRISE_INVITE_TTL_HOURS = 72;

/**
 * Whether a member's identity is verified: their KYC summary (the User's `kyc`) is approved. This is
 * not the User's `isVerified`, which says the account's e-mail address is confirmed (or staff vouched
 * for the account) and which social sign-in trusts to link a provider identity; an approved ID does not
 * prove that the member owns the address, so KYC never sets it.
 */
export function hasVerifiedIdentity(kyc: { status: string } | null | undefined): boolean {
  return kyc?.status === 'approved';
}
