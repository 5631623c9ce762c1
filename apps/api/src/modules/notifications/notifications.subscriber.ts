import { Injectable } from '@nestjs/common';
import {
  KYC_REASON_LABELS,
  LICENCE_REASON_LABELS,
  licenceBadge,
  type DomainEvent,
  type DomainEventType,
  type KycReasonCode,
  type LicenceKind,
  type LicenceReasonCode,
} from '@app/domain';
import { EventSubscriber, type DomainEventHandler } from '../../common/events/event-subscriber';
import { NotificationsService, type NotificationInput } from './notifications.service';

export const NOTIFYING_EVENTS = [
  'message.sent',
  'review.created',
  'listing.verified',
  'user.password_changed',
  'user.password_reset',
  'user.role_changed',
  'user.status_changed',
  'user.identity_connected',
  'user.identity_disconnected',
  'payment.paid',
  'payment.closed',
  'payment.refunded',
  'subscription.expired',
  'subscription.suspended',
  'export.ready',
  'export.failed',
  'listing.import_finished',
  'kyc.reviewed',
  'kyc.expired',
  'licence.submitted',
  'licence.broker_answered',
  'licence.reviewed',
  'licence.expired',
  'enterprise.member_joined',
  'enterprise.member_updated',
  'enterprise.member_removed',
  'enterprise.credits_added',
  'aria.run_finished',
] as const satisfies readonly DomainEventType[];

const pesos = (centavos: number) => `₱${Math.floor(centavos / 100).toLocaleString('en-PH')}.${String(centavos % 100).padStart(2, '0')}`;
const planName = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', facebook: 'Facebook' };

