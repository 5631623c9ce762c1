import { Module } from '@nestjs/common';

/** The /bi routes and /properties/search: reports composed from listing figures, public statistics, developments and cost assumptions; report exports. */
@Module({})
export class MarketReportsModule {}
