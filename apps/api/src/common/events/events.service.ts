import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { outbox } from '@app/db';
import type { DomainEvent, DomainEventType, EntityKind, NewDomainEvent } from '@app/domain';
import { Transactions } from '../db/transactions';
import { currentEventContext } from '../http/request-context';
import { EventsRepository } from './events.repository';
import { OutboxRelay } from './outbox-relay';

/**
 * How a module says what happened. `publish` writes the events to the outbox in the caller's
 * transaction (call it inside `Transactions.run` with the change it records, so both are written or
 * neither); once that commits the relay moves them to the queue at once, and the subscribers
 * (audit, activity, notifications, cache invalidation...) handle them in the worker.
 */
@Injectable()
export class EventsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly relay: OutboxRelay,
    private readonly transactions: Transactions,
  ) {}

  /** Fills in the id, the time and the request's context. */
  create<T extends DomainEventType>(event: NewDomainEvent<T>): DomainEvent<T> {
    return { ...event, id: randomUUID(), occurredAt: new Date().toISOString(), context: currentEventContext() };
  }

  async publish(...events: NewDomainEvent[]): Promise<DomainEvent[]> {
    const full = events.map((e) => this.create(e));
    await this.events.insert(full);
    this.transactions.afterCommit(() => this.relay.kick());
    return full;
  }

  /**
   * For a hot path that writes its change in one prepared statement (a message send): an insert of one
   * event per row of `from` to compose into that statement. `from` is a relation with the columns
   * event_id (uuid), actor_id, entity_id, data (jsonb, the type's payload) and occurred_at; such events
   * carry no request context. The caller calls `written()` after the statement commits.
   */
  insertQuery(type: DomainEventType, entityKind: EntityKind, from: SQL): SQL {
    return sql`insert into ${outbox} (id, type, actor_id, entity_kind, entity_id, data, occurred_at)
      select src.event_id, ${sql.raw(`'${type}'`)}, src.actor_id, ${sql.raw(`'${entityKind}'`)}, src.entity_id, src.data, src.occurred_at
      from ${from} src`;
  }

  /** Tells the relay that events were written outside `publish` (see insertQuery). */
  written(): void {
    this.relay.kick();
  }
}
