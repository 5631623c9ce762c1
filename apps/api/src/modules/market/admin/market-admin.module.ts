import { Module } from '@nestjs/common';
import { NearbyModule } from '../../nearby/nearby.module';
import { PlacesModule } from '../../places/places.module';
import { MarketDataModule } from '../../market-data/market-data.module';
import { MarketFiguresModule } from '../listing-figures/market-figures.module';
import { MarketMapService } from './market-map.service';
import { SubscriptionsModule } from '../../subscriptions/subscriptions.module';
import { MarketAdminController } from './market-admin.controller';
import { MarketCostAssumptionsRepository } from './market-cost-assumptions.repository';
import { MarketCostAssumptionsService } from './market-cost-assumptions.service';
import { MarketDevelopmentsRepository } from './market-developments.repository';
import { MarketDevelopmentsService } from './market-developments.service';

/** What staff keep for the reports (development projects, cost assumptions) and the map data (amenities, barangay boundaries). */
@Module({
  imports: [PlacesModule, SubscriptionsModule, NearbyModule, MarketFiguresModule, MarketDataModule],
  controllers: [MarketAdminController],
  providers: [MarketMapService, MarketDevelopmentsService, MarketDevelopmentsRepository, MarketCostAssumptionsService, MarketCostAssumptionsRepository],
  exports: [MarketDevelopmentsService, MarketCostAssumptionsService, MarketMapService],
})
export class MarketAdminModule {}
