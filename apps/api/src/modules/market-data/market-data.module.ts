import { Module } from '@nestjs/common';
import { PlacesModule } from '../places/places.module';
import { MarketDataRepository } from './market-data.repository';
import { MarketDataService } from './market-data.service';

/** Public statistics (PSA, BIS/BSP, PNP) and BIR zonal values loaded by importers: `MarketDataService` (MarketDataReader). */
@Module({
  imports: [PlacesModule],
  providers: [MarketDataService, MarketDataRepository],
  exports: [MarketDataService],
})
export class MarketDataModule {}
