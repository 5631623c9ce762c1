import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from './common/config/config';
import { ConfigModule } from './common/config/config.module';
import { DatabaseModule } from './common/db/database.module';
import { EventsModule } from './common/events/events.module';
import { loggerParams, resolveLogFormat } from './common/logging/logging';
import { MailModule } from './common/mail/mail.module';
import { QueueModule } from './common/queue/queue.module';
import { RealtimeModule } from './common/realtime/realtime.module';
import { RedisModule } from './common/redis/redis.module';
import { StorageModule } from './common/storage/storage.module';
import { UploadModule } from './common/upload/upload.module';
import { AuthModule } from './modules/auth/auth.module';
import { SocialAuthModule } from './modules/auth/social/social-auth.module';
import { HealthModule } from './modules/health/health.module';
import { UsersModule, UsersWorkerModule } from './modules/users/users.module';
import { ListingsModule } from './modules/listings/listings.module';
import { ListingImportWorkerModule } from './modules/listings/import/listing-import-worker.module';
import { NearbyModule } from './modules/nearby/nearby.module';
import { PlacesModule } from './modules/places/places.module';
import { SavedModule, SavedWorkerModule } from './modules/saved/saved.module';
import { MessagingModule } from './modules/messaging/messaging.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { SeedModule } from './modules/seed/seed.module';
import { CurrencyRatesModule } from './modules/currency-rates/currency-rates.module';
import { AuditModule } from './modules/audit/audit.module';
import { ActivityModule } from './modules/activity/activity.module';
import { CreditsModule } from './modules/credits/credits.module';
import { EnterpriseMembershipModule } from './modules/enterprise/enterprise-membership.module';
import { EnterpriseModule } from './modules/enterprise/enterprise.module';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { PaymentsModule, PaymentsWorkerModule } from './modules/payments/payments.module';
import { ExportsModule, ExportsWorkerModule } from './modules/exports/exports.module';
import { AdminModule } from './modules/admin/admin.module';
import { JobDashboardModule } from './modules/job-dashboard/job-dashboard.module';
import { KycModule } from './modules/kyc/kyc.module';
import { LicencesModule } from './modules/licences/licences.module';
import { MarketDataModule } from './modules/market-data/market-data.module';
import { MarketModule } from './modules/market/market.module';
import { AriaModule, AriaWorkerModule } from './modules/aria/aria.module';

@Module({})
export class AppModule {
  /** The root module for a role: `api` serves HTTP, `worker` runs the queue processors, `all` does both. */
  static forRole(config: AppConfig): DynamicModule {
    const runWorkers = config.role !== 'api';
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(
          loggerParams(config, resolveLogFormat(config.logFormat, { isTty: !!process.stdout.isTTY, ci: config.ci, nodeEnv: config.env })),
        ),
        DatabaseModule,
        RedisModule,
        QueueModule,
        EventsModule.forRole(runWorkers),
        MailModule.forRole(runWorkers),
        StorageModule,
        UploadModule,
        RealtimeModule,
        AuthModule,
        UsersModule,
        ...(runWorkers ? [UsersWorkerModule] : []),
        SocialAuthModule,
        HealthModule,
        PlacesModule,
        NearbyModule,
        ListingsModule,
        ...(runWorkers ? [ListingImportWorkerModule] : []),
        SavedModule,
        ...(runWorkers ? [SavedWorkerModule] : []),
        NotificationsModule,
        MessagingModule,
        CurrencyRatesModule,
        AuditModule,
        ActivityModule,
        EnterpriseMembershipModule,
        EnterpriseModule,
        CreditsModule,
        SubscriptionsModule,
        PaymentsModule,
        ...(runWorkers ? [PaymentsWorkerModule] : []),
        ExportsModule,
        ...(runWorkers ? [ExportsWorkerModule] : []),
        AdminModule,
        JobDashboardModule,
        KycModule,
        LicencesModule,
        MarketDataModule,
        MarketModule,
        AriaModule,
        ...(runWorkers ? [AriaWorkerModule] : []),
        SeedModule,
      ],
    };
  }
}
