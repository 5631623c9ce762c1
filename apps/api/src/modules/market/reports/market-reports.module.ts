import { Module } from '@nestjs/common';
import { ListingsModule } from '../../listings/listings.module';
import { MarketDataModule } from '../../market-data/market-data.module';
import { PoiDensityModule } from '../../nearby/poi-density.module';
import { PlacesModule } from '../../places/places.module';
import { SubscriptionsModule } from '../../subscriptions/subscriptions.module';
import { MarketAdminModule } from '../admin/market-admin.module';
import { MarketFiguresModule } from '../listing-figures/market-figures.module';
import { MarketReportExportsService } from './market-report-exports.service';
import { MarketReportsController, PropertiesSearchController } from './market-reports.controller';
import { ListingReportGroups } from './listing-report-groups';
import { MarketAreaAnalysisService } from './market-area-analysis.service';
import { MarketAreasService } from './market-areas.service';
import { MarketRankingsService } from './market-rankings.service';
import { MarketReportsService } from './market-reports.service';
import { StatisticsReportGroups } from './statistics-report-groups';
import { PropertiesSearchService } from './properties-search.service';

/** The /bi routes and /properties/search: reports composed from listing figures, public statistics, developments and cost assumptions; report exports. */
@Module({
  imports: [MarketFiguresModule, MarketDataModule, MarketAdminModule, PlacesModule, SubscriptionsModule, ListingsModule, PoiDensityModule],
  controllers: [MarketReportsController, PropertiesSearchController],
  providers: [
    MarketAreasService,
    StatisticsReportGroups,
    MarketRankingsService,
    ListingReportGroups,
    MarketAreaAnalysisService,
    MarketReportsService,
    MarketReportExportsService,
    PropertiesSearchService,
  ],
  exports: [MarketReportsService],
})
export class MarketReportsModule {}
