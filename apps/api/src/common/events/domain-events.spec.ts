import { auditSeverityOf, describeEvent, DOMAIN_EVENT_TYPES, EVENT_AUDIT_SEVERITY, type DomainEvent, type DomainEventType } from '@app/domain';
import { activitiesOf } from '../../modules/activity/activity-rules';
import { AUDITED_EVENT_TYPES } from '../../modules/audit/audit.subscriber';
import { notificationsOf } from '../../modules/notifications/notifications.subscriber';

const listing = { listingId: 'l1', name: 'Condo in BGC', code: 'RES-000042', ownerId: 'owner' };
const event = <T extends DomainEventType>(type: T, data: DomainEvent<T>['data'], actorId: string | null = 'actor'): DomainEvent =>
  ({ id: 'e1', type, actorId, entity: null, data, occurredAt: '2026-11-23T00:00:00.000Z', context: {} }) as DomainEvent;

describe('domain events: the severity table and descriptions', () => {
  it('lists every event type once, and decides a severity (or none) for each', () => {
    expect(new Set(DOMAIN_EVENT_TYPES).size).toBe(DOMAIN_EVENT_TYPES.length);
    expect(Object.keys(EVENT_AUDIT_SEVERITY).sort()).toEqual([...DOMAIN_EVENT_TYPES].sort());
    expect(AUDITED_EVENT_TYPES).not.toContain('listing.viewed');
    expect(AUDITED_EVENT_TYPES).toContain('user.login_failed');
  });

  it('rates failed logins low, role changes high, staff removals critical', () => {
    expect(auditSeverityOf(event('user.login_failed', { email: 'a@b.ph', reason: 'wrong_password' }, null))).toBe('low');
    expect(auditSeverityOf(event('user.role_changed', { userId: 'u', email: 'a@b.ph', from: 'user', to: 'admin' }))).toBe('high');
    expect(auditSeverityOf(event('user.removed', { userId: 'u', email: 'a@b.ph', role: 'user' }))).toBe('critical');
    expect(auditSeverityOf(event('listing.removed', { ...listing, byStaff: true }))).toBe('critical');
    expect(auditSeverityOf(event('listing.removed', { ...listing, byStaff: false }))).toBe('medium');
    expect(auditSeverityOf(event('message.sent', { messageId: 'm', threadId: 't', senderId: 's', senderName: 'S', recipientIds: [], listingId: null, preview: 'hi' }))).toBeNull();
  });

  it('describes events in plain words', () => {
    expect(describeEvent(event('user.role_changed', { userId: 'u', email: 'ana@example.ph', from: 'user', to: 'admin' }))).toBe(
      'changed the role of ana@example.ph from user to admin',
    );
    expect(describeEvent(event('listing.removed', { ...listing, byStaff: true }))).toBe('removed listing “Condo in BGC” (RES-000042) as staff');
    expect(describeEvent(event('user.login_failed', { email: 'x@y.ph', reason: 'suspended' }, null))).toBe('failed login for x@y.ph: account suspended');
  });
});

describe('notification rules', () => {
  it('tells each recipient of a message, never the sender', () => {
    const notes = notificationsOf(
      event('message.sent', { messageId: 'm', threadId: 't', senderId: 'actor', senderName: 'Maria Santos', recipientIds: ['r1', 'r2'], listingId: null, preview: 'Hello' }),
    );
    expect(notes.map((n) => [n.userId, n.kind, n.title, n.body])).toEqual([
      ['r1', 'message', 'New message from Maria Santos', 'Hello'],
      ['r2', 'message', 'New message from Maria Santos', 'Hello'],
    ]);
  });

  it('tells an owner of a verification only when verified by someone else, and never of their own review', () => {
    expect(notificationsOf(event('listing.verified', { ...listing, verified: true }))).toHaveLength(1);
    expect(notificationsOf(event('listing.verified', { ...listing, verified: false }))).toEqual([]);
    expect(notificationsOf(event('listing.verified', { ...listing, verified: true }, 'owner'))).toEqual([]);
    expect(notificationsOf(event('review.created', { ...listing, reviewId: 'r', rating: 5 }, 'owner'))).toEqual([]);
  });

  it('sends security notices to the account concerned', () => {
    expect(notificationsOf(event('user.password_changed', { userId: 'u' }))[0]).toMatchObject({ userId: 'u', kind: 'security' });
    expect(notificationsOf(event('user.identity_connected', { userId: 'u', provider: 'google' }))[0].title).toBe('Google sign-in connected');
  });

  it('tells the payer of a payment received, failed or refunded (not of one they cancelled), and a member of a plan ended or suspended', () => {
    const pay = { paymentId: 'p', reference: 'TH-ABCDE-FGHJK', userId: 'u', email: 'a@b.ph', amountCentavos: 150_000, method: 'gcash', provider: 'sandbox', description: 'Basic plan, 1 month' };
    expect(notificationsOf(event('payment.paid', { ...pay, receiptNumber: 'OR-2026-000007', late: false }, null))).toEqual([
      {
        userId: 'u',
        kind: 'billing',
        title: 'Payment received: ₱1,500.00',
        body: 'Basic plan, 1 month. Official receipt OR-2026-000007 is in Billing.',
        data: { paymentId: 'p', reference: 'TH-ABCDE-FGHJK', receiptNumber: 'OR-2026-000007' },
      },
    ]);
    const failed = notificationsOf(event('payment.closed', { ...pay, status: 'failed', reason: 'Declined in the sandbox' }, null));
    expect(failed.map((n) => [n.title, n.body])).toEqual([
      ['Your payment did not go through', 'Basic plan, 1 month (₱1,500.00, TH-ABCDE-FGHJK): Declined in the sandbox. Nothing was charged; you can try again.'],
    ]);
    expect(notificationsOf(event('payment.closed', { ...pay, status: 'cancelled', reason: null }, 'u'))).toEqual([]);
    expect(notificationsOf(event('payment.paid', { ...pay, userId: null, receiptNumber: 'OR-2026-000008', late: false }, null))).toEqual([]);
    const sub = { subscriptionId: 's', userId: 'u', email: 'a@b.ph', plan: 'premium', billingPeriod: 'monthly' };
    expect(notificationsOf(event('subscription.expired', { ...sub, reason: 'period_end' }, null))[0].title).toBe('Your Premium plan has ended');
    expect(notificationsOf(event('subscription.suspended', { ...sub, reason: 'payment refunded' }, null))[0]).toMatchObject({ kind: 'billing', title: 'Your Premium plan is suspended' });
  });
});

describe('activity rules', () => {
  it('records a save for the saver and, anonymously, for the owner; not twice for one’s own listing', () => {
    expect(activitiesOf(event('listing.saved', listing)).map((a) => [a.userId, a.kind, a.title])).toEqual([
      ['actor', 'saved_listing', 'Saved “Condo in BGC”'],
      ['owner', 'listing_saved_by_other', 'Someone saved your listing “Condo in BGC”'],
    ]);
    expect(activitiesOf(event('listing.saved', listing, 'owner'))).toHaveLength(1);
  });

  it('records nothing for an event with no actor, or a thread not about a listing', () => {
    expect(activitiesOf(event('listing.viewed', listing, null))).toEqual([]);
    expect(activitiesOf(event('thread.created', { threadId: 't', listingId: null, listingName: null, withUserId: 'x' }))).toEqual([]);
  });
});
