import { Module } from '@nestjs/common';
import { PoiDensityRepository } from './poi-density.repository';
import { PoiDensityService } from './poi-density.service';

/** Points of interest counted around many places at once (the amenities feature of area rankings), from imported OpenStreetMap data. */
@Module({
  providers: [PoiDensityRepository, PoiDensityService],
  exports: [PoiDensityService],
})
export class PoiDensityModule {}
