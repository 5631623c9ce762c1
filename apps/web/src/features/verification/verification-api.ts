/**
 * The verification page's calls. Typed after the issue-15 contract until the generated client has them.
 */
import { enhancedApi } from '@/lib/api/tags';
import type { BrokerRef, KycSubmission, Licence, MyKyc, MyLicences } from './types';

const KYC = 'MyKyc' as const;
const LICENCE = 'MyLicence' as const;

export const verificationApi = enhancedApi.enhanceEndpoints({ addTagTypes: [KYC, LICENCE] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    verificationMyKyc: build.query<MyKyc, void>({ query: () => ({ url: '/api/kyc/my' }), providesTags: [KYC] }),
    verificationWithdrawKyc: build.mutation<KycSubmission, string>({
      query: (id) => ({ url: `/api/kyc/withdraw/${encodeURIComponent(id)}`, method: 'POST' }),
      invalidatesTags: [KYC],
    }),
    verificationMyLicence: build.query<MyLicences, void>({ query: () => ({ url: '/api/licence/my' }), providesTags: [LICENCE] }),
    verificationCreateLicence: build.mutation<Licence, { kind: string; number: string; validUntil: string; supervisingBrokerId?: string }>({
      query: (body) => ({ url: '/api/licence/create', method: 'POST', body }),
      invalidatesTags: [LICENCE],
    }),
    verificationUpdateLicence: build.mutation<Licence, { id: string; body: { number?: string; validUntil?: string; supervisingBrokerId?: string } }>({
      query: ({ id, body }) => ({ url: `/api/licence/update/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [LICENCE],
    }),
    verificationWithdrawLicence: build.mutation<Licence, string>({
      query: (id) => ({ url: `/api/licence/withdraw/${encodeURIComponent(id)}`, method: 'POST' }),
      invalidatesTags: [LICENCE],
    }),
    verificationSupervise: build.mutation<Licence, { id: string; confirm: boolean }>({
      query: ({ id, confirm }) => ({ url: `/api/licence/supervise/${encodeURIComponent(id)}`, method: 'POST', body: { confirm } }),
      invalidatesTags: [LICENCE],
    }),
    verificationBrokers: build.query<{ brokers: BrokerRef[] }, string>({
      query: (text) => ({ url: '/api/licence/brokers', params: { text } }),
    }),
  }),
});

export const {
  useVerificationMyKycQuery,
  useVerificationWithdrawKycMutation,
  useVerificationMyLicenceQuery,
  useVerificationCreateLicenceMutation,
  useVerificationUpdateLicenceMutation,
  useVerificationWithdrawLicenceMutation,
  useVerificationSuperviseMutation,
  useVerificationBrokersQuery,
} = verificationApi;

/** The KYC answer changed outside RTK Query (the multipart upload): refetch. */
export const invalidateMyKyc = () => verificationApi.util.invalidateTags([KYC]);
