import type { ActivityKind, DomainEvent, DomainEventType } from '@app/domain';

/** An activity to record from an event. */
export interface ActivityInput {
  userId: string;
  kind: ActivityKind;
  actorId: string | null;
  entity: { kind: string; id: string } | null;
  title: string;
  data: Record<string, unknown>;
}

export const ACTIVITY_EVENTS = [
  'listing.viewed',
  'listing.saved',
  'search.saved',
  'thread.created',
  'review.created',
  'listing.created',
  'listing.verified',
] as const satisfies readonly DomainEventType[];

const q = (s: string) => `“${s}”`;

/**
 * Who gets what in their recent activity for an event (pure: the rules, tested on their own): what a
 * member did, and what others did to their listings (anonymously: "someone saved").
 */
export function activitiesOf(event: DomainEvent): ActivityInput[] {
  const e = event as { [T in DomainEventType]: DomainEvent<T> }[DomainEventType];
  const actor = e.actorId;
  if (!actor) return [];
  const listing = (id: string) => ({ kind: 'listing', id });
  switch (e.type) {
    case 'listing.viewed':
      return [{ userId: actor, kind: 'viewed_listing', actorId: actor, entity: listing(e.data.listingId), title: `Viewed ${q(e.data.name)}`, data: { code: e.data.code } }];
    case 'listing.saved': {
      const mine: ActivityInput = { userId: actor, kind: 'saved_listing', actorId: actor, entity: listing(e.data.listingId), title: `Saved ${q(e.data.name)}`, data: { code: e.data.code } };
      if (e.data.ownerId === actor) return [mine];
      return [
        mine,
        { userId: e.data.ownerId, kind: 'listing_saved_by_other', actorId: actor, entity: listing(e.data.listingId), title: `Someone saved your listing ${q(e.data.name)}`, data: { code: e.data.code } },
      ];
    }
    case 'search.saved':
      return [
        {
          userId: actor,
          kind: 'saved_search',
          actorId: actor,
          entity: { kind: 'saved_item', id: e.data.savedItemId },
          title: `Saved the search ${q(e.data.name ?? 'Untitled search')}`,
          data: { query: e.data.query },
        },
      ];
    case 'thread.created':
      if (!e.data.listingId) return [];
      return [
        {
          userId: actor,
          kind: 'messaged',
          actorId: actor,
          entity: { kind: 'thread', id: e.data.threadId },
          title: `Messaged the owner of ${q(e.data.listingName ?? 'a listing')}`,
          data: { listingId: e.data.listingId },
        },
      ];
    case 'review.created': {
      const mine: ActivityInput = {
        userId: actor,
        kind: 'reviewed',
        actorId: actor,
        entity: listing(e.data.listingId),
        title: `Reviewed ${q(e.data.name)} (${e.data.rating} of 5)`,
        data: { rating: e.data.rating, code: e.data.code },
      };
      return [
        mine,
        {
          userId: e.data.ownerId,
          kind: 'listing_reviewed_by_other',
          actorId: actor,
          entity: listing(e.data.listingId),
          title: `Your listing ${q(e.data.name)} got a ${e.data.rating}-star review`,
          data: { rating: e.data.rating, code: e.data.code },
        },
      ];
    }
    case 'listing.created':
      return [{ userId: actor, kind: 'created_listing', actorId: actor, entity: listing(e.data.listingId), title: `Listed ${q(e.data.name)}`, data: { code: e.data.code } }];
    case 'listing.verified':
      if (!e.data.verified) return [];
      return [
        { userId: e.data.ownerId, kind: 'listing_verified', actorId: actor, entity: listing(e.data.listingId), title: `Your listing ${q(e.data.name)} was verified`, data: { code: e.data.code } },
      ];
    default:
      return [];
  }
}

/** Where the web app opens an activity. */
export function activityLink(kind: string, entity: { kind: string; id: string } | null, data: Record<string, unknown>): string {
  if (kind === 'saved_search') return typeof data.query === 'string' && data.query ? `/listings?${data.query.replace(/^\?/, '')}` : '/saved';
  if (!entity) return '/dashboard';
  if (entity.kind === 'listing') return `/listings/${encodeURIComponent(entity.id)}`;
  if (entity.kind === 'thread') return `/messages/${encodeURIComponent(entity.id)}`;
  return '/dashboard';
}
