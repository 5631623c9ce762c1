/**
 * Domain events: what happened, recorded by a service in the same transaction as the change (the
 * outbox) and consumed by the audit log, activity, notifications, cache invalidation and later e-mail
 * and webhooks. One map of event type → payload; a new module adds its events here, and the compiler
 * then asks for their audit severity (EVENT_AUDIT_SEVERITY) and their description (describeEvent).
 */

export const AUDIT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];

/** What an event is about: the kinds of things the platform has. */
export const ENTITY_KINDS = ['user', 'listing', 'review', 'saved_item', 'thread', 'message', 'audit', 'activity', 'currency_rate', 'subscription', 'payment', 'credits', 'export', 'import', 'listing_report', 'kyc', 'licence', 'enterprise', 'development', 'dataset', 'market', 'assistant'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

interface AriaRunRef {
  runId: string;
  conversationId: string;
  userId: string;
  kind: 'feasibility' | 'compare';
  credits: number;
}

interface AriaHistoryRef {
  conversationId: string;
  userId: string;
  kind: 'chat' | 'feasibility' | 'compare';
  title: string;
}

interface ListingRef {
  listingId: string;
  name: string;
  code: string;
  ownerId: string;
}

/** Every event type and its payload (`data`). Payloads hold ids and the few words a description needs, never secrets. */
export interface DomainEventMap {
  'user.signed_up': { userId: string; email: string; type: string; provider: string };
  'user.admin_created': { userId: string; email: string; role: string };
  'user.logged_in': { userId: string; email: string; provider: string };
  'user.login_failed': { email: string; reason: 'unknown_email' | 'wrong_password' | 'suspended' };
  'user.logged_out': { userId: string };
  'user.updated': { userId: string; fields: string[] };
  'user.role_changed': { userId: string; email: string; from: string; to: string };
  'user.status_changed': { userId: string; email: string; from: string; to: string };
  'user.verified_changed': { userId: string; email: string; verified: boolean };
  /** No longer published (credits move through the ledger: credits.adjusted); kept for the audit entries written before. */
  'user.credits_adjusted': { userId: string; email: string; from: number; to: number };
  'user.removed': { userId: string; email: string; role: string };
  'user.password_changed': { userId: string };
  'user.password_reset': { userId: string };
  'user.email_verified': { userId: string };
  'user.visibility_changed': { userId: string; field: string; visible: boolean };
  'user.avatar_changed': { userId: string };
  'user.identity_connected': { userId: string; provider: string };
  'user.identity_disconnected': { userId: string; provider: string };
  'listing.created': ListingRef;
  'listing.updated': ListingRef & { fields: string[] };
  'listing.removed': ListingRef & { byStaff: boolean };
  'listing.visibility_changed': ListingRef & { visible: boolean };
  'listing.verified': ListingRef & { verified: boolean };
  'listing.photos_changed': ListingRef & { added: number; removed: number };
  'listing.documents_uploaded': ListingRef & { count: number };
  'listing.document_opened': ListingRef & { documentId: string; byStaff: boolean };
  'listing.viewed': ListingRef;
  'listing.saved': ListingRef;
  'listing.unsaved': { listingId: string };
  'review.created': ListingRef & { reviewId: string; rating: number };
  'search.saved': { savedItemId: string; name: string | null; query: string };
  'saved_item.removed': { savedItemId: string; type: string; listingId: string | null; name: string | null };
  'item.pinned': { savedItemId: string; kind: string; refId: string | null; name: string | null };
  'thread.created': { threadId: string; listingId: string | null; listingName: string | null; withUserId: string };
  'message.sent': {
    messageId: string;
    threadId: string;
    senderId: string;
    senderName: string;
    recipientIds: string[];
    listingId: string | null;
    preview: string;
  };
  'audit.removed': { auditId: string; type: string; severity: AuditSeverity; description: string };
  'activity.created': { activityId: string; kind: string };
  'currency_rate.updated': { currency: string; asOf: string; phpPerUnit: number };
  'subscription.activated': SubscriptionRef & { from: string; source: 'payment' | 'staff' | 'scheduled' };
  'subscription.scheduled': SubscriptionRef & { startsAt: string };
  'subscription.cancel_scheduled': SubscriptionRef & { cancel: boolean; endsAt: string | null };
  'subscription.adjusted': SubscriptionRef & { fields: string[]; note: string | null };
  'subscription.suspended': SubscriptionRef & { reason: string };
  'subscription.reinstated': SubscriptionRef;
  'subscription.expired': SubscriptionRef & { reason: string };
  'subscription.removed': SubscriptionRef;
  'credits.granted': CreditsRef & { kind: 'allowance' | 'purchase' | 'transfer'; reason: string };
  'credits.adjusted': CreditsRef & { from: number; reason: string };
  'credits.reserved': CreditsRef & { reservationId: string; purpose: string };
  'credits.committed': CreditsRef & { reservationId: string; purpose: string };
  'credits.refunded': CreditsRef & { reservationId: string; purpose: string; expired: boolean };
  'payment.created': PaymentRef;
  'payment.paid': PaymentRef & { receiptNumber: string; late: boolean };
  'payment.closed': PaymentRef & { status: 'failed' | 'expired' | 'cancelled'; reason: string | null };
  'payment.refunded': PaymentRef & { reason: string };
  'payment.webhook_rejected': { provider: string; reason: string };
  'export.requested': ExportRef & { filters: string[] };
  'export.ready': ExportRef & { fileName: string; rows: number };
  'export.failed': ExportRef & { reason: string };
  'export.downloaded': ExportRef & { fileName: string };
  'listing.import_started': ImportRef;
  'listing.import_finished': ImportRef & { created: number; updated: number; unchanged: number; rejected: number; failed: string | null };
  'listing.reported': ListingRef & { reportId: string; reason: string };
  'listing.reports_resolved': ListingRef & { count: number; resolution: string };
  'kyc.submitted': KycRef & { resubmission: boolean };
  'kyc.withdrawn': KycRef;
  'kyc.assigned': KycRef & { reviewerId: string | null };
  'kyc.reviewed': KycRef & { decision: 'approved' | 'rejected' | 'resubmission_requested'; reasonCodes: string[] };
  'kyc.expired': KycRef & { reason: 'approval_age' | 'id_expired' };
  /** A staff member opened a KYC image: who (the actor), which file and why. */
  'kyc.file_viewed': KycRef & { fileId: string; fileKind: string; reason: string };
  'kyc.files_purged': KycRef & { files: number; status: string };
  'licence.submitted': LicenceRef & { supervisingBrokerId: string | null };
  'licence.broker_answered': LicenceRef & { brokerId: string; confirmed: boolean };
  'licence.reviewed': LicenceRef & { decision: 'approved' | 'rejected'; reasonCodes: string[] };
  'licence.expired': LicenceRef;
  'licence.withdrawn': LicenceRef;
  'enterprise.created': EnterpriseRef & { seatLimit: number };
  'enterprise.updated': EnterpriseRef & { fields: string[] };
  'enterprise.invited': EnterpriseRef & { inviteId: string; email: string; role: string };
  'enterprise.invite_revoked': EnterpriseRef & { inviteId: string; email: string };
  'enterprise.member_joined': EnterpriseRef & { userId: string; email: string; role: string };
  'enterprise.member_updated': EnterpriseRef & { userId: string; email: string; fields: string[] };
  'enterprise.member_removed': EnterpriseRef & {
    userId: string;
    email: string;
    /** What became of the member's team listings: moved to another member, or archived. */
    listings: { count: number; reassignedToId: string | null; archived: boolean };
  };
  'enterprise.credits_added': EnterpriseRef & { amount: number; balance: number; reason: string };
  /** Market reports (issue 16): staff record development projects and cost assumptions; operators import statistics. */
  'market.development_saved': { developmentId: string; name: string; barangayCode: string; created: boolean };
  'market.development_removed': { developmentId: string; name: string };
  'market.assumptions_updated': { kind: string; fields: string[] };
  'market.dataset_imported': { dataset: string; fileName: string; rows: number; inserted: number; updated: number; unchanged: number };
  'market.report_exported': { group: string; areaCode: string; format: string };
  /** ARIA (issue 17): runs that spend credits, and history a member deletes or staff read for support. */
  'aria.run_requested': AriaRunRef;
  'aria.run_finished': AriaRunRef & { status: 'succeeded' | 'failed'; error: string | null };
  'aria.history_deleted': AriaHistoryRef;
  /** A staff member read a member's ARIA conversation for support (the actor is the staff member). */
  'aria.history_read_by_staff': AriaHistoryRef;
  'payment.notice_received': {
    provider: string;
    eventId: string;
    noticeType: string;
    state: { status: string; providerPaymentId?: string; failureReason?: string };
  };
}

interface ExportRef {
  exportId: string;
  userId: string;
  /** users, listings or audit */
  resource: string;
  format: string;
}

interface KycRef {
  submissionId: string;
  userId: string;
  email: string;
  idType: string;
}

interface LicenceRef {
  licenceId: string;
  userId: string;
  email: string;
  kind: string;
  number: string;
}

interface EnterpriseRef {
  enterpriseId: string;
  name: string;
  ownerId: string;
}

interface ImportRef {
  importId: string;
  userId: string;
  fileName: string;
}

interface SubscriptionRef {
  subscriptionId: string;
  userId: string;
  email: string;
  plan: string;
  billingPeriod: string;
}

interface CreditsRef {
  userId: string;
  email: string;
  /** Credits moved: positive added, negative taken. */
  amount: number;
  balance: number;
  /** Set when the credits moved in an enterprise's pool (the balance is then the pool's). */
  poolId?: string;
}

interface PaymentRef {
  paymentId: string;
  reference: string;
  userId: string | null;
  email: string;
  amountCentavos: number;
  method: string;
  provider: string;
  description: string;
}

export type DomainEventType = keyof DomainEventMap;
export const DOMAIN_EVENT_TYPES = [
  'user.signed_up',
  'user.admin_created',
  'user.logged_in',
  'user.login_failed',
  'user.logged_out',
  'user.updated',
  'user.role_changed',
  'user.status_changed',
  'user.verified_changed',
  'user.credits_adjusted',
  'user.removed',
  'user.password_changed',
  'user.password_reset',
  'user.email_verified',
  'user.visibility_changed',
  'user.avatar_changed',
  'user.identity_connected',
  'user.identity_disconnected',
  'listing.created',
  'listing.updated',
  'listing.removed',
  'listing.visibility_changed',
  'listing.verified',
  'listing.photos_changed',
  'listing.documents_uploaded',
  'listing.document_opened',
  'listing.viewed',
  'listing.saved',
  'listing.unsaved',
  'review.created',
  'search.saved',
  'saved_item.removed',
  'item.pinned',
  'thread.created',
  'message.sent',
  'audit.removed',
  'activity.created',
  'currency_rate.updated',
  'subscription.activated',
  'subscription.scheduled',
  'subscription.cancel_scheduled',
  'subscription.adjusted',
  'subscription.suspended',
  'subscription.reinstated',
  'subscription.expired',
  'subscription.removed',
  'credits.granted',
  'credits.adjusted',
  'credits.reserved',
  'credits.committed',
  'credits.refunded',
  'payment.created',
  'payment.paid',
  'payment.closed',
  'payment.refunded',
  'payment.webhook_rejected',
  'payment.notice_received',
  'export.requested',
  'export.ready',
  'export.failed',
  'export.downloaded',
  'listing.import_started',
  'listing.import_finished',
  'listing.reported',
  'listing.reports_resolved',
  'kyc.submitted',
  'kyc.withdrawn',
  'kyc.assigned',
  'kyc.reviewed',
  'kyc.expired',
  'kyc.file_viewed',
  'kyc.files_purged',
  'licence.submitted',
  'licence.broker_answered',
  'licence.reviewed',
  'licence.expired',
  'licence.withdrawn',
  'enterprise.created',
  'enterprise.updated',
  'enterprise.invited',
  'enterprise.invite_revoked',
  'enterprise.member_joined',
  'enterprise.member_updated',
  'enterprise.member_removed',
  'enterprise.credits_added',
  'market.development_saved',
  'market.development_removed',
  'market.assumptions_updated',
  'market.dataset_imported',
  'market.report_exported',
  'aria.run_requested',
  'aria.run_finished',
  'aria.history_deleted',
  'aria.history_read_by_staff',
] as const satisfies readonly DomainEventType[];

/** Where a request came from; kept with the event for the audit log. */
export interface EventContext {
  ip?: string;
  userAgent?: string;
  requestId?: string;
}

/** One event as stored in the outbox and handed to subscribers. */
export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  id: string;
  type: T;
  /** Who did it (null: the system, or someone not signed in, such as a failed login). */
  actorId: string | null;
  entity: { kind: EntityKind; id: string } | null;
  data: DomainEventMap[T];
  occurredAt: string;
  context: EventContext;
}

