import { Injectable } from '@nestjs/common';
import { MaintenanceTask, type MaintenanceTaskHandler } from '../../common/events/maintenance';
import { KycService } from './kyc.service';

/** Ends approvals past their period or whose ID expired (badge off), every hour. */
@MaintenanceTask({ name: 'kyc-expiry', everyMs: 60 * 60 * 1000 })
@Injectable()
export class KycExpiryTask implements MaintenanceTaskHandler {
  constructor(private readonly kyc: KycService) {}

  run(): Promise<number> {
    return this.kyc.expireDue();
  }
}

/** Withdraws abandoned drafts and resubmission requests and deletes the files of closed submissions past retention, every 6 hours. */
@MaintenanceTask({ name: 'kyc-retention', everyMs: 6 * 60 * 60 * 1000 })
@Injectable()
export class KycRetentionTask implements MaintenanceTaskHandler {
  constructor(private readonly kyc: KycService) {}

  run(): Promise<{ abandoned: number; purged: number }> {
    return this.kyc.enforceRetention();
  }
}
