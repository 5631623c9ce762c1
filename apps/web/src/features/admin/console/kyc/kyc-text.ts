import { KYC_ID_TYPE_LABELS, KYC_REASON_LABELS, type KycStatus } from '@app/domain';

export const KYC_STATUS_LABELS: Record<KycStatus, string> = {
  draft: 'Draft',
  submitted: 'Waiting',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  resubmission_requested: 'Resubmission asked',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

export const KYC_STATUS_COLORS: Record<KycStatus, 'default' | 'primary' | 'info' | 'success' | 'error' | 'warning'> = {
  draft: 'default',
  submitted: 'info',
  in_review: 'primary',
  approved: 'success',
  rejected: 'error',
  resubmission_requested: 'warning',
  expired: 'default',
  withdrawn: 'default',
};

/** What a review did, as the history says it. */
export const KYC_ACTION_LABELS: Record<string, string> = {
  submitted: 'Released to the queue',
  in_review: 'Assigned',
  assigned: 'Assigned',
  released: 'Released',
  approved: 'Approved',
  rejected: 'Rejected',
  resubmission_requested: 'Asked for a resubmission',
};

export function idTypeLabel(t: string | null | undefined): string {
  return t ? (KYC_ID_TYPE_LABELS[t as keyof typeof KYC_ID_TYPE_LABELS] ?? t) : '—';
}

export function kycReasonLabel(code: string): string {
  return KYC_REASON_LABELS[code as keyof typeof KYC_REASON_LABELS]?.label ?? code.replace(/_/g, ' ');
}

/** How long ago: "12 min", "5 h", "3 d". */
export function ageOf(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const min = Math.max(0, Math.floor((now - t) / 60_000));
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h`;
  return `${Math.floor(h / 24)} d`;
}

/** Whole years between a YYYY-MM-DD birth date and today. */
export function ageInYears(birthDate: string | null | undefined, today = new Date()): number | null {
  const m = birthDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let years = today.getFullYear() - y;
  if (today.getMonth() + 1 < mo || (today.getMonth() + 1 === mo && today.getDate() < d)) years -= 1;
  return years;
}

/** A YYYY-MM-DD day as written on the ID ("Mar 4, 1990"), without a time-zone shift. */
export function formatIdDay(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  if (!m) return '—';
  return new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}