/** What a service hands the publisher: the rest (id, time, request context) is filled in. */
export interface NewDomainEvent<T extends DomainEventType = DomainEventType> {
  type: T;
  actorId: string | null;
  entity: { kind: EntityKind; id: string } | null;
  data: DomainEventMap[T];
}

type SeverityRule<T extends DomainEventType> = AuditSeverity | null | ((event: DomainEvent<T>) => AuditSeverity);

/**
 * The audit severity of each event type, in one table that later modules extend (null: not audited,
 * e.g. a member viewing a listing or sending a message, which activity and notifications record).
 */
export const EVENT_AUDIT_SEVERITY: { [T in DomainEventType]: SeverityRule<T> } = {
  'user.signed_up': 'low',
  'user.admin_created': 'high',
  'user.logged_in': 'low',
  'user.login_failed': 'low',
  'user.logged_out': 'low',
  'user.updated': 'low',
  'user.role_changed': 'high',
  'user.status_changed': 'high',
  'user.verified_changed': 'medium',
  'user.credits_adjusted': 'high',
  'user.removed': 'critical',
  'user.password_changed': 'medium',
  'user.password_reset': 'medium',
  'user.email_verified': 'low',
  'user.visibility_changed': 'low',
  'user.avatar_changed': null,
  'user.identity_connected': 'medium',
  'user.identity_disconnected': 'medium',
  'listing.created': 'low',
  'listing.updated': 'low',
  'listing.removed': (e) => (e.data.byStaff ? 'critical' : 'medium'),
  'listing.visibility_changed': 'low',
  'listing.verified': 'medium',
  'listing.photos_changed': null,
  'listing.documents_uploaded': 'medium',
  'listing.document_opened': (e) => (e.data.byStaff ? 'medium' : 'low'),
  'listing.viewed': null,
  'listing.saved': null,
  'listing.unsaved': null,
  'review.created': 'low',
  'search.saved': null,
  'saved_item.removed': null,
  'item.pinned': null,
  'thread.created': null,
  'message.sent': null,
  'audit.removed': 'critical',
  'activity.created': null,
  'currency_rate.updated': 'medium',
  'subscription.activated': 'medium',
  'subscription.scheduled': 'low',
  'subscription.cancel_scheduled': 'low',
  'subscription.adjusted': 'high',
  'subscription.suspended': 'high',
  'subscription.reinstated': 'high',
  'subscription.expired': 'low',
  'subscription.removed': 'critical',
  'credits.granted': 'low',
  'credits.adjusted': 'high',
  'credits.reserved': 'low',
  'credits.committed': 'low',
  'credits.refunded': 'low',
  'payment.created': 'low',
  'payment.paid': 'medium',
  'payment.closed': 'low',
  'payment.refunded': 'high',
  'payment.webhook_rejected': 'high',
  'payment.notice_received': null,
  // exports carry members' personal data out of the platform: who asked and who downloaded is kept
  'export.requested': (e) => (e.data.resource === 'listings' ? 'medium' : 'high'),
  'export.ready': 'low',
  'export.failed': 'low',
  'export.downloaded': (e) => (e.data.resource === 'listings' ? 'medium' : 'high'),
  'listing.import_started': 'medium',
  'listing.import_finished': 'medium',
  'listing.reported': 'medium',
  'listing.reports_resolved': 'medium',
  'kyc.submitted': 'medium',
  'kyc.withdrawn': 'medium',
  'kyc.assigned': 'low',
  'kyc.reviewed': 'high',
  'kyc.expired': 'medium',
  // an ID is sensitive personal information (RA 10173): every view is kept with who and why
  'kyc.file_viewed': 'high',
  'kyc.files_purged': 'medium',
  'licence.submitted': 'medium',
  'licence.broker_answered': 'medium',
  'licence.reviewed': 'high',
  'licence.expired': 'medium',
  'licence.withdrawn': 'low',
  'enterprise.created': 'high',
  'enterprise.updated': 'medium',
  'enterprise.invited': 'medium',
  'enterprise.invite_revoked': 'low',
  'enterprise.member_joined': 'medium',
  'enterprise.member_updated': 'medium',
  'enterprise.member_removed': 'high',
  'enterprise.credits_added': 'high',
  'market.development_saved': 'medium',
  'market.development_removed': 'medium',
  'market.assumptions_updated': 'medium',
  'market.dataset_imported': 'high',
  'market.report_exported': null,
  'aria.run_requested': 'low',
  'aria.run_finished': 'low',
  'aria.history_deleted': 'low',
  'aria.history_read_by_staff': 'high',
};

