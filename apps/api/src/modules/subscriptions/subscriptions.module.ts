import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { UsersModule } from '../users/users.module';
import { EntitlementGuard } from './entitlements';
import { SubscriptionHistoryController, SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsRepository } from './subscriptions.repository';
import { SubscriptionsService } from './subscriptions.service';
import { SubscriptionsTask } from './subscriptions.task';

/** Plans and subscriptions (table subscriptions), the `@Entitled` guard, and the task that starts and ends periods. */
@Module({
  imports: [UsersModule, CreditsModule],
  controllers: [SubscriptionsController, SubscriptionHistoryController],
  providers: [SubscriptionsService, SubscriptionsRepository, SubscriptionsTask, EntitlementGuard],
  exports: [SubscriptionsService, EntitlementGuard],
})
export class SubscriptionsModule {}
