import { Module } from '@nestjs/common';

/** Public statistics (PSA, BIS/BSP, PNP) and BIR zonal values loaded by importers: `MarketDataService` (MarketDataReader). */
@Module({})
export class MarketDataModule {}
