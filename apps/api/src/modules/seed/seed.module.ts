import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { PlacesModule } from '../places/places.module';
import { DemoListingsSeeder } from './demo-listings';
import { DemoLegazpiListingsSeeder } from './demo-legazpi-listings';
import { SeedService } from './seed.service';

@Module({ imports: [ListingsModule, PlacesModule], providers: [SeedService, DemoListingsSeeder, DemoLegazpiListingsSeeder], exports: [SeedService, DemoListingsSeeder, DemoLegazpiListingsSeeder] })
export class SeedModule {}
