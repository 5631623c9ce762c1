import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditRetention } from './audit-retention';
import { AuditService } from './audit.service';
import { AuditSubscriber } from './audit.subscriber';

/** The audit log: an entry per audited event (AuditSubscriber), staff routes, retention. */
@Module({
  imports: [UsersModule],
  controllers: [AuditController],
  providers: [AuditService, AuditRepository, AuditSubscriber, AuditRetention],
  exports: [AuditService],
})
export class AuditModule {}
