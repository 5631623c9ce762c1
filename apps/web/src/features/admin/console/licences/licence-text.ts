import { LICENCE_KIND_LABELS, LICENCE_REASON_LABELS, type LicenceStatus } from '@app/domain';

export const LICENCE_STATUS_LABELS: Record<LicenceStatus, string> = {
  pending_broker: 'Waiting for the broker',
  submitted: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
  revoked: 'Revoked',
  withdrawn: 'Withdrawn',
};

export const LICENCE_STATUS_COLORS: Record<LicenceStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  pending_broker: 'default',
  submitted: 'info',
  approved: 'success',
  rejected: 'error',
  expired: 'default',
  revoked: 'error',
  withdrawn: 'default',
};

export function licenceKindLabel(kind: string): string {
  return LICENCE_KIND_LABELS[kind as keyof typeof LICENCE_KIND_LABELS] ?? kind;
}

export function licenceReasonLabel(code: string): string {
  return LICENCE_REASON_LABELS[code as keyof typeof LICENCE_REASON_LABELS] ?? code.replace(/_/g, ' ');
}
