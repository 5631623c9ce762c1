import { Injectable } from '@nestjs/common';
import { MaintenanceTask, type MaintenanceTaskHandler } from '../../common/events/maintenance';
import { LicencesService } from './licences.service';

/** Every 10 minutes: approved licences whose validity ended before today (Asia/Manila) expire, and their badge goes. */
@MaintenanceTask({ name: 'licence-expiry', everyMs: 10 * 60 * 1000 })
@Injectable()
export class LicenceExpiryTask implements MaintenanceTaskHandler {
  constructor(private readonly licences: LicencesService) {}

  run(): Promise<number> {
    return this.licences.expireEnded();
  }
}
