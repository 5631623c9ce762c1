import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { EnvelopeEncryption, resolveKycMasterKey } from '../../common/security/envelope-encryption';
import { UsersModule } from '../users/users.module';
import { KycAccountRemovalSubscriber } from './kyc-account-removal.subscriber';
import { KycSubmitLimiter, KycSubmitLimitGuard } from './kyc-submit-limit.guard';
import { KycController } from './kyc.controller';
import { KycRepository } from './kyc.repository';
import { KycService } from './kyc.service';
import { KycExpiryTask, KycRetentionTask } from './kyc.tasks';

/** Identity verification (kyc_submissions, kyc_files, kyc_reviews); the member's summary is the users module's, set through UsersService. */
@Module({
  imports: [UsersModule],
  controllers: [KycController],
  providers: [
    KycService,
    KycRepository,
    KycSubmitLimiter,
    KycSubmitLimitGuard,
    KycExpiryTask,
    KycRetentionTask,
    KycAccountRemovalSubscriber,
    {
      provide: EnvelopeEncryption,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new EnvelopeEncryption(resolveKycMasterKey(config), config.kyc.previousKeys),
    },
  ],
  exports: [KycService],
})
export class KycModule {}
