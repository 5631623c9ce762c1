import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { forwardRef, Module } from '@nestjs/common';
import { MessagingModule } from '../messaging/messaging.module';
import { NearbyModule } from '../nearby/nearby.module';
import { PlacesModule } from '../places/places.module';
import { SavedModule } from '../saved/saved.module';
import { GuestViews } from './guest-views';
import { ListingCountCache } from './listing-count-cache';
import { ListingAccountRemoval } from './listing-account-removal';
import { ListingOwnerStatusSubscriber } from './listing-owner-status.subscriber';
import { ListingCountInvalidation } from './listing-count-invalidation.subscriber';
import { ListingMediaService } from './listing-media.service';
import { ListingOwnerGuard } from './listing-owner.guard';
import { ListingMapController } from './listing-map.controller';
import { ListingMapRepository } from './listing-map.repository';
import { ListingMapService } from './listing-map.service';
import { ListingsController } from './listings.controller';
import { ListingsRepository } from './listings.repository';
import { ListingsService } from './listings.service';
import { ListingWordsService } from './listing-words.service';
import { ListingSearchIndexRepository } from './search-index/listing-search-index.repository';
import { ListingSearchIndexService } from './search-index/listing-search-index.service';
import { UsersModule } from '../users/users.module';
import { ListingReportsController } from './reports/listing-reports.controller';
import { ListingReportsRepository } from './reports/listing-reports.repository';
import { ListingReportsService } from './reports/listing-reports.service';
import { ListingBulkController } from './bulk/listing-bulk.controller';
import { ListingBulkService } from './bulk/listing-bulk.service';
import { ListingImportController } from './import/listing-import.controller';
import { ListingImportRepository } from './import/listing-import.repository';
import { ListingImportService } from './import/listing-import.service';
import { ListingTeamRepository } from './team/listing-team.repository';
import { ListingTeamService } from './team/listing-team.service';

@Module({
  imports: [PlacesModule, NearbyModule, SubscriptionsModule, UsersModule, forwardRef(() => SavedModule), forwardRef(() => MessagingModule)],
  controllers: [ListingsController, ListingMapController, ListingReportsController, ListingBulkController, ListingImportController],
  providers: [ListingSearchIndexService, ListingSearchIndexRepository, ListingsService, ListingWordsService, ListingMapService, ListingMapRepository, ListingsRepository, ListingMediaService, ListingCountCache, ListingCountInvalidation, ListingOwnerStatusSubscriber, ListingAccountRemoval, GuestViews, ListingOwnerGuard, ListingReportsRepository, ListingReportsService, ListingBulkService, ListingImportService, ListingImportRepository, ListingTeamService, ListingTeamRepository],
  exports: [ListingsService, ListingMediaService, ListingCountCache, ListingSearchIndexService, ListingImportService, ListingTeamService],
})
export class ListingsModule {}
