/**
 * The identity-check (KYC) calls of the console: the generated endpoints (`getAllKyc`, `getKyc`,
 * `updateKycStatus`, `getKycFileLink`) under the console's names for their types. A file link changes
 * nothing cached, so it invalidates nothing (the generated tag would refetch the submission for every
 * image); a decision also changes the member's account and the audit log.
 */
import { enhancedApi } from '@/lib/api/tags';
import type { GetAllKycApiArg, KycFileDto, KycReviewDto, KycSubmissionDto, UpdateKycStatusDto } from '@/lib/api/generated';

export type KycSubmission = KycSubmissionDto;
export type KycFile = KycFileDto;
export type KycReview = KycReviewDto;
export type KycQueueArg = GetAllKycApiArg;
export type KycStatusBody = UpdateKycStatusDto;

export const kycApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    getKycFileLink: { invalidatesTags: [] },
    updateKycStatus: { invalidatesTags: ['kyc', 'user', 'audit'] },
  },
});

export const { useGetAllKycQuery, useGetKycQuery, useUpdateKycStatusMutation, useGetKycFileLinkMutation } = kycApi;
