import { DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventDispatcher } from './event-dispatcher';
import { EventsRepository } from './events.repository';
import { EventsService } from './events.service';
import { EventsWorker } from './events.worker';
import { MaintenanceRunner } from './maintenance';
import { OutboxPruning } from './outbox-pruning';
import { OutboxRelay } from './outbox-relay';

/**
 * Domain events (global): every role publishes (EventsService) and relays (OutboxRelay); the roles
 * that run workers also dispatch events to the subscribers and run the maintenance tasks.
 */
@Global()
@Module({})
export class EventsModule {
  static forRole(runWorkers: boolean): DynamicModule {
    return {
      module: EventsModule,
      imports: [DiscoveryModule],
      providers: [
        EventsRepository,
        EventsService,
        OutboxRelay,
        ...(runWorkers ? [EventDispatcher, EventsWorker, MaintenanceRunner, OutboxPruning] : []),
      ],
      exports: [EventsService, OutboxRelay, ...(runWorkers ? [EventDispatcher, MaintenanceRunner] : [])],
    };
  }
}
