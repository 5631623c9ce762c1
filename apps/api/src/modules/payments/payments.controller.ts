import { Body, Controller, Get, Headers, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { PAYMENT_PROVIDERS, type PaymentMethod, type PaymentProviderId } from '@app/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public, Roles } from '../../common/auth/decorators';
import type { RawBodyRequest } from '../../common/http/body-parsing';
import { ErrorResponseDto } from '../../common/http/common.dto';
import {
  CreatePaymentDto,
  PaymentDto,
  PaymentListDto,
  PaymentListQueryDto,
  PaymentMethodsDto,
  PaymentStatusQueryDto,
  UpgradeDto,
  UpgradeResultDto,
  WebhookAckDto,
} from './dto/payment.dto';
import { PaymentReceiptsService } from './payment-receipts.service';
import { PaymentsService } from './payments.service';

const uuid = () => new ParseUUIDPipe({ errorHttpStatusCode: 404 });
const created = (what: string) =>
  ApiOkResponse({ type: PaymentDto, description: `A ${what} payment: send the member to checkoutUrl (or show qr), then poll /payment/status` });

/** Payments (spec: /payment/qr/maya, /payment/e-wallet/maya, /payment/e-wallet/gcash, /payment/card/web, /payment/status). */
@ApiTags('payment')
@Controller('payment')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly receipts: PaymentReceiptsService,
  ) {}

  private start(caller: AuthUser, method: PaymentMethod, dto: CreatePaymentDto) {
    return this.payments.create(caller, method, dto);
  }

  @Post('qr/maya')
  @HttpCode(200)
  @created('Maya QR (the answer holds the QR code)')
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'The provider did not answer; nothing was charged' })
  payByMayaQr(@CurrentUser() caller: AuthUser, @Body() dto: CreatePaymentDto): Promise<PaymentDto> {
    return this.start(caller, 'maya_qr', dto);
  }

  @Post('e-wallet/maya')
  @HttpCode(200)
  @created('Maya e-wallet')
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiBadGatewayResponse({ type: ErrorResponseDto })
  payByMayaWallet(@CurrentUser() caller: AuthUser, @Body() dto: CreatePaymentDto): Promise<PaymentDto> {
    return this.start(caller, 'maya_wallet', dto);
  }

  @Post('e-wallet/gcash')
  @HttpCode(200)
  @created('GCash')
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiBadGatewayResponse({ type: ErrorResponseDto })
  payByGcash(@CurrentUser() caller: AuthUser, @Body() dto: CreatePaymentDto): Promise<PaymentDto> {
    return this.start(caller, 'gcash', dto);
  }

  @Post('card/web')
  @HttpCode(200)
  @created('card')
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiBadGatewayResponse({ type: ErrorResponseDto })
  payByCard(@CurrentUser() caller: AuthUser, @Body() dto: CreatePaymentDto): Promise<PaymentDto> {
    return this.start(caller, 'card', dto);
  }

  @Get('status')
  @ApiOkResponse({ type: PaymentDto, description: 'Our record; an open payment not checked for 10 s is first re-checked with its provider' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getPaymentStatus(@CurrentUser() caller: AuthUser, @Query() query: PaymentStatusQueryDto): Promise<PaymentDto> {
    return this.payments.status(caller, query);
  }

  @Get('methods')
  @ApiOkResponse({ type: PaymentMethodsDto, description: 'The methods a member can pay with now, and which provider serves each' })
  getPaymentMethods(): PaymentMethodsDto {
    return this.payments.methods();
  }

  @Get('history')
  @ApiOkResponse({ type: PaymentListDto, description: "The caller's payments, newest first (staff: ?userId)" })
  getPaymentHistory(@CurrentUser() caller: AuthUser, @Query() query: PaymentListQueryDto): Promise<PaymentListDto> {
    return this.payments.history(caller, query);
  }

  @Roles('viewer', 'admin', 'super_admin')
  @Get('get/all')
  @ApiOkResponse({ type: PaymentListDto, description: 'Every payment, newest first' })
  getAllPayments(@Query() query: PaymentListQueryDto): Promise<PaymentListDto> {
    return this.payments.list(query);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentDto, description: 'The member gave up; checked with the provider first (it may be paid already)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  cancelPayment(@CurrentUser() caller: AuthUser, @Param('id', uuid()) id: string): Promise<PaymentDto> {
    return this.payments.cancel(caller, id);
  }

  @Get(':id/receipt')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The official receipt (PDF) of a paid payment', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async getPaymentReceipt(@CurrentUser() caller: AuthUser, @Param('id', uuid()) id: string): Promise<StreamableFile> {
    const { pdf, fileName } = await this.receipts.receipt(caller, id);
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: `attachment; filename="${fileName}"`, length: pdf.length });
  }

  @Public()
  @Post('webhook/:provider')
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookAckDto, description: 'Acknowledged (a repeated event too); the provider stops retrying' })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Bad or old signature' })
  receivePaymentWebhook(
    @Param('provider') provider: string,
    @Req() req: RawBodyRequest,
    @Headers() headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookAckDto> {
    if (!(PAYMENT_PROVIDERS as readonly string[]).includes(provider)) throw new NotFoundException(`No payment provider ${provider}`);
    return this.payments.receiveWebhook(provider as PaymentProviderId, req.rawBody, headers);
  }
}

/** POST /subscription/upgrade (spec): choose a plan, a period and a method; the plan changes when the payment succeeds. */
@ApiTags('subscription')
@Controller('subscription')
export class SubscriptionUpgradeController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('upgrade')
  @HttpCode(200)
  @ApiOkResponse({ type: UpgradeResultDto, description: 'A paid plan: the payment to complete. Free: the plan set to end with its period' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  upgradeSubscription(@CurrentUser() caller: AuthUser, @Body() dto: UpgradeDto): Promise<UpgradeResultDto> {
    return this.payments.upgrade(caller, dto);
  }
}
