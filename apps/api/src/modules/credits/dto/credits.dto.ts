import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { CREDIT_ENTRY_KINDS, CREDIT_MAX_MOVE, SUBSCRIPTION_PLANS, type CreditEntryKind } from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { PageQueryDto } from '../../../common/http/page-query.dto';

export class CreditsPageQueryDto extends PageQueryDto {}

export class CreditBalancesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "Part of the member's name or e-mail", maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  text?: string;
}

export class CreditEntryDto {
  @ApiProperty({ description: 'The ledger row id' }) _id!: string;
  @ApiProperty({ enum: CREDIT_ENTRY_KINDS }) kind!: CreditEntryKind;
  @ApiProperty({ description: 'Credits moved: positive added, negative taken (a commit moves 0: the reserve took them)' }) amount!: number;
  @ApiProperty({ description: 'The balance after this row' }) balanceAfter!: number;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty({ type: String, nullable: true }) paymentId!: string | null;
  @ApiProperty({ type: String, nullable: true }) reservationId!: string | null;
  @ApiProperty() createdAt!: string;
}

export class CreditsAccountDto {
  @ApiProperty({ description: "The member's id" }) _id!: string;
  @ApiProperty({ description: 'Credits available now (the User’s credits.remaining)' }) remaining!: number;
  @ApiProperty({ description: 'Credits held by work in progress (already taken off remaining)' }) reserved!: number;
  @ApiProperty({ enum: SUBSCRIPTION_PLANS }) plan!: string;
  @ApiProperty({ description: "Credits the plan adds each month (0 unless the plan is active)" }) monthlyAllowance!: number;
  @ApiProperty({ type: [CreditEntryDto], description: 'The ledger, newest first' }) entries!: CreditEntryDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class CreditBalanceDto {
  @ApiProperty() _id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() remaining!: number;
  @ApiProperty({ enum: SUBSCRIPTION_PLANS }) plan!: string;
}

export class CreditBalanceListDto {
  @ApiProperty({ type: [CreditBalanceDto] }) balances!: CreditBalanceDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

/** A staff adjustment: either `change` or `remaining`, always with a reason (audited). */
export class AdjustCreditsDto {
  @ApiPropertyOptional({ description: 'Credits to add (negative: to take)', minimum: -CREDIT_MAX_MOVE, maximum: CREDIT_MAX_MOVE })
  @IsOptional()
  @IsInt()
  @Min(-CREDIT_MAX_MOVE)
  @Max(CREDIT_MAX_MOVE)
  change?: number;

  @ApiPropertyOptional({ description: 'The new balance', minimum: 0, maximum: CREDIT_MAX_MOVE })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(CREDIT_MAX_MOVE)
  remaining?: number;

  @ApiProperty({ description: 'Why (shown in the ledger and the audit log)', minLength: 3, maxLength: 300 })
  @IsString()
  @Length(3, 300, { message: 'reason must say why, in 3 to 300 characters' })
  reason!: string;
}
