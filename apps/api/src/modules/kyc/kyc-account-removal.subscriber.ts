import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@app/domain';
import { EventSubscriber, type DomainEventHandler } from '../../common/events/event-subscriber';
import { KycService } from './kyc.service';

/**
 * A removed member's KYC rows go with the account (cascade); this removes their encrypted images from
 * storage (every key under `kyc/<userId>/`). Harmless to repeat.
 */
@EventSubscriber({ name: 'kyc-account-removal', events: ['user.removed'] })
@Injectable()
export class KycAccountRemovalSubscriber implements DomainEventHandler {
  constructor(private readonly kyc: KycService) {}

  async handle(event: DomainEvent): Promise<void> {
    if (event.type !== 'user.removed') return;
    await this.kyc.removeFilesOfUser((event.data as { userId: string }).userId);
  }
}
