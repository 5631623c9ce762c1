import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { UsersModule } from '../users/users.module';
import { PaymentExpiryTask } from './payment-expiry.task';
import { PaymentNoticesSubscriber } from './payment-notices.subscriber';
import { PaymentReceiptsService } from './payment-receipts.service';
import { PaymentSandboxController } from './payment-sandbox.controller';
import { PaymentsController, SubscriptionUpgradeController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { PaymentProviders } from './providers/payment-providers';
import { SandboxWebhookProcessor } from './sandbox-webhook.processor';

/** Payments (tables payments, payment_webhook_events): providers, webhooks, receipts; fulfilment through subscriptions and credits. */
@Module({
  imports: [UsersModule, CreditsModule, SubscriptionsModule],
  controllers: [PaymentsController, SubscriptionUpgradeController, PaymentSandboxController],
  providers: [PaymentsService, PaymentsRepository, PaymentProviders, PaymentReceiptsService, PaymentExpiryTask, PaymentNoticesSubscriber],
  exports: [PaymentsService],
})
export class PaymentsModule {}

/** The sandbox's webhook deliveries (roles with workers). */
@Module({
  providers: [SandboxWebhookProcessor],
})
export class PaymentsWorkerModule {}
