import { Injectable } from '@nestjs/common';
import { MaintenanceTask, type MaintenanceTaskHandler } from '../../common/events/maintenance';
import { SubscriptionsService } from './subscriptions.service';

/** Every minute: starts scheduled periods, ends those past their period (and grace), grants monthly AI credits. */
@MaintenanceTask({ name: 'subscriptions', everyMs: 60 * 1000 })
@Injectable()
export class SubscriptionsTask implements MaintenanceTaskHandler {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  run() {
    return this.subscriptions.advance();
  }
}
