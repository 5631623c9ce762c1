import { Module } from '@nestjs/common';
import { ListingsModule } from '../../listings/listings.module';
import { MarketListingsRepository } from './market-listings.repository';
import { MarketListingsService } from './market-listings.service';
import { MarketListingsSubscriber } from './market-listings.subscriber';
import { MarketDailyRefreshTask, MarketRefreshTask } from './market-refresh.task';

/** Listing figures per area: the market life of each listing from its events, price changes, and the figures precomputed per area by the refresh job (`MarketListingsService`, MarketListingsReader). */
@Module({
  imports: [ListingsModule],
  providers: [MarketListingsRepository, MarketListingsService, MarketListingsSubscriber, MarketRefreshTask, MarketDailyRefreshTask],
  exports: [MarketListingsService],
})
export class MarketFiguresModule {}
