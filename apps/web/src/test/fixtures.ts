import type { User } from '@/lib/api/types';

export function makeUser(overrides: Partial<User> = {}): User {
  const now = '2025-01-15T08:00:00.000Z';
  return {
    _id: 'u_1',
    avatar: null,
    username: null,
    firstName: 'Ana',
    middleName: null,
    lastName: 'Reyes',
    email: 'ana@example.ph',
    phoneNumber: null,
    role: 'user',
    status: 'active',
    type: 'customer',
    dateSignedUp: now,
    lastActive: now,
    credits: { remaining: 10 },
    kyc: null,
    subscription: { plan: 'free', status: 'active', billingPeriod: 'free' },
    subscriptionHistory: [],
    saved: { listings: [] },
    isVerified: true,
    isVisible: true,
    provider: 'local',
    preferences: { receiveMonthlyUpdates: false, seeProfileViewers: true },
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}
