/** The generated shapes of the KYC and licence answers, under the page's names. */
import type { KycSubmissionDto, LicenceDto, LicensedBrokerDto, MyKycDto, MyLicencesDto } from '@/lib/api/generated';

export type KycSubmission = KycSubmissionDto;
export type MyKyc = MyKycDto;
export type Licence = LicenceDto;
export type MyLicences = MyLicencesDto;
export type BrokerRef = LicensedBrokerDto;
