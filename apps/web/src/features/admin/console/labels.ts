import type { UserRole } from '@/lib/api/types';

export const ROLE_LABELS: Record<UserRole, string> = {
  user: 'Member',
  viewer: 'Viewer',
  admin: 'Admin',
  super_admin: 'Super admin',
};
export const USER_TYPE_LABELS: Record<string, string> = {
  customer: 'Customer',
  broker: 'Broker',
  real_estate_salesperson: 'Salesperson',
  property_owner: 'Property owner',
  real_estate_appraiser: 'Appraiser',
  real_estate_consultant: 'Consultant',
};
export const USER_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  suspended: 'Suspended',
};

export type Severity = 'low' | 'medium' | 'high' | 'critical';
export const SEVERITIES: Severity[] = ['low', 'medium', 'high', 'critical'];
export const SEVERITY_LABELS: Record<Severity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};
/** The spec's severity colours: low grey, medium blue, high orange, critical red. */
export const SEVERITY_COLORS: Record<Severity, { bg: string; fg: string }> = {
  low: { bg: '#e0e0e0', fg: '#424242' },
  medium: { bg: '#1976d2', fg: '#ffffff' },
  high: { bg: '#ed6c02', fg: '#ffffff' },
  critical: { bg: '#d32f2f', fg: '#ffffff' },
};

/** A role the signed-in staff member may give another member: admin roles are for super admins to give and take. */
export function roleChoices(me: UserRole | undefined, target: UserRole | undefined): UserRole[] {
  if (me === 'super_admin') return ['user', 'viewer', 'admin', 'super_admin'];
  if (me === 'admin') return target === 'admin' || target === 'super_admin' ? [] : ['user', 'viewer'];
  return [];
}

export function personName(
  u:
    | {
        firstName?: string | null;
        lastName?: string | null;
        email?: string | null;
      }
    | null
    | undefined,
): string {
  const name = `${u?.firstName ?? ''} ${u?.lastName ?? ''}`.trim();
  return name || u?.email || '—';
}