/** Who is told what about an event (pure: the rules of notifications, tested on their own). */
export function notificationsOf(event: DomainEvent): NotificationInput[] {
  const e = event as { [T in DomainEventType]: DomainEvent<T> }[DomainEventType];
  switch (e.type) {
    case 'message.sent': {
      const { threadId, messageId, senderId, senderName, listingId, preview, recipientIds } = e.data;
      return recipientIds.map((userId) => ({
        userId,
        kind: 'message',
        title: `New message from ${senderName || 'a member'}`,
        body: preview,
        data: { threadId, messageId, senderId, listingId },
      }));
    }
    case 'review.created':
      if (e.data.ownerId === e.actorId) return [];
      return [
        {
          userId: e.data.ownerId,
          kind: 'review',
          title: `New ${e.data.rating}-star review of ${e.data.name}`,
          body: `Someone reviewed your listing ${e.data.code}.`,
          data: { listingId: e.data.listingId, reviewId: e.data.reviewId, rating: e.data.rating },
        },
      ];
    case 'listing.verified':
      if (!e.data.verified || e.data.ownerId === e.actorId) return [];
      return [
        {
          userId: e.data.ownerId,
          kind: 'listing_verified',
          title: `${e.data.name} is verified`,
          body: `Our team checked the ownership documents of ${e.data.code}; it now shows the verified tag.`,
          data: { listingId: e.data.listingId },
        },
      ];
    case 'user.password_changed':
    case 'user.password_reset':
      return [
        {
          userId: e.data.userId,
          kind: 'security',
          title: 'Your password was changed',
          body: 'If this was not you, reset your password now and contact support.',
          data: { event: e.type },
        },
      ];
    case 'user.role_changed':
      return [
        {
          userId: e.data.userId,
          kind: 'security',
          title: 'Your role changed',
          body: `Your account is now ${e.data.to.replace(/_/g, ' ')} (it was ${e.data.from.replace(/_/g, ' ')}).`,
          data: { event: e.type, role: e.data.to },
        },
      ];
    case 'user.status_changed':
      if (e.data.to !== 'active') return [];
      return [
        {
          userId: e.data.userId,
          kind: 'security',
          title: 'Your account is active again',
          body: 'You can log in and use Tahanan as before.',
          data: { event: e.type },
        },
      ];
    case 'user.identity_connected':
    case 'user.identity_disconnected': {
      const provider = PROVIDER_NAMES[e.data.provider] ?? e.data.provider;
      const connected = e.type === 'user.identity_connected';
      return [
        {
          userId: e.data.userId,
          kind: 'security',
          title: connected ? `${provider} sign-in connected` : `${provider} sign-in disconnected`,
          body: connected
            ? `You can now log in with ${provider}. If this was not you, disconnect it in Settings and change your password.`
            : `You can no longer log in with ${provider}.`,
          data: { event: e.type, provider: e.data.provider },
        },
      ];
    }
    case 'export.ready':
      return [
        {
          userId: e.data.userId,
          kind: 'exports',
          title: 'Your export is ready',
          body: `${e.data.fileName}: ${e.data.rows.toLocaleString('en-PH')} rows. The file can be downloaded for a day.`,
          data: { exportId: e.data.exportId, resource: e.data.resource, format: e.data.format },
        },
      ];
    case 'export.failed':
      return [
        {
          userId: e.data.userId,
          kind: 'exports',
          title: 'Your export could not be made',
          body: `${e.data.reason}. You can try again from the table.`,
          data: { exportId: e.data.exportId, resource: e.data.resource, format: e.data.format },
        },
      ];
    case 'aria.run_finished': {
      const what = e.data.kind === 'compare' ? 'comparison' : 'feasibility run';
      const ok = e.data.status === 'succeeded';
      return [
        {
          userId: e.data.userId,
          kind: 'aria',
          title: ok ? `Your ${what} is ready` : `Your ${what} could not be finished`,
          body: ok
            ? `ARIA's ${what} is done: open it for the figures and the PDF. ${e.data.credits} AI credits were used.`
            : `${e.data.error ?? 'It failed'}. Its ${e.data.credits} AI credits were refunded; you can run it again.`,
          data: { runId: e.data.runId, conversationId: e.data.conversationId, kind: e.data.kind, status: e.data.status },
        },
      ];
    }
    case 'listing.import_finished':
      return [
        {
          userId: e.data.userId,
          kind: 'exports',
          title: e.data.failed ? 'Your listing import stopped' : 'Your listing import is done',
          body: e.data.failed
            ? `${e.data.fileName}: ${e.data.failed}`
            : `${e.data.fileName}: ${e.data.created} created, ${e.data.updated} updated, ${e.data.unchanged} unchanged, ${e.data.rejected} rejected.`,
          data: { importId: e.data.importId },
        },
      ];
    case 'payment.paid':
      if (!e.data.userId) return [];
      return [
        {
          userId: e.data.userId,
          kind: 'billing',
          title: `Payment received: ${pesos(e.data.amountCentavos)}`,
          body: `${e.data.description}. Official receipt ${e.data.receiptNumber} is in Billing.`,
          data: { paymentId: e.data.paymentId, reference: e.data.reference, receiptNumber: e.data.receiptNumber },
        },
      ];
    case 'payment.closed':
      // a checkout the member cancelled needs no word; a failed or expired one does
      if (!e.data.userId || e.data.status === 'cancelled') return [];
      return [
        {
          userId: e.data.userId,
          kind: 'billing',
          title: e.data.status === 'failed' ? 'Your payment did not go through' : 'Your checkout expired',
          body: `${e.data.description} (${pesos(e.data.amountCentavos)}, ${e.data.reference})${e.data.reason ? `: ${e.data.reason}` : ''}. Nothing was charged; you can try again.`,
          data: { paymentId: e.data.paymentId, reference: e.data.reference, status: e.data.status },
        },
      ];
    case 'payment.refunded':
      if (!e.data.userId) return [];
      return [
        {
          userId: e.data.userId,
          kind: 'billing',
          title: `Payment refunded: ${pesos(e.data.amountCentavos)}`,
          body: `${e.data.description} (${e.data.reference}) was refunded; what it bought is withdrawn.`,
          data: { paymentId: e.data.paymentId, reference: e.data.reference },
        },
      ];
    case 'subscription.expired':
      return [
        {
          userId: e.data.userId,
          kind: 'billing',
          title: `Your ${planName(e.data.plan)} plan has ended`,
          body: e.data.reason === 'cancelled' ? 'You are on the Free plan now, as you chose.' : 'It was not renewed. Renew it on the Plans page to get its features back.',
          data: { subscriptionId: e.data.subscriptionId, plan: e.data.plan },
        },
      ];
    case 'subscription.suspended':
      return [
        {
          userId: e.data.userId,
          kind: 'billing',
          title: `Your ${planName(e.data.plan)} plan is suspended`,
          body: 'Its features are paused. Contact support if you think this is a mistake.',
          data: { subscriptionId: e.data.subscriptionId, plan: e.data.plan },
        },
      ];
    case 'kyc.reviewed': {
      const { userId, submissionId, decision, reasonCodes } = e.data;
      const why = reasonCodes.map((c) => KYC_REASON_LABELS[c as KycReasonCode]?.label ?? c).join('; ');
      const texts = {
        approved: { title: 'Your identity is verified', body: 'Your profile and listings now show the “Verified identity” badge.' },
        rejected: { title: 'We could not verify your identity', body: `${why || 'See the reviewer’s note'}. You may submit a new verification.` },
        resubmission_requested: { title: 'Please resend your identity verification', body: `${why || 'See the reviewer’s note'}. Open Verification to see what to fix.` },
      } as const;
      return [{ userId, kind: 'verification', ...texts[decision], data: { submissionId, decision, reasonCodes } }];
    }
    case 'kyc.expired':
      return [
        {
          userId: e.data.userId,
          kind: 'verification',
          title: 'Your identity verification has expired',
          body: e.data.reason === 'id_expired' ? 'The ID you verified with has expired. Verify again with a valid ID to keep the badge.' : 'Verifications count for two years. Verify again to keep the badge.',
          data: { submissionId: e.data.submissionId, reason: e.data.reason },
        },
      ];
    case 'licence.submitted':
      if (!e.data.supervisingBrokerId) return [];
      return [
        {
          userId: e.data.supervisingBrokerId,
          kind: 'verification',
          title: 'A salesperson names you as their supervising broker',
          body: `${e.data.email} (accreditation No. ${e.data.number}) asks you to confirm that they work under you. Confirm or decline on your Verification page.`,
          data: { licenceId: e.data.licenceId, salespersonId: e.data.userId },
        },
      ];
    case 'licence.broker_answered':
      return [
        {
          userId: e.data.userId,
          kind: 'verification',
          title: e.data.confirmed ? 'Your supervising broker confirmed you' : 'Your supervising broker declined',
          body: e.data.confirmed ? 'Your accreditation now goes to our reviewers.' : 'Name the broker you work under, or ask them to confirm from their account.',
          data: { licenceId: e.data.licenceId, confirmed: e.data.confirmed },
        },
      ];
    case 'licence.reviewed':
      return [
        {
          userId: e.data.userId,
          kind: 'verification',
          title: e.data.decision === 'approved' ? `${licenceBadge(e.data.kind as LicenceKind, e.data.number)}: approved` : 'We could not approve your licence',
          body:
            e.data.decision === 'approved'
              ? 'The badge now shows on your profile and your listings.'
              : `${e.data.reasonCodes.map((c) => LICENCE_REASON_LABELS[c as LicenceReasonCode] ?? c).join('; ') || 'See the reviewer’s note'}.`,
          data: { licenceId: e.data.licenceId, decision: e.data.decision },
        },
      ];
    case 'licence.expired':
      return [
        {
          userId: e.data.userId,
          kind: 'verification',
          title: 'Your licence has expired',
          body: `Licence No. ${e.data.number} passed its validity date, so its badge is gone. Enter your renewed licence to get it back.`,
          data: { licenceId: e.data.licenceId },
        },
      ];
    case 'enterprise.member_joined':
      if (e.data.userId === e.data.ownerId) return [];
      return [
        {
          userId: e.data.ownerId,
          kind: 'team',
          title: `${e.data.email} joined ${e.data.name}`,
          body: `They are a ${e.data.role} of the team now.`,
          data: { enterpriseId: e.data.enterpriseId, userId: e.data.userId },
        },
      ];
    case 'enterprise.member_updated':
      if (e.data.userId === e.actorId) return [];
      return [
        {
          userId: e.data.userId,
          kind: 'team',
          title: `Your membership of ${e.data.name} changed`,
          body: `The team changed your ${e.data.fields.join(', ').replace(/_/g, ' ')}.`,
          data: { enterpriseId: e.data.enterpriseId, fields: e.data.fields },
        },
      ];
    case 'enterprise.member_removed':
      if (e.data.userId === e.actorId) return [];
      return [
        {
          userId: e.data.userId,
          kind: 'team',
          title: `You are no longer a member of ${e.data.name}`,
          body: 'Your own account and personal listings stay as they were.',
          data: { enterpriseId: e.data.enterpriseId },
        },
      ];
    case 'enterprise.credits_added':
      return [
        {
          userId: e.data.ownerId,
          kind: 'team',
          title: `${e.data.amount.toLocaleString('en-PH')} AI credits added to ${e.data.name}`,
          body: `The team's pool has ${e.data.balance.toLocaleString('en-PH')} credits now.`,
          data: { enterpriseId: e.data.enterpriseId, amount: e.data.amount },
        },
      ];
    default:
      return [];
  }
}

/** Leaves the notifications an event calls for. */
@EventSubscriber({ name: 'notifications', events: NOTIFYING_EVENTS })
@Injectable()
export class NotificationsSubscriber implements DomainEventHandler {
  constructor(private readonly notifications: NotificationsService) {}

  async handle(event: DomainEvent): Promise<void> {
    await this.notifications.notify(event, notificationsOf(event));
  }
}
