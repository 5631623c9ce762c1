/** Client-side rules of the identity form and the words of each status (issue 15). */
import {
  KYC_IMAGE_TYPES,
  KYC_MAX_FILE_BYTES,
  KYC_OPEN_STATUSES,
  KYC_REASON_LABELS,
  KYC_ID_TYPES_WITHOUT_BACK,
  type KycIdType,
  type KycReasonCode,
  type KycStatus,
} from '@app/domain';

export const KYC_MAX_FILE_MB = KYC_MAX_FILE_BYTES / (1024 * 1024);
export const KYC_ACCEPT = KYC_IMAGE_TYPES.join(',');

/** What is wrong with a chosen image, in words that say what to do; null when it may be sent. */
export function checkKycImage(file: File): string | null {
  if (!(KYC_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a JPEG, PNG or WebP photo. Choose a photo in one of those formats.`;
  }
  if (file.size > KYC_MAX_FILE_BYTES) {
    return `${file.name} is larger than ${KYC_MAX_FILE_MB} MB. Choose a smaller photo or lower the camera's resolution.`;
  }
  if (file.size === 0) return `${file.name} is empty. Choose the photo again.`;
  return null;
}

/** The back of these IDs has nothing to check (the back photo is then not asked for). */
export function needsBack(idType: KycIdType | ''): boolean {
  return idType !== '' && !KYC_ID_TYPES_WITHOUT_BACK.includes(idType);
}

/** PhilSys IDs carry no expiry date: the field is hidden for them. */
export function hasExpiry(idType: KycIdType | ''): boolean {
  return !idType.startsWith('philsys');
}

export function isOpen(status: KycStatus): boolean {
  return KYC_OPEN_STATUSES.includes(status);
}

/** The member may send (or send again) the form: nothing open that a reviewer holds. */
export function canSubmit(current: { status: KycStatus } | null | undefined): boolean {
  if (!current) return true;
  return !['submitted', 'in_review', 'approved'].includes(current.status);
}

/** The member may withdraw a submission a reviewer has not decided. */
export function canWithdraw(status: KycStatus): boolean {
  return ['draft', 'submitted', 'in_review', 'resubmission_requested'].includes(status);
}

export function reasonText(code: string): { label: string; fix: string } {
  return KYC_REASON_LABELS[code as KycReasonCode] ?? { label: code, fix: '' };
}

const dateFormat = new Intl.DateTimeFormat('en-PH', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Manila' });

/** "12 March 2027" for an ISO date or date-time; '' when unreadable. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso.length === 10 ? `${iso}T12:00:00+08:00` : iso);
  return Number.isNaN(t) ? '' : dateFormat.format(t);
}

export type StatusTone = 'default' | 'info' | 'success' | 'warning' | 'error';

/** The title and the one-line explanation of a status on the member's card. */
export function kycStatusText(status: KycStatus | null, expiresAt?: string | null): { title: string; detail: string; tone: StatusTone } {
  switch (status) {
    case null:
      return { title: 'Not verified', detail: 'Verify your identity so buyers and renters know who they deal with.', tone: 'default' };
    case 'draft':
      return { title: 'Not sent yet', detail: 'Your details are saved as a draft. Complete the form and submit it.', tone: 'default' };
    case 'submitted':
      return { title: 'Submitted, waiting for review', detail: 'A reviewer will check your ID, usually within two working days.', tone: 'info' };
    case 'in_review':
      return { title: 'In review', detail: 'A reviewer is checking your ID now.', tone: 'info' };
    case 'approved':
      return {
        title: expiresAt ? `Verified until ${formatDay(expiresAt)}` : 'Verified',
        detail: 'Your listings and profile show the "Verified identity" badge.',
        tone: 'success',
      };
    case 'rejected':
      return { title: 'Rejected', detail: 'This submission could not be accepted. You can submit again with another ID.', tone: 'error' };
    case 'resubmission_requested':
      return { title: 'Please resend', detail: 'Fix what the reviewer asks below and submit again.', tone: 'warning' };
    case 'expired':
      return { title: 'Verification expired', detail: 'Your verification is no longer valid. Submit a valid ID to verify again.', tone: 'warning' };
    case 'withdrawn':
      return { title: 'Withdrawn', detail: 'You withdrew this submission. You can submit again at any time.', tone: 'default' };
  }
}

export const KYC_STATUS_SHORT: Record<KycStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In review',
  approved: 'Verified',
  rejected: 'Rejected',
  resubmission_requested: 'Resend requested',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};
