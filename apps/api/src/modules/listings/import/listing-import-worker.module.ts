import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings.module';
import { ListingImportProcessor } from './listing-import.processor';

/** The listing import jobs (roles with workers; app.module.ts). */
@Module({ imports: [ListingsModule], providers: [ListingImportProcessor] })
export class ListingImportWorkerModule {}
