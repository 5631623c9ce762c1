import { Module } from '@nestjs/common';
import { ListingsModule } from '../../listings/listings.module';
import { MarketDataModule } from '../../market-data/market-data.module';
import { PlacesModule } from '../../places/places.module';
import { SubscriptionsModule } from '../../subscriptions/subscriptions.module';
import { MarketAdminModule } from '../admin/market-admin.module';
import { MarketFiguresModule } from '../listing-figures/market-figures.module';
import { MarketReportExportsService } from './market-report-exports.service';
import { MarketReportsController, PropertiesSearchController } from './market-reports.controller';
import { MarketReportsService } from './market-reports.service';
import { PropertiesSearchService } from './properties-search.service';

/** The /bi routes and /properties/search: reports composed from listing figures, public statistics, developments and cost assumptions; report exports. */
@Module({
  imports: [MarketFiguresModule, MarketDataModule, MarketAdminModule, PlacesModule, SubscriptionsModule, ListingsModule],
  controllers: [MarketReportsController, PropertiesSearchController],
  providers: [MarketReportsService, MarketReportExportsService, PropertiesSearchService],
  exports: [MarketReportsService],
})
export class MarketReportsModule {}