/** The audit severity of an event, or null when its type is not audited. */
export function auditSeverityOf(event: DomainEvent): AuditSeverity | null {
  const rule = EVENT_AUDIT_SEVERITY[event.type] as SeverityRule<DomainEventType>;
  return typeof rule === 'function' ? rule(event) : rule;
}

const quoted = (s: string) => `“${s}”`;
const listing = (d: ListingRef) => `listing ${quoted(d.name)} (${d.code})`;

/**
 * The audit description of an event, in plain words, without the actor (the log shows the actor in its
 * own column): "changed the role of ana@example.ph from user to admin".
 */
export function describeEvent(event: DomainEvent): string {
  const e = event as { [T in DomainEventType]: DomainEvent<T> }[DomainEventType];
  switch (e.type) {
    case 'user.signed_up':
      return `signed up as ${e.data.email} (${e.data.type.replace(/_/g, ' ')}, ${e.data.provider})`;
    case 'user.admin_created':
      return `created the ${e.data.role.replace(/_/g, ' ')} account ${e.data.email}`;
    case 'user.logged_in':
      return `logged in as ${e.data.email} (${e.data.provider})`;
    case 'user.login_failed':
      return `failed login for ${e.data.email}: ${
        { unknown_email: 'no such account', wrong_password: 'wrong password', suspended: 'account suspended' }[e.data.reason]
      }`;
    case 'user.logged_out':
      return 'logged out';
    case 'user.updated':
      return `updated the profile (${e.data.fields.join(', ')})`;
    case 'user.role_changed':
      return `changed the role of ${e.data.email} from ${e.data.from} to ${e.data.to}`;
    case 'user.status_changed':
      return `changed the status of ${e.data.email} from ${e.data.from} to ${e.data.to}`;
    case 'user.verified_changed':
      return `${e.data.verified ? 'marked' : 'unmarked'} ${e.data.email} as verified`;
    case 'user.credits_adjusted':
      return `set the AI credits of ${e.data.email} from ${e.data.from} to ${e.data.to}`;
    case 'user.removed':
      return `removed the ${e.data.role.replace(/_/g, ' ')} account ${e.data.email}`;
    case 'user.password_changed':
      return 'changed the password';
    case 'user.password_reset':
      return 'reset the password with an e-mailed link';
    case 'user.email_verified':
      return 'confirmed the e-mail address';
    case 'user.visibility_changed':
      return `turned ${e.data.visible ? 'on' : 'off'} ${e.data.field}`;
    case 'user.avatar_changed':
      return 'changed the profile photo';
    case 'user.identity_connected':
      return `connected a ${e.data.provider} sign-in`;
    case 'user.identity_disconnected':
      return `disconnected the ${e.data.provider} sign-in`;
    case 'listing.created':
      return `created ${listing(e.data)}`;
    case 'listing.updated':
      return `updated ${listing(e.data)} (${e.data.fields.join(', ')})`;
    case 'listing.removed':
      return `removed ${listing(e.data)}${e.data.byStaff ? ' as staff' : ''}`;
    case 'listing.visibility_changed':
      return `${e.data.visible ? 'showed' : 'hid'} ${listing(e.data)}`;
    case 'listing.verified':
      return `${e.data.verified ? 'verified' : 'removed the verification of'} ${listing(e.data)}`;
    case 'listing.photos_changed':
      return `changed the photos of ${listing(e.data)}`;
    case 'listing.documents_uploaded':
      return `uploaded ${e.data.count} ownership document${e.data.count === 1 ? '' : 's'} to ${listing(e.data)}`;
    case 'listing.document_opened':
      return `opened an ownership document of ${listing(e.data)}${e.data.byStaff ? ' as staff' : ''}`;
    case 'listing.viewed':
      return `viewed ${listing(e.data)}`;
    case 'listing.saved':
      return `saved ${listing(e.data)}`;
    case 'listing.unsaved':
      return 'unsaved a listing';
    case 'review.created':
      return `reviewed ${listing(e.data)} (${e.data.rating} of 5)`;
    case 'search.saved':
      return `saved the search ${quoted(e.data.name ?? 'untitled')}`;
    case 'saved_item.removed':
      return `removed a saved ${e.data.type}`;
    case 'item.pinned':
      return `pinned a ${e.data.kind}`;
    case 'thread.created':
      return 'started a conversation';
    case 'message.sent':
      return 'sent a message';
    case 'audit.removed':
      return `removed the ${e.data.severity} audit entry ${quoted(e.data.description)} (${e.data.type})`;
    case 'activity.created':
      return `recorded the activity ${e.data.kind}`;
    case 'currency_rate.updated':
      return `set the ${e.data.currency} rate of ${e.data.asOf} to ₱${e.data.phpPerUnit}`;
    case 'subscription.activated':
      return `started the ${plan(e.data)} of ${e.data.email} (${
        { payment: 'paid', staff: 'by staff', scheduled: 'as scheduled' }[e.data.source]
      }; was ${e.data.from})`;
    case 'subscription.scheduled':
      return `scheduled the ${plan(e.data)} of ${e.data.email} to start ${e.data.startsAt.slice(0, 10)}`;
    case 'subscription.cancel_scheduled':
      return e.data.cancel
        ? `set the ${plan(e.data)} of ${e.data.email} to end${e.data.endsAt ? ` ${e.data.endsAt.slice(0, 10)}` : ''} (back to Free)`
        : `kept the ${plan(e.data)} of ${e.data.email} going past its period`;
    case 'subscription.adjusted':
      return `adjusted the ${plan(e.data)} of ${e.data.email} (${e.data.fields.join(', ')})${e.data.note ? `: ${e.data.note}` : ''}`;
    case 'subscription.suspended':
      return `suspended the ${plan(e.data)} of ${e.data.email}: ${e.data.reason}`;
    case 'subscription.reinstated':
      return `reinstated the ${plan(e.data)} of ${e.data.email}`;
    case 'subscription.expired':
      return `ended the ${plan(e.data)} of ${e.data.email} (${e.data.reason.replace(/_/g, ' ')})`;
    case 'subscription.removed':
      return `removed a ${plan(e.data)} record of ${e.data.email}`;
    case 'credits.granted':
      return e.data.poolId
        ? `added ${e.data.amount} AI credits to a team's pool (${e.data.kind}: ${e.data.reason}); pool balance ${e.data.balance}`
        : `added ${e.data.amount} AI credits to ${e.data.email} (${e.data.kind}: ${e.data.reason}); balance ${e.data.balance}`;
    case 'credits.adjusted':
      return `set the AI credits of ${e.data.email} from ${e.data.from} to ${e.data.balance}: ${e.data.reason}`;
    case 'credits.reserved':
      return e.data.poolId
        ? `held ${-e.data.amount} AI credits of the team's pool for ${e.data.purpose} by ${e.data.email}; pool balance ${e.data.balance}`
        : `held ${-e.data.amount} AI credits of ${e.data.email} for ${e.data.purpose}; balance ${e.data.balance}`;
    case 'credits.committed':
      return `spent the ${e.data.amount} AI credits held for ${e.data.purpose} of ${e.data.email}`;
    case 'credits.refunded':
      return `gave back ${e.data.amount} AI credits held for ${e.data.purpose} of ${e.data.email}${e.data.poolId ? " to the team's pool" : ''}${e.data.expired ? ' (the work never finished)' : ''}; ${e.data.poolId ? 'pool ' : ''}balance ${e.data.balance}`;
    case 'payment.created':
      return `started payment ${e.data.reference} of ${money(e.data.amountCentavos)} by ${e.data.method.replace(/_/g, ' ')} for ${e.data.description}`;
    case 'payment.paid':
      return `received payment ${e.data.reference} of ${money(e.data.amountCentavos)} from ${e.data.email} for ${e.data.description} (receipt ${e.data.receiptNumber}${e.data.late ? ', paid after it closed' : ''})`;
    case 'payment.closed':
      return `payment ${e.data.reference} of ${money(e.data.amountCentavos)} ${e.data.status}${e.data.reason ? `: ${e.data.reason}` : ''}`;
    case 'payment.refunded':
      return `refunded payment ${e.data.reference} of ${money(e.data.amountCentavos)} to ${e.data.email}: ${e.data.reason}`;
    case 'payment.webhook_rejected':
      return `refused a ${e.data.provider} payment webhook: ${e.data.reason}`;
    case 'payment.notice_received':
      return `received ${e.data.provider}'s ${e.data.noticeType} (${e.data.state.status})`;
    case 'export.requested':
      return `asked for an export of the ${EXPORT_NAMES[e.data.resource] ?? e.data.resource} to ${e.data.format.toUpperCase()}${e.data.filters.length ? ` (filtered by ${e.data.filters.join(', ')})` : ''}`;
    case 'export.ready':
      return `export ${e.data.fileName} is ready (${e.data.rows.toLocaleString('en-PH')} rows)`;
    case 'export.failed':
      return `the export of the ${EXPORT_NAMES[e.data.resource] ?? e.data.resource} to ${e.data.format.toUpperCase()} failed: ${e.data.reason}`;
    case 'export.downloaded':
      return `downloaded the export ${e.data.fileName}`;
    case 'listing.import_started':
      return `started importing listings from ${quoted(e.data.fileName)}`;
    case 'listing.import_finished':
      return e.data.failed
        ? `the import of listings from ${quoted(e.data.fileName)} stopped: ${e.data.failed}`
        : `imported listings from ${quoted(e.data.fileName)}: ${e.data.created} created, ${e.data.updated} updated, ${e.data.unchanged} unchanged, ${e.data.rejected} rejected`;
    case 'listing.reported':
      return `reported ${listing(e.data)} (${e.data.reason.replace(/_/g, ' ')})`;
    case 'listing.reports_resolved':
      return `closed ${e.data.count} report${e.data.count === 1 ? '' : 's'} on ${listing(e.data)}: ${e.data.resolution}`;
    case 'kyc.submitted':
      return `${e.data.resubmission ? 'resubmitted' : 'submitted'} identity verification with a ${idName(e.data.idType)} (${e.data.email})`;
    case 'kyc.withdrawn':
      return `withdrew the identity verification of ${e.data.email}`;
    case 'kyc.assigned':
      return e.data.reviewerId ? `took the identity verification of ${e.data.email} for review` : `released the identity verification of ${e.data.email}`;
    case 'kyc.reviewed':
      return `${KYC_DECISION_WORDS[e.data.decision]} the identity verification of ${e.data.email}${e.data.reasonCodes.length ? ` (${e.data.reasonCodes.join(', ').replace(/_/g, ' ')})` : ''}`;
    case 'kyc.expired':
      return `the identity verification of ${e.data.email} expired (${e.data.reason === 'id_expired' ? 'the ID expired' : 'the approval is too old'})`;
    case 'kyc.file_viewed':
      return `opened the ${e.data.fileKind} image of ${e.data.email}'s ${idName(e.data.idType)} (reason: ${e.data.reason.replace(/_/g, ' ')})`;
    case 'kyc.files_purged':
      return `deleted ${e.data.files} identity image${e.data.files === 1 ? '' : 's'} of ${e.data.email}'s ${e.data.status.replace(/_/g, ' ')} verification (retention)`;
    case 'licence.submitted':
      return `submitted ${e.data.kind} licence No. ${e.data.number} of ${e.data.email} for review`;
    case 'licence.broker_answered':
      return `${e.data.confirmed ? 'confirmed' : 'declined'} supervising ${e.data.email} (salesperson accreditation No. ${e.data.number})`;
    case 'licence.reviewed':
      return `${e.data.decision} ${e.data.kind} licence No. ${e.data.number} of ${e.data.email}${e.data.reasonCodes.length ? ` (${e.data.reasonCodes.join(', ').replace(/_/g, ' ')})` : ''}`;
    case 'licence.expired':
      return `${e.data.kind} licence No. ${e.data.number} of ${e.data.email} expired`;
    case 'licence.withdrawn':
      return `withdrew ${e.data.kind} licence No. ${e.data.number} of ${e.data.email}`;
    case 'enterprise.created':
      return `created the enterprise account ${quoted(e.data.name)} with ${e.data.seatLimit} seats`;
    case 'enterprise.updated':
      return `changed ${e.data.fields.join(', ')} of the enterprise account ${quoted(e.data.name)}`;
    case 'enterprise.invited':
      return `invited ${e.data.email} to ${quoted(e.data.name)} as ${e.data.role}`;
    case 'enterprise.invite_revoked':
      return `revoked the invitation of ${e.data.email} to ${quoted(e.data.name)}`;
    case 'enterprise.member_joined':
      return `${e.data.email} joined ${quoted(e.data.name)} as ${e.data.role}`;
    case 'enterprise.member_updated':
      return `changed ${e.data.fields.join(', ')} of ${e.data.email} in ${quoted(e.data.name)}`;
    case 'enterprise.member_removed': {
      const l = e.data.listings;
      const what = l.count === 0 ? '' : l.reassignedToId ? `; ${l.count} listing${l.count === 1 ? '' : 's'} reassigned` : `; ${l.count} listing${l.count === 1 ? '' : 's'} archived`;
      return `removed ${e.data.email} from ${quoted(e.data.name)}${what}`;
    }
    case 'enterprise.credits_added':
      return `added ${e.data.amount} AI credits to the pool of ${quoted(e.data.name)}: ${e.data.reason}; balance ${e.data.balance}`;
    case 'market.development_saved':
      return `${e.data.created ? 'recorded' : 'updated'} the development project ${quoted(e.data.name)}`;
    case 'market.development_removed':
      return `removed the development project ${quoted(e.data.name)}`;
    case 'market.assumptions_updated':
      return `changed the cost assumptions for ${e.data.kind.replace(/_/g, ' ')}: ${e.data.fields.join(', ')}`;
    case 'market.dataset_imported':
      return `imported ${e.data.dataset} from ${e.data.fileName}: ${e.data.rows} rows (${e.data.inserted} new, ${e.data.updated} changed, ${e.data.unchanged} unchanged)`;
    case 'market.report_exported':
      return `exported the ${e.data.group.replace(/_/g, ' ')} report of ${e.data.areaCode} as ${e.data.format.toUpperCase()}`;
    case 'aria.run_requested':
      return `asked ARIA for a ${e.data.kind === 'compare' ? 'comparison' : 'feasibility run'} (${e.data.credits} AI credits held)`;
    case 'aria.run_finished':
      return `ARIA's ${e.data.kind === 'compare' ? 'comparison' : 'feasibility run'} ${e.data.status}${e.data.error ? `: ${e.data.error}` : ''}`;
    case 'aria.history_deleted':
      return `deleted the ARIA ${e.data.kind} "${e.data.title}"`;
    case 'aria.history_read_by_staff':
      return `read the ARIA ${e.data.kind} "${e.data.title}" of ${e.data.userId} for support`;
  }
}

