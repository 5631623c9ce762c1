import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Queue } from 'bullmq';
import { Public } from '../../common/auth/decorators';
import { ErrorResponseDto } from '../../common/http/common.dto';
import { QUEUES } from '../../common/queue/queues';
import { SandboxCheckoutDto, SandboxDecisionDto, SandboxDecisionResultDto } from './dto/payment.dto';
import { PaymentProviders } from './providers/payment-providers';
import type { SandboxWebhookJob } from './sandbox-webhook.processor';

/**
 * The sandbox provider's own side (what PayMongo's hosted page is for a real payment): the checkout
 * page of the web app (`/sandbox-checkout/{id}`) reads the checkout and sends the tester's decision.
 * Public like a provider's page: the checkout id (96 random bits) is the key. 404 when the sandbox is off.
 */
@ApiTags('payment')
@Controller('payment/sandbox')
export class PaymentSandboxController {
  constructor(
    private readonly providers: PaymentProviders,
    @InjectQueue(QUEUES.paymentSandboxWebhooks) private readonly webhooks: Queue<SandboxWebhookJob>,
  ) {}

  private get sandbox() {
    if (!this.providers.sandbox) throw new NotFoundException('The payment sandbox is off');
    return this.providers.sandbox;
  }

  @Public()
  @Get(':checkoutId')
  @ApiOkResponse({ type: SandboxCheckoutDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async getSandboxCheckout(@Param('checkoutId') checkoutId: string): Promise<SandboxCheckoutDto> {
    const c = await this.sandbox.checkout(checkoutId);
    if (!c) throw new NotFoundException('No such sandbox checkout (it may have been a week ago)');
    const expired = c.status === 'awaiting_action' && Date.parse(c.expiresAt) <= Date.now();
    return {
      checkoutId: c.checkoutId,
      reference: c.reference,
      amountCentavos: c.amountCentavos,
      description: c.description,
      method: c.method,
      payerEmail: c.payerEmail,
      status: expired ? 'expired' : c.status,
      expiresAt: c.expiresAt,
      cancelUrl: c.cancelUrl,
    };
  }

  @Public()
  @Post(':checkoutId/decide')
  @HttpCode(200)
  @ApiOkResponse({ type: SandboxDecisionResultDto, description: 'Recorded (the first decision stands); the webhook is on its way' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async decideSandboxCheckout(@Param('checkoutId') checkoutId: string, @Body() dto: SandboxDecisionDto): Promise<SandboxDecisionResultDto> {
    const decided = await this.sandbox.decide(checkoutId, dto.decision);
    if (!decided) throw new NotFoundException('No such sandbox checkout');
    if (decided.webhook) {
      await this.webhooks.add('deliver', decided.webhook, { attempts: 10, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: 1000 });
    }
    const c = decided.checkout;
    return { redirectUrl: c.status === 'paid' || c.status === 'refunded' ? c.successUrl : c.cancelUrl.replace('&cancelled=1', ''), status: c.status };
  }
}
