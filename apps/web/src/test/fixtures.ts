import type { User } from '@/lib/api/types';
import type { Listing } from '@/lib/api/listings';

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
    licence: null,
    subscription: { plan: 'free', status: 'active', billingPeriod: 'free' },
    subscriptionHistory: [],
    saved: { listings: [] },
    isVerified: true,
    identityVerified: false,
    isVisible: true,
    provider: 'local',
    preferences: { receiveMonthlyUpdates: false, seeProfileViewers: true },
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function makeListing(overrides: Partial<Listing> = {}): Listing {
  const now = '2025-02-01T08:00:00.000Z';
  return {
    _id: 'l_1',
    name: 'Sunny house in Loyola Heights',
    code: 'TH-1001',
    description: 'Two-storey house near Katipunan.',
    descriptionHtml: '',
    status: 'active',
    type: 'residential',
    offer: 'sale',
    kind: 'house_and_lot',
    tags: ['for sale', 'clean title'],
    currency: 'PHP',
    price: 12_500_000,
    lotSize: 180,
    floorSize: 220,
    bedrooms: 4,
    bathrooms: 3,
    parkingSlots: 2,
    furnishing: null,
    location: { lat: 14.6384, lng: 121.0755 },
    address: {
      type: 'house and lot',
      street: '12 Esteban Abada St.',
      region: 'National Capital Region (NCR)',
      regionCode: '1300000000',
      province: null,
      provinceCode: null,
      city: 'Quezon City',
      cityCode: '1381300000',
      barangay: 'Loyola Heights',
      barangayCode: '1381300071',
    },
    amenities: ['Parking', 'Garden'],
    images: [],
    owner: { _id: 'u_owner', firstName: 'Ramon', lastName: 'Cruz', avatar: null },
    uploadedBy: null,
    views: 10,
    savedCount: 2,
    rating: { average: 4.5, count: 2 },
    verified: false,
    isVisible: true,
    isSaved: false,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  } as Listing;
}

export function makePagination(totalItems: number, itemsOnPage: number, limit = 10, page = 1) {
  return {
    currentPage: page,
    itemsOnPage,
    totalPages: Math.ceil(totalItems / limit),
    totalItems,
    itemsPerPage: limit,
  };
}
