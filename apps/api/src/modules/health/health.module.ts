import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { HealthController } from './health.controller';

@Module({ imports: [ListingsModule], controllers: [HealthController] })
export class HealthModule {}
