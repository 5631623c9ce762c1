/**
 * The PRC licence calls of the console, typed after the issue-15 contract (LicenceDto). Injected into
 * the one API when the console loads.
 */
import type { LicenceKind, LicenceReasonCode, LicenceStatus } from '@app/domain';
import { enhancedApi } from '@/lib/api/tags';
import type { KycSummaryDto, PaginationDto } from '@/lib/api/generated';

export interface Licence {
  _id: string;
  userId: string;
  kind: LicenceKind;
  number: string;
  validUntil: string;
  status: LicenceStatus;
  supervisingBroker: { _id: string; firstName: string; lastName: string; licenceNumber: string | null; licenceValid?: boolean } | null;
  brokerConfirmedAt: string | null;
  brokerDeclinedAt?: string | null;
  reasonCodes: string[];
  reviewNote: string | null;
  submittedAt: string;
  reviewedAt: string | null;
  approvedAt: string | null;
  badge: string | null;
  createdAt?: string;
  updatedAt?: string;
  user?: { _id: string; firstName: string; lastName: string; email: string; type: string; isVerified: boolean; kyc: KycSummaryDto | null };
  kycPrcIdVerified?: boolean;
}

export interface LicenceQueueArg {
  status?: LicenceStatus;
  kind?: LicenceKind;
  text?: string;
  page: number;
  limit: number;
}

export interface LicenceReviewBody {
  status: 'approved' | 'rejected' | 'revoked';
  reasonCodes?: LicenceReasonCode[];
  note?: string;
}

const TAG = 'ConsoleLicence' as const;

export const licenceApi = enhancedApi.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    consoleLicenceQueue: build.query<{ licences: Licence[]; pagination: PaginationDto }, LicenceQueueArg>({
      query: (params) => ({ url: '/api/licence/get/all', params }),
      providesTags: [TAG],
    }),
    consoleLicence: build.query<Licence, string>({
      query: (id) => ({ url: `/api/licence/get/${encodeURIComponent(id)}` }),
      providesTags: [TAG],
    }),
    consoleLicenceReview: build.mutation<Licence, { id: string; body: LicenceReviewBody }>({
      query: ({ id, body }) => ({ url: `/api/licence/update/status/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [TAG, 'user'],
    }),
  }),
});

export const { useConsoleLicenceQueueQuery, useConsoleLicenceQuery, useConsoleLicenceReviewMutation } = licenceApi;
