import type { EnterpriseMemberStatus, EnterpriseRole } from '@app/domain';

export const TEAM_ROLE_LABELS: Record<EnterpriseRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

export const TEAM_STATUS_LABELS: Record<EnterpriseMemberStatus, string> = {
  active: 'Active',
  paused: 'Paused',
};

/** Owners and admins manage the team (members, invites, the whole pool's ledger). */
export function managesTeam(role: EnterpriseRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

export function capText(cap: number | null | undefined): string {
  return cap == null ? 'No cap' : `${cap.toLocaleString('en-PH')} a month`;
}

/** "under a minute", "12 min", "3 h 5 min", "2 d 4 h" from seconds; a dash without answered inquiries. */
export function responseTimeText(seconds: number | null | undefined): string {
  if (seconds == null || Number.isNaN(seconds)) return '—';
  if (seconds < 60) return 'under a minute';
  const m = Math.round(seconds / 60);
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  const h = Math.round(m / 60);
  return `${Math.floor(h / 24)} d${h % 24 ? ` ${h % 24} h` : ''}`;
}

/** A local calendar day as YYYY-MM-DD. */
export function isoDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export type Period = 'month' | '30d' | 'custom';

/** The dashboard's from/to (YYYY-MM-DD, both days included) for a period. */
export function periodRange(period: Period, custom: { from: string; to: string }, now = new Date()): { from: string; to: string } {
  if (period === 'month')
    return {
      from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)),
      to: isoDay(now),
    };
  if (period === '30d')
    return {
      from: isoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 29)),
      to: isoDay(now),
    };
  return custom;
}

export const personName = (
  p:
    | {
        firstName?: string | null;
        lastName?: string | null;
        email?: string | null;
      }
    | null
    | undefined,
): string => `${p?.firstName ?? ''} ${p?.lastName ?? ''}`.trim() || p?.email || '—';
