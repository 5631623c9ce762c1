import { Injectable } from '@nestjs/common';
import type { DomainEvent, DomainEventType } from '@app/domain';
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
