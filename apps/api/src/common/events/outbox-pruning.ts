import { Injectable } from '@nestjs/common';
import { EventsRepository } from './events.repository';
import { MaintenanceTask, type MaintenanceTaskHandler } from './maintenance';

/** How long relayed events and the handlers' records are kept (a redelivery is only possible within minutes). */
export const OUTBOX_KEEP_DAYS = 7;

@MaintenanceTask({ name: 'outbox-pruning', everyMs: 60 * 60 * 1000 })
@Injectable()
export class OutboxPruning implements MaintenanceTaskHandler {
  constructor(private readonly events: EventsRepository) {}

  run(): Promise<{ events: number; handled: number }> {
    return this.events.prune(new Date(Date.now() - OUTBOX_KEEP_DAYS * 24 * 3600 * 1000));
  }
}
