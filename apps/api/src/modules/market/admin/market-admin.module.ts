import { Module } from '@nestjs/common';
import { PlacesModule } from '../../places/places.module';
import { SubscriptionsModule } from '../../subscriptions/subscriptions.module';
import { MarketAdminController } from './market-admin.controller';
import { MarketCostAssumptionsRepository } from './market-cost-assumptions.repository';
import { MarketCostAssumptionsService } from './market-cost-assumptions.service';
import { MarketDevelopmentsRepository } from './market-developments.repository';
import { MarketDevelopmentsService } from './market-developments.service';

/** What staff keep for the reports (development projects, cost assumptions) and the map data (amenities, barangay boundaries). */
@Module({
  imports: [PlacesModule, SubscriptionsModule],
  controllers: [MarketAdminController],
  providers: [MarketDevelopmentsService, MarketDevelopmentsRepository, MarketCostAssumptionsService, MarketCostAssumptionsRepository],
  exports: [MarketDevelopmentsService, MarketCostAssumptionsService],
})
export class MarketAdminModule {}
