import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@app/domain';
import { EventSubscriber, type DomainEventHandler } from '../../common/events/event-subscriber';
import { ACTIVITY_EVENTS } from './activity-rules';
import { ActivityService } from './activity.service';

/** Records members' recent activity from events. */
@EventSubscriber({ name: 'activity', events: ACTIVITY_EVENTS })
@Injectable()
export class ActivitySubscriber implements DomainEventHandler {
  constructor(private readonly activity: ActivityService) {}

  async handle(event: DomainEvent): Promise<void> {
    await this.activity.record(event);
  }
}
