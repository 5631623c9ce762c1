import { Injectable } from '@nestjs/common';
import { and, asc, inArray, isNull, lt, sql } from 'drizzle-orm';
import { eventHandled, outbox, type OutboxRow } from '@app/db';
import type { DomainEvent } from '@app/domain';
import { InjectDb, type Database } from '../db/database.module';

/** The outbox and the handlers' records (tables of the events machinery, `common/events`). */
@Injectable()
export class EventsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Writes events (in the caller's transaction, when there is one). */
  async insert(events: DomainEvent[]): Promise<void> {
    if (!events.length) return;
    await this.db.insert(outbox).values(
      events.map((e) => ({
        id: e.id,
        type: e.type,
        actorId: e.actorId,
        entityKind: e.entity?.kind ?? null,
        entityId: e.entity?.id ?? null,
        data: e.data as unknown as Record<string, unknown>,
        context: e.context as Record<string, string>,
        occurredAt: new Date(e.occurredAt),
      })),
    );
  }

  /**
   * In one transaction: takes up to `limit` events not yet relayed, oldest first, that no other relay
   * holds (SKIP LOCKED), hands them to `relay`, and marks them relayed when it returns. When relay
   * throws (Redis down) nothing is marked and the rows wait for the next try.
   */
  async relayPending(limit: number, relay: (events: DomainEvent[]) => Promise<void>): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outbox)
        .where(isNull(outbox.relayedAt))
        .orderBy(asc(outbox.seq))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (!rows.length) return 0;
      await relay(rows.map(toDomainEvent));
      await tx
        .update(outbox)
        .set({ relayedAt: sql`now()` })
        .where(inArray(
          outbox.id,
          rows.map((r) => r.id),
        ));
      return rows.length;
    });
  }

  /** How many events wait to be relayed (health and tests). */
  async pendingCount(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(isNull(outbox.relayedAt));
    return row.n;
  }

  /** Records that `handler` handled the event; false when it already had (then it must do nothing). */
  async markHandled(handler: string, eventId: string): Promise<boolean> {
    const rows = await this.db
      .insert(eventHandled)
      .values({ handler, eventId })
      .onConflictDoNothing()
      .returning({ eventId: eventHandled.eventId });
    return rows.length > 0;
  }

  /** Deletes relayed events and handler records older than `before`. */
  async prune(before: Date): Promise<{ events: number; handled: number }> {
    const events = await this.db.delete(outbox).where(and(lt(outbox.relayedAt, before))).returning({ id: outbox.id });
    const handled = await this.db.delete(eventHandled).where(lt(eventHandled.handledAt, before)).returning({ id: eventHandled.eventId });
    return { events: events.length, handled: handled.length };
  }
}

export function toDomainEvent(row: OutboxRow): DomainEvent {
  return {
    id: row.id,
    type: row.type as DomainEvent['type'],
    actorId: row.actorId,
    entity: row.entityKind && row.entityId ? { kind: row.entityKind as never, id: row.entityId } : null,
    data: row.data as never,
    occurredAt: row.occurredAt.toISOString(),
    context: row.context,
  };
}
