import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { ListingsModule } from '../listings/listings.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { PlacesModule } from '../places/places.module';
import { DemoListingsSeeder } from './demo-listings';
import { DemoLegazpiListingsSeeder } from './demo-legazpi-listings';
import { SeedService } from './seed.service';

@Module({ imports: [ListingsModule, PlacesModule, CreditsModule, SubscriptionsModule], providers: [SeedService, DemoListingsSeeder, DemoLegazpiListingsSeeder], exports: [SeedService, DemoListingsSeeder, DemoLegazpiListingsSeeder] })
export class SeedModule {}
