import { Injectable } from '@nestjs/common';
import { DOMAIN_EVENT_TYPES, EVENT_AUDIT_SEVERITY, type DomainEvent } from '@app/domain';
import { EventSubscriber, type DomainEventHandler } from '../../common/events/event-subscriber';
import { AuditService } from './audit.service';

/** The audited event types: those with a severity in EVENT_AUDIT_SEVERITY. */
export const AUDITED_EVENT_TYPES = DOMAIN_EVENT_TYPES.filter((t) => EVENT_AUDIT_SEVERITY[t] !== null);

/** Writes an audit entry for every audited event. */
@EventSubscriber({ name: 'audit', events: AUDITED_EVENT_TYPES })
@Injectable()
export class AuditSubscriber implements DomainEventHandler {
  constructor(private readonly audit: AuditService) {}

  async handle(event: DomainEvent): Promise<void> {
    await this.audit.record(event);
  }
}
