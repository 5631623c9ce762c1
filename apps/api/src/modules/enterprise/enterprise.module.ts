import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { ListingsModule } from '../listings/listings.module';
import { MessagingModule } from '../messaging/messaging.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { UsersModule } from '../users/users.module';
import { EnterpriseController } from './enterprise.controller';
import { EnterpriseRepository } from './enterprise.repository';
import { EnterpriseService } from './enterprise.service';

/**
 * Enterprise accounts (tables enterprises, enterprise_members, enterprise_invites). It calls the
 * credits (pools), listings (team listings), messaging (threads) and users modules; none of them
 * imports it: they learn a member's team through ports that EnterpriseMembershipModule provides.
 */
@Module({
  imports: [UsersModule, SubscriptionsModule, CreditsModule, ListingsModule, MessagingModule],
  controllers: [EnterpriseController],
  providers: [EnterpriseService, EnterpriseRepository],
})
export class EnterpriseModule {}
