import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { DomainEvent, DomainEventType } from '@app/domain';
import { Transactions } from '../db/transactions';
import { EVENT_SUBSCRIBER, type DomainEventHandler, type EventSubscriberOptions } from './event-subscriber';
import { EventsRepository } from './events.repository';

interface Subscriber {
  name: string;
  handler: DomainEventHandler;
}

/** Finds the `@EventSubscriber` providers and hands each event to those that handle its type, once each. */
@Injectable()
export class EventDispatcher implements OnModuleInit {
  private readonly logger = new Logger('EventDispatcher');
  private readonly byType = new Map<DomainEventType, Subscriber[]>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly transactions: Transactions,
    private readonly events: EventsRepository,
  ) {}

  onModuleInit(): void {
    const names = new Set<string>();
    for (const wrapper of this.discovery.getProviders()) {
      if (!wrapper.metatype || !wrapper.instance) continue;
      const options = this.reflector.get<EventSubscriberOptions | undefined>(EVENT_SUBSCRIBER, wrapper.metatype as never);
      if (!options) continue;
      if (names.has(options.name)) throw new Error(`Two event subscribers are named ${options.name}`);
      names.add(options.name);
      for (const type of options.events) {
        const list = this.byType.get(type) ?? [];
        list.push({ name: options.name, handler: wrapper.instance as DomainEventHandler });
        this.byType.set(type, list);
      }
    }
  }

  /** The subscribers of a type, by name (tests, health). */
  subscribersOf(type: DomainEventType): string[] {
    return (this.byType.get(type) ?? []).map((s) => s.name);
  }

  /**
   * Hands the event to each of its subscribers that has not handled it yet. A subscriber that fails
   * does not stop the others; the dispatch then throws, and the retry skips those that succeeded.
   */
  async dispatch(event: DomainEvent): Promise<void> {
    const failed: string[] = [];
    for (const subscriber of this.byType.get(event.type) ?? []) {
      try {
        await this.transactions.run(async () => {
          if (!(await this.events.markHandled(subscriber.name, event.id))) return;
          await subscriber.handler.handle(event);
        });
      } catch (err) {
        this.logger.warn(`${subscriber.name} failed on ${event.type} ${event.id}: ${(err as Error).message}`);
        failed.push(subscriber.name);
      }
    }
    if (failed.length) throw new Error(`Event ${event.id} (${event.type}) failed in ${failed.join(', ')}`);
  }
}
