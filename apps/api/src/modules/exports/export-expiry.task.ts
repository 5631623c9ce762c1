import { Injectable } from '@nestjs/common';
import { MaintenanceTask, type MaintenanceTaskHandler } from '../../common/events/maintenance';
import { ExportsService } from './exports.service';

/** Every 10 minutes: the files of exports past their day are removed and the exports marked expired. */
@MaintenanceTask({ name: 'export-expiry', everyMs: 10 * 60 * 1000 })
@Injectable()
export class ExportExpiryTask implements MaintenanceTaskHandler {
  constructor(private readonly exports: ExportsService) {}

  run(): Promise<number> {
    return this.exports.expireFiles();
  }
}
