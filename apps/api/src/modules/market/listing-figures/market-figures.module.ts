import { Module } from '@nestjs/common';

/** Listing figures per area: the market life of each listing from its events, price changes, and the figures precomputed per area by the refresh job (`MarketListingsService`, MarketListingsReader). */
@Module({})
export class MarketFiguresModule {}
