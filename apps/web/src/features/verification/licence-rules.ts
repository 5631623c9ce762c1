/** Words of the licence statuses, and what the member may do (issue 15, RESA). */
import { LICENCE_REASON_LABELS, type LicenceReasonCode, type LicenceStatus } from '@app/domain';
import type { StatusTone } from './kyc-rules';

export const LICENCE_STATUS_TEXT: Record<LicenceStatus, { title: string; detail: string; tone: StatusTone }> = {
  pending_broker: {
    title: 'Waiting for your broker',
    detail: 'Your supervising broker must confirm from their own account before our team checks the accreditation.',
    tone: 'info',
  },
  submitted: { title: 'Submitted, waiting for review', detail: 'Our team checks the number against your PRC ID.', tone: 'info' },
  approved: { title: 'Approved', detail: 'The badge shows on your listings and profile.', tone: 'success' },
  rejected: { title: 'Rejected', detail: 'Fix what is listed below and submit the licence again.', tone: 'error' },
  expired: { title: 'Expired', detail: 'The validity date has passed and the badge is off. Enter your renewed licence.', tone: 'warning' },
  revoked: { title: 'Revoked', detail: 'Our team took the badge off. Read the note below.', tone: 'error' },
  withdrawn: { title: 'Withdrawn', detail: 'You withdrew this licence.', tone: 'default' },
};

export function licenceReasonText(code: string): string {
  return LICENCE_REASON_LABELS[code as LicenceReasonCode] ?? code;
}

/** The member may change or withdraw a licence still in play. */
export function isLiveLicence(status: LicenceStatus): boolean {
  return status === 'pending_broker' || status === 'submitted' || status === 'approved';
}

/** The licence form starts empty for these (a new licence is entered). */
export function needsNewLicence(current: { status: LicenceStatus } | null | undefined): boolean {
  return !current || !isLiveLicence(current.status);
}
