/**
 * The shapes of the KYC and licence answers (issue-15 contract). Local until the generated client has them.
 */
import type { KycFileKind, KycIdType, KycReasonCode, KycStatus, LicenceKind, LicenceReasonCode, LicenceStatus } from '@app/domain';

export interface PersonRef {
  _id: string;
  firstName: string;
  lastName: string;
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
  reasonCodes: KycReasonCode[] | string[];
  reviewNote: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  approvedAt: string | null;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  filesPurged: boolean;
  files: { _id: string; kind: KycFileKind; mimeType: string; size: number }[];
  assignedTo: PersonRef | null;
}

export interface MyKyc {
  current: KycSubmission | null;
  history: KycSubmission[];
}

export interface BrokerRef extends PersonRef {
  licenceNumber: string;
}

export interface Licence {
  _id: string;
  userId: string;
  kind: LicenceKind;
  number: string;
  validUntil: string;
  status: LicenceStatus;
  supervisingBroker: BrokerRef | null;
  brokerConfirmedAt: string | null;
  reasonCodes: LicenceReasonCode[] | string[];
  reviewNote: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  approvedAt: string | null;
  badge: string | null;
  /** Staff and the supervising broker see who it is. */
  user?: { _id: string; firstName: string; lastName: string; email?: string };
}

export interface MyLicences {
  current: Licence | null;
  history: Licence[];
  supervising: Licence[];
}
