import { Module } from '@nestjs/common';
import { NearbyRepository } from './nearby.repository';
import { NearbyService } from './nearby.service';

/** Points of interest near a place (the listing page's "areas nearby"), from imported OpenStreetMap data. */
@Module({
  providers: [NearbyRepository, NearbyService],
  exports: [NearbyService],
})
export class NearbyModule {}
