import { randomUUID } from 'node:crypto';
import { eventHandled, outbox } from '@app/db';
import type { DomainEvent } from '@app/domain';
import { inArray } from 'drizzle-orm';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { Transactions } from '../db/transactions';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { EventDispatcher } from './event-dispatcher';
import { EventSubscriber, type DomainEventHandler } from './event-subscriber';
import { EventsRepository } from './events.repository';
import { EventsService } from './events.service';

/** Test subscribers: one writes an outbox row of its own (a database effect we can count), one fails when told to. */
@EventSubscriber({ name: 'test-writer', events: ['listing.viewed'] })
class WritingSubscriber implements DomainEventHandler {
  constructor(private readonly events: EventsRepository) {}
  runs = 0;
  async handle(event: DomainEvent): Promise<void> {
    this.runs++;
    await this.events.insert([{ ...event, id: randomUUID(), type: 'listing.unsaved', data: { listingId: event.id } as never }]);
  }
}

@EventSubscriber({ name: 'test-flaky', events: ['listing.viewed'] })
class FlakySubscriber implements DomainEventHandler {
  failNext = true;
  runs = 0;
  async handle(): Promise<void> {
    this.runs++;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('flaky handler failed');
    }
  }
}

describe('EventDispatcher (real PostgreSQL)', () => {
  let t: TestApp;
  let dispatcher: EventDispatcher;
  let writer: WritingSubscriber;
  let flaky: FlakySubscriber;

  beforeAll(async () => {
    t = await startTestApp();
    const repo = t.app.get(EventsRepository);
    writer = new WritingSubscriber(repo);
    flaky = new FlakySubscriber();
    const discovery = { getProviders: () => [writer, flaky].map((instance) => ({ metatype: instance.constructor, instance })) } as unknown as DiscoveryService;
    dispatcher = new EventDispatcher(discovery, new Reflector(), t.app.get(Transactions), repo);
    dispatcher.onModuleInit();
  });
  afterAll(() => t.close());

  const event = (): DomainEvent => ({
    id: randomUUID(),
    type: 'listing.viewed',
    actorId: null,
    entity: null,
    data: { listingId: randomUUID(), name: 'x', code: 'RES-1', ownerId: randomUUID() },
    occurredAt: new Date().toISOString(),
    context: {},
  });
  const effects = async (e: DomainEvent) =>
    (await t.db.select().from(outbox)).filter((r) => (r.data as { listingId?: string }).listingId === e.id).length;

  it('runs each subscriber once per event: a redelivery does nothing twice', async () => {
    flaky.failNext = false;
    const e = event();
    await dispatcher.dispatch(e);
    await dispatcher.dispatch(e);
    expect(await effects(e)).toBe(1);
    expect(writer.runs).toBe(1);
    const records = await t.db.select().from(eventHandled).where(inArray(eventHandled.eventId, [e.id]));
    expect(records.map((r) => r.handler).sort()).toEqual(['test-flaky', 'test-writer']);
  });

  it('a failing subscriber does not stop the others; the retry runs only the one that failed', async () => {
    writer.runs = 0;
    flaky.runs = 0;
    flaky.failNext = true;
    const e = event();
    await expect(dispatcher.dispatch(e)).rejects.toThrow(`Event ${e.id} (listing.viewed) failed in test-flaky`);
    expect(await effects(e)).toBe(1);
    await dispatcher.dispatch(e);
    expect(writer.runs).toBe(1);
    expect(flaky.runs).toBe(2);
    expect(await effects(e)).toBe(1);
  });

  it('a publish inside a unit of work that rolls back leaves no event', async () => {
    const events = t.app.get(EventsService);
    const transactions = t.app.get(Transactions);
    const published: string[] = [];
    await expect(
      transactions.run(async () => {
        const [e] = await events.publish({ type: 'listing.unsaved', actorId: null, entity: null, data: { listingId: randomUUID() } });
        published.push(e.id);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(outbox).where(inArray(outbox.id, published))).toEqual([]);
  });
});
