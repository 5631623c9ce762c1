import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { ListingsModule } from '../listings/listings.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { PlacesModule } from '../places/places.module';
import { DemoListingsSeeder } from './demo-listings';
import { DemoLegazpiListingsSeeder } from './demo-legazpi-listings';
import { DemoMarketHistorySeeder } from './demo-market-history';
import { MarketFiguresModule } from '../market/listing-figures/market-figures.module';
import { SeedService } from './seed.service';

@Module({ imports: [ListingsModule, PlacesModule, CreditsModule, SubscriptionsModule, MarketFiguresModule], providers: [SeedService, DemoListingsSeeder, DemoLegazpiListingsSeeder, DemoMarketHistorySeeder], exports: [SeedService, DemoListingsSeeder, DemoLegazpiListingsSeeder] })
export class SeedModule {}
