import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ListingsModule } from '../listings/listings.module';
import { UsersModule } from '../users/users.module';
import { ExportExpiryTask } from './export-expiry.task';
import { ExportSources } from './export-sources';
import { AuditExportController, ExportJobsController, ListingExportController, UserExportController } from './exports.controller';
import { ExportsRepository } from './exports.repository';
import { ExportsService } from './exports.service';
import { ExportsWorker } from './exports.worker';

/** Exports of the users, listings and audit tables to CSV and PDF (table export_jobs); rows read through their modules' services. */
@Module({
  imports: [UsersModule, ListingsModule, AuditModule],
  controllers: [UserExportController, ListingExportController, AuditExportController, ExportJobsController],
  providers: [ExportsService, ExportsRepository, ExportSources, ExportExpiryTask],
  exports: [ExportsService],
})
export class ExportsModule {}

/** The `exports` queue's worker (roles with workers). */
@Module({
  imports: [ExportsModule],
  providers: [ExportsWorker],
})
export class ExportsWorkerModule {}
