/**
 * The identity-check (KYC) calls of the console, typed after the issue-15 contract (KycSubmissionDto).
 * Injected into the one API when the console loads.
 */
import type { KycIdType, KycReasonCode, KycStatus, KycViewReason } from '@app/domain';
import { enhancedApi } from '@/lib/api/tags';
import type { PaginationDto } from '@/lib/api/generated';

export interface PersonRef {
  _id: string;
  firstName: string;
  lastName: string;
}

export interface KycFile {
  _id: string;
  kind: 'front' | 'back' | 'selfie';
  mimeType: string;
  size: number;
}

export interface KycReview {
  action: string;
  reasonCodes: string[];
  note: string | null;
  reviewer: PersonRef | null;
  createdAt: string;
}

export interface KycSubmission {
  _id: string;
  userId: string;
  status: KycStatus;
  idType: KycIdType;
  idNumberLast4: string;
  fullName: string;
  birthDate: string;
  idExpiresOn: string | null;
  reasonCodes: string[];
  reviewNote: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  approvedAt: string | null;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  filesPurged: boolean;
  files: KycFile[];
  assignedTo: PersonRef | null;
  user?: { _id: string; firstName: string; lastName: string; email: string; type: string };
  reviews?: KycReview[];
}

export interface KycQueueArg {
  status?: string;
  assigned?: 'me' | 'unassigned' | 'any';
  text?: string;
  page: number;
  limit: number;
}

export interface KycStatusBody {
  status: 'in_review' | 'submitted' | 'approved' | 'rejected' | 'resubmission_requested';
  reasonCodes?: KycReasonCode[];
  note?: string;
}

const TAG = 'KycSubmission' as const;

export const kycApi = enhancedApi.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    consoleKycQueue: build.query<{ submissions: KycSubmission[]; pagination: PaginationDto }, KycQueueArg>({
      query: (params) => ({ url: '/api/kyc/get/all', params }),
      providesTags: [TAG],
    }),
    consoleKycSubmission: build.query<KycSubmission, string>({
      query: (id) => ({ url: `/api/kyc/get/${encodeURIComponent(id)}` }),
      providesTags: [TAG],
    }),
    consoleKycSetStatus: build.mutation<KycSubmission, { id: string; body: KycStatusBody }>({
      query: ({ id, body }) => ({ url: `/api/kyc/update/status/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [TAG, 'user'],
    }),
    consoleKycFileLink: build.mutation<{ url: string; expiresAt: string }, { fileId: string; reason: KycViewReason }>({
      query: ({ fileId, reason }) => ({ url: `/api/kyc/file-link/${encodeURIComponent(fileId)}`, method: 'POST', body: { reason } }),
    }),
  }),
});

export const { useConsoleKycQueueQuery, useConsoleKycSubmissionQuery, useConsoleKycSetStatusMutation, useConsoleKycFileLinkMutation } = kycApi;