const KYC_DECISION_WORDS = { approved: 'approved', rejected: 'rejected', resubmission_requested: 'asked for a resubmission of' } as const;
const idName = (idType: string) => idType.replace(/_/g, ' ') + ' ID';

const EXPORT_NAMES: Record<string, string> = { users: 'user table', listings: 'listing table', audit: 'audit log' };
const plan = (d: SubscriptionRef) => `${d.plan} (${d.billingPeriod}) plan`;
const money = (centavos: number) =>
  `₱${Math.floor(centavos / 100).toLocaleString('en-PH')}.${String(centavos % 100).padStart(2, '0')}`;

/**
 * Notification kinds. In-app notifications are always on; e-mail is a per-kind choice in Settings,
 * off by default except for security notices (a password changed, a sign-in method added or removed,
 * a change of role or standing).
 */
export const NOTIFICATION_KINDS = ['message', 'review', 'listing_verified', 'saved_search', 'security', 'billing', 'exports', 'verification', 'team', 'aria'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  message: 'New messages',
  review: 'Reviews of my listings',
  listing_verified: 'My listing verified',
  saved_search: 'New matches for my saved searches',
  security: 'Security: password, sign-in methods, role',
  billing: 'Payments, receipts and plan changes',
  exports: 'My exports and imports are ready',
  verification: 'Identity and licence verification',
  team: 'My team: invitations and changes',
  aria: 'ARIA runs are ready',
};
export const NOTIFICATION_EMAIL_DEFAULTS: Record<NotificationKind, boolean> = {
  message: false,
  review: false,
  listing_verified: false,
  saved_search: false,
  security: true,
  billing: true,
  exports: false,
  verification: true,
  team: false,
  aria: false,
};

/**
 * Activity kinds: what a member's recent activity shows. Most come from events; `shared` is the one a
 * client records itself (POST /activity/create).
 */
export const ACTIVITY_KINDS = [
  'viewed_listing',
  'saved_listing',
  'saved_search',
  'messaged',
  'reviewed',
  'created_listing',
  'listing_saved_by_other',
  'listing_reviewed_by_other',
  'listing_verified',
  'shared',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/** The kinds a client may record through POST /activity/create. */
export const CLIENT_ACTIVITY_KINDS = ['shared'] as const satisfies readonly ActivityKind[];
export type ClientActivityKind = (typeof CLIENT_ACTIVITY_KINDS)[number];
