import type { UserType } from '@/lib/api/types';

export const USER_TYPE_OPTIONS: { value: UserType; label: string }[] = [
  { value: 'customer', label: 'Customer' },
  { value: 'broker', label: 'Broker' },
  { value: 'real_estate_salesperson', label: 'Real estate salesperson' },
  { value: 'property_owner', label: 'Property owner' },
  { value: 'real_estate_appraiser', label: 'Real estate appraiser' },
  { value: 'real_estate_consultant', label: 'Real estate consultant' },
];

export const FORGOT_PASSWORD_CONFIRMATION =
  'If an account exists for that email address, we have sent a link to reset your password. Please check your inbox.';
