import { forwardRef, Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { ActivityController } from './activity.controller';
import { ActivityRepository } from './activity.repository';
import { ActivityService } from './activity.service';
import { ActivitySubscriber } from './activity.subscriber';

/** Members' recent activity (from events, and shares recorded by the web app). */
@Module({
  imports: [forwardRef(() => ListingsModule)],
  controllers: [ActivityController],
  providers: [ActivityService, ActivityRepository, ActivitySubscriber],
})
export class ActivityModule {}
