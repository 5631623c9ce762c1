import { Module } from '@nestjs/common';

/** What staff keep for the reports (development projects, cost assumptions) and the map data (amenities, barangay boundaries). */
@Module({})
export class MarketAdminModule {}
