import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@app/domain';
import { EventSubscriber, type DomainEventHandler } from '../../common/events/event-subscriber';
import type { ProviderState } from './providers/payment-provider';
import { PaymentsService } from './payments.service';

/**
 * Applies the signed webhook notices the webhook route queued (`payment.notice_received`): the move of
 * the payment and its fulfilment commit with the dispatcher's handler record, so a notice is applied
 * once whatever the redeliveries, and the state machine makes a stale or repeated one change nothing.
 */
@EventSubscriber({ name: 'payment-notices', events: ['payment.notice_received'] })
@Injectable()
export class PaymentNoticesSubscriber implements DomainEventHandler {
  constructor(private readonly payments: PaymentsService) {}

  async handle(event: DomainEvent): Promise<void> {
    const e = event as DomainEvent<'payment.notice_received'>;
    if (!e.entity) return;
    await this.payments.applyNotice(e.entity.id, e.data.state as ProviderState);
  }
}
