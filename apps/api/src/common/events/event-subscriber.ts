import { SetMetadata } from '@nestjs/common';
import type { DomainEvent, DomainEventType } from '@app/domain';

export const EVENT_SUBSCRIBER = Symbol('EVENT_SUBSCRIBER');

export interface EventSubscriberOptions {
  /** A stable name: it is recorded with each event id the subscriber handled (renaming it replays nothing, but forgets). */
  name: string;
  /** The event types it handles. */
  events: readonly DomainEventType[];
}

/** A provider that handles domain events; see `@EventSubscriber`. */
export interface DomainEventHandler {
  /**
   * Handles one event, inside a transaction that also records the event as handled by this subscriber:
   * its repositories' writes and that record commit together, so a retry after a crash does nothing
   * twice. Work outside the database (a socket push, a cache) goes in `Transactions.afterCommit`, or
   * must be harmless to repeat. Throwing rolls back and the event is retried later.
   */
  handle(event: DomainEvent): Promise<void>;
}

/**
 * Marks a provider as a subscriber of domain events. It runs in the worker (roles worker and all); the
 * module that declares it only needs to provide it.
 */
export const EventSubscriber = (options: EventSubscriberOptions): ClassDecorator => SetMetadata(EVENT_SUBSCRIBER, options);
