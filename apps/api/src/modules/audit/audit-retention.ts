import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { MaintenanceTask, type MaintenanceTaskHandler } from '../../common/events/maintenance';
import { AuditService } from './audit.service';

/** Prunes audit entries older than AUDIT_RETENTION_DAYS (default two years), every six hours. */
@MaintenanceTask({ name: 'audit-retention', everyMs: 6 * 60 * 60 * 1000 })
@Injectable()
export class AuditRetention implements MaintenanceTaskHandler {
  constructor(
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  run(): Promise<number> {
    return this.audit.prune(this.config.auditRetentionDays);
  }
}
