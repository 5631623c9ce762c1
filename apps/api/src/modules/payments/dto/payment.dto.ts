import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import {
  BILLING_PERIODS,
  CREDIT_PACK_IDS,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PURCHASABLE_PERIODS,
  SUBSCRIPTION_PLANS,
  type CreditPackId,
  type PaymentMethod,
  type PaymentProviderId,
  type PaymentPurpose,
  type PaymentStatus,
  type PlanId,
  type PurchasablePeriod,
} from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { asQueryList } from '../../../common/http/query-list';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { CurrentSubscriptionDto } from '../../subscriptions/dto/subscription.dto';

const SOLD_PLANS = ['basic', 'premium'] as const;

/** What a payment is for: a plan (basic or premium, monthly or annually) or a credit pack. */
export class CreatePaymentDto {
  @ApiProperty({ enum: PAYMENT_PURPOSES })
  @IsIn(PAYMENT_PURPOSES, { message: `purpose must be one of: ${PAYMENT_PURPOSES.join(', ')}` })
  purpose!: PaymentPurpose;

  @ApiPropertyOptional({ enum: SOLD_PLANS, description: 'purpose subscription' })
  @IsOptional()
  @IsIn(SOLD_PLANS, { message: 'plan must be one of: basic, premium (Enterprise: contact sales)' })
  plan?: 'basic' | 'premium';

  @ApiPropertyOptional({ enum: PURCHASABLE_PERIODS, description: 'purpose subscription' })
  @IsOptional()
  @IsIn(PURCHASABLE_PERIODS, { message: `billingPeriod must be one of: ${PURCHASABLE_PERIODS.join(', ')}` })
  billingPeriod?: PurchasablePeriod;

  @ApiPropertyOptional({ enum: CREDIT_PACK_IDS, description: 'purpose credit_pack' })
  @IsOptional()
  @IsIn(CREDIT_PACK_IDS, { message: `creditPack must be one of: ${CREDIT_PACK_IDS.join(', ')}` })
  creditPack?: CreditPackId;

  @ApiPropertyOptional({ description: 'The same key from the same member answers the same payment (a retried request starts no second checkout)', maxLength: 100 })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_.:-]{8,100}$/, { message: 'idempotencyKey must be 8-100 letters, digits or _ . : -' })
  idempotencyKey?: string;
}

export class UpgradeDto {
  @ApiProperty({ enum: ['free', ...SOLD_PLANS], description: 'free: back to Free when the paid period ends' })
  @IsIn(['free', ...SOLD_PLANS], { message: 'plan must be one of: free, basic, premium (Enterprise: contact sales)' })
  plan!: 'free' | 'basic' | 'premium';

  @ApiPropertyOptional({ enum: PURCHASABLE_PERIODS })
  @IsOptional()
  @IsIn(PURCHASABLE_PERIODS, { message: `billingPeriod must be one of: ${PURCHASABLE_PERIODS.join(', ')}` })
  billingPeriod?: PurchasablePeriod;

  @ApiPropertyOptional({ enum: PAYMENT_METHODS })
  @IsOptional()
  @IsIn(PAYMENT_METHODS, { message: `method must be one of: ${PAYMENT_METHODS.join(', ')}` })
  method?: PaymentMethod;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_.:-]{8,100}$/, { message: 'idempotencyKey must be 8-100 letters, digits or _ . : -' })
  idempotencyKey?: string;
}

export class PaymentQrDto {
  @ApiProperty({ description: 'What the QR code holds (the checkout address a phone opens)' }) payload!: string;
  @ApiProperty({ description: 'The QR code as a PNG data URL' }) image!: string;
}

export class PaymentDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ description: 'Our reference (TH-XXXXX-XXXXX), on the receipt and at the provider' }) reference!: string;
  @ApiProperty({ enum: PAYMENT_PURPOSES }) purpose!: PaymentPurpose;
  @ApiProperty({ enum: SUBSCRIPTION_PLANS, nullable: true }) plan!: PlanId | null;
  @ApiProperty({ enum: BILLING_PERIODS, nullable: true }) billingPeriod!: string | null;
  @ApiProperty({ type: String, nullable: true }) creditPack!: string | null;
  @ApiProperty({ description: 'AI credits it buys (credit packs)' }) credits!: number;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: PAYMENT_METHODS }) method!: PaymentMethod;
  @ApiProperty({ enum: PAYMENT_PROVIDERS }) provider!: PaymentProviderId;
  @ApiProperty({ description: 'The local sandbox: no money moves' }) sandbox!: boolean;
  @ApiProperty({ description: 'Amount charged, in centavos' }) amountCentavos!: number;
  @ApiProperty({ description: 'Taken off the price for the unused part of the current period, in centavos' }) prorationCentavos!: number;
  @ApiProperty({ example: 'PHP' }) currency!: string;
  @ApiProperty({ enum: PAYMENT_STATUSES }) status!: PaymentStatus;
  @ApiProperty({ type: String, nullable: true, description: 'Where to send the member to pay (while open)' }) checkoutUrl!: string | null;
  @ApiProperty({ type: PaymentQrDto, nullable: true, description: 'Maya QR, while open' }) qr!: PaymentQrDto | null;
  @ApiProperty({ type: String, nullable: true }) failureReason!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Official receipt number, once paid' }) receiptNumber!: string | null;
  @ApiProperty() expiresAt!: string;
  @ApiProperty({ type: String, nullable: true }) paidAt!: string | null;
  @ApiProperty() createdAt!: string;
}

