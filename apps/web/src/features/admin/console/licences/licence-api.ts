/**
 * The PRC licence calls of the console: the generated endpoints (`getAllLicences`, `getLicenceById`,
 * `updateLicenceStatus`) under the console's names for their types. A decision also changes the
 * member's account (badge) and the audit log.
 */
import { enhancedApi } from '@/lib/api/tags';
import type { GetAllLicencesApiArg, LicenceDto, ReviewLicenceDto } from '@/lib/api/generated';

export type Licence = LicenceDto;
export type LicenceQueueArg = GetAllLicencesApiArg;
export type LicenceReviewBody = ReviewLicenceDto;

export const licenceApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    updateLicenceStatus: { invalidatesTags: ['licences', 'user', 'audit'] },
  },
});

export const { useGetAllLicencesQuery, useGetLicenceByIdQuery, useUpdateLicenceStatusMutation } = licenceApi;
