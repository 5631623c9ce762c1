import { Module } from '@nestjs/common';
import { GeocodingService, geocoderProvider, LocalGeocoder } from './geocoder';
import { PlacesController } from './places.controller';
import { PlacesRepository } from './places.repository';
import { PlacesService } from './places.service';

/** PSGC places: the address-picker routes, and address resolution for other modules. */
@Module({
  controllers: [PlacesController],
  providers: [PlacesService, PlacesRepository, LocalGeocoder, geocoderProvider, GeocodingService],
  exports: [PlacesService],
})
export class PlacesModule {}