export class PaymentListDto {
  @ApiProperty({ type: [PaymentDto] }) payments!: PaymentDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class UpgradeResultDto {
  @ApiProperty({ type: PaymentDto, nullable: true, description: 'The payment to complete (a paid plan)' }) payment!: PaymentDto | null;
  @ApiProperty({ type: CurrentSubscriptionDto, nullable: true, description: 'The plan after a move to Free (set to end)' })
  subscription!: CurrentSubscriptionDto | null;
}

export class PaymentStatusQueryDto {
  @ApiPropertyOptional({ description: 'The payment id' })
  @IsOptional()
  @IsUUID('4', { message: 'id must be a payment id' })
  id?: string;

  @ApiPropertyOptional({ description: 'Or its reference (TH-XXXXX-XXXXX)' })
  @IsOptional()
  @Matches(/^TH-[0-9A-Z]{5}-[0-9A-Z]{5}$/, { message: 'reference must look like TH-XXXXX-XXXXX' })
  reference?: string;
}

export class PaymentListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "Staff: a member's payments" })
  @IsOptional()
  @IsUUID('4', { message: 'userId must be a member id' })
  userId?: string;

  @ApiPropertyOptional({ enum: PAYMENT_STATUSES, isArray: true })
  @IsOptional()
  @Transform(asQueryList)
  @IsIn(PAYMENT_STATUSES, { each: true, message: `status must be one of: ${PAYMENT_STATUSES.join(', ')}` })
  status?: PaymentStatus[];

  @ApiPropertyOptional({ enum: PAYMENT_METHODS, isArray: true, description: 'Staff list only' })
  @IsOptional()
  @Transform(asQueryList)
  @IsIn(PAYMENT_METHODS, { each: true, message: `method must be one of: ${PAYMENT_METHODS.join(', ')}` })
  method?: PaymentMethod[];

  @ApiPropertyOptional({ description: 'Staff list only: an exact reference' })
  @IsOptional()
  @Matches(/^TH-[0-9A-Z]{5}-[0-9A-Z]{5}$/, { message: 'reference must look like TH-XXXXX-XXXXX' })
  reference?: string;

  @ApiPropertyOptional({ description: "Staff list only: part of the payer's name or e-mail", maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  text?: string;
}

export class PaymentMethodDto {
  @ApiProperty({ enum: PAYMENT_METHODS }) method!: PaymentMethod;
  @ApiProperty({ enum: PAYMENT_PROVIDERS }) provider!: PaymentProviderId;
}

export class PaymentMethodsDto {
  @ApiProperty({ type: [PaymentMethodDto] }) methods!: PaymentMethodDto[];
}

export class WebhookAckDto {
  @ApiProperty() received!: boolean;
  @ApiProperty({ description: 'Whether this delivery changed the payment before the answer (notices confirmed with the provider, Maya)' }) applied!: boolean;
  @ApiPropertyOptional({ description: 'A signed notice the payment can act on: queued, applied within moments by the events worker' }) queued?: boolean;
  @ApiPropertyOptional({ description: 'The event was delivered before' }) duplicate?: boolean;
}

export class SandboxCheckoutDto {
  @ApiProperty() checkoutId!: string;
  @ApiProperty() reference!: string;
  @ApiProperty() amountCentavos!: number;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: PAYMENT_METHODS }) method!: PaymentMethod;
  @ApiProperty() payerEmail!: string;
  @ApiProperty({ enum: ['awaiting_action', 'paid', 'failed', 'expired', 'refunded'] }) status!: string;
  @ApiProperty() expiresAt!: string;
  @ApiProperty({ description: 'Where "Back to Tahanan" goes' }) cancelUrl!: string;
}

export class SandboxDecisionDto {
  @ApiProperty({ enum: ['approve', 'decline', 'expire', 'refund'], description: 'refund: a paid checkout refunded or charged back' })
  @IsIn(['approve', 'decline', 'expire', 'refund'], { message: 'decision must be one of: approve, decline, expire, refund' })
  decision!: 'approve' | 'decline' | 'expire' | 'refund';
}

export class SandboxDecisionResultDto {
  @ApiProperty({ description: 'Where to send the tester now (our result page)' }) redirectUrl!: string;
  @ApiProperty({ enum: ['awaiting_action', 'paid', 'failed', 'expired', 'refunded'] }) status!: string;
}
