/**
 * The verification page's calls: the generated endpoints (tags `kyc` and `licences`). The ID form's
 * multipart upload goes through XMLHttpRequest for its progress (kyc-upload.ts) and then refreshes the
 * `kyc` tag here.
 */
import { api } from '@/lib/api/generated';

export {
  useGetLicensedBrokersQuery,
  useGetMyKycQuery,
  useGetMyLicencesQuery,
  useCreateLicenceMutation,
  useSuperviseLicenceMutation,
  useUpdateLicenceMutation,
  useWithdrawKycMutation,
  useWithdrawLicenceMutation,
} from '@/lib/api/generated';

/** The KYC answer changed outside RTK Query (the multipart upload): refetch. */
export const invalidateMyKyc = () => api.util.invalidateTags(['kyc']);
