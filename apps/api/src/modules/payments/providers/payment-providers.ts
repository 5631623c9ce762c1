import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type Redis from 'ioredis';
import { PAYMENT_METHOD_LABELS, type PaymentMethod, type PaymentProviderId } from '@app/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { InjectRedis } from '../../../common/redis/redis.module';
import { MayaProvider } from './maya.provider';
import type { PaymentProvider } from './payment-provider';
import { PaymongoProvider } from './paymongo.provider';
import { SandboxProvider } from './sandbox.provider';

/**
 * The configured providers and which one serves each method: Maya QR and Maya e-wallet go to Maya
 * Checkout when its keys are set, else PayMongo (QR Ph, `paymaya`); GCash and cards to PayMongo; any
 * method without a real provider to the sandbox when it is on, else the method is not offered (503).
 */
@Injectable()
export class PaymentProviders {
  readonly sandbox: SandboxProvider | null;
  private readonly paymongo: PaymongoProvider | null;
  private readonly maya: MayaProvider | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @InjectRedis() redis: Redis) {
    const p = config.payments;
    this.sandbox = p.sandbox
      ? new SandboxProvider({ redis, keyPrefix: config.redis.prefix, appUrl: config.appUrl, secret: p.sandboxSecret, toleranceSeconds: p.webhookToleranceSeconds })
      : null;
    this.paymongo = p.paymongo ? new PaymongoProvider({ ...p.paymongo, timeoutMs: p.providerTimeoutMs, toleranceSeconds: p.webhookToleranceSeconds }) : null;
    this.maya = p.maya ? new MayaProvider({ ...p.maya, timeoutMs: p.providerTimeoutMs }) : null;
  }

  /** The provider a new payment by this method goes to; 503 when none is set up. */
  forMethod(method: PaymentMethod): PaymentProvider {
    const real = method === 'maya_qr' || method === 'maya_wallet' ? (this.maya ?? this.paymongo) : this.paymongo;
    const provider = real ?? this.sandbox;
    if (!provider) throw new ServiceUnavailableException(`${PAYMENT_METHOD_LABELS[method]} payments are not set up yet: choose another method`);
    return provider;
  }

  /** The methods a member can pay with now, and whether each is the sandbox. */
  methods(): Array<{ method: PaymentMethod; provider: PaymentProviderId }> {
    return (['maya_qr', 'maya_wallet', 'gcash', 'card'] as const).flatMap((method) => {
      try {
        return [{ method, provider: this.forMethod(method).id }];
      } catch {
        return [];
      }
    });
  }

  /** The provider that made a payment (its webhooks, status checks); null when it is no longer configured. */
  byId(id: PaymentProviderId): PaymentProvider | null {
    return id === 'sandbox' ? this.sandbox : id === 'paymongo' ? this.paymongo : this.maya;
  }
}
