import type { UserRole, UserType } from '@app/domain';

export const DEMO_PASSWORD = 'Demo1234!';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  type: UserType;
  label: string;
}

/** One demo login per role and per member type. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'superadmin@demo.tahanan.ph', firstName: 'Corazon', lastName: 'Reyes', role: 'super_admin', type: 'customer', label: 'super admin' },
  { email: 'admin@demo.tahanan.ph', firstName: 'Ramon', lastName: 'Bautista', role: 'admin', type: 'customer', label: 'admin' },
  { email: 'viewer@demo.tahanan.ph', firstName: 'Liza', lastName: 'Mendoza', role: 'viewer', type: 'customer', label: 'viewer (read-only admin)' },
  { email: 'customer@demo.tahanan.ph', firstName: 'Juan', lastName: 'dela Cruz', role: 'user', type: 'customer', label: 'customer' },
  { email: 'broker@demo.tahanan.ph', firstName: 'Maria', lastName: 'Santos', role: 'user', type: 'broker', label: 'broker' },
  { email: 'salesperson@demo.tahanan.ph', firstName: 'Jose', lastName: 'Garcia', role: 'user', type: 'real_estate_salesperson', label: 'real estate salesperson' },
  { email: 'owner@demo.tahanan.ph', firstName: 'Ana', lastName: 'Villanueva', role: 'user', type: 'property_owner', label: 'property owner' },
];
