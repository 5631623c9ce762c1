import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsUUID } from 'class-validator';
import { CREDIT_ENTRY_KINDS, type CreditEntryKind } from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { PageQueryDto } from '../../../common/http/page-query.dto';

/** What a pool ledger row did, as the team's credits page filters it. */
export const POOL_LEDGER_ACTIONS = ['grant', 'reserve', 'commit', 'refund'] as const;
export type PoolLedgerAction = (typeof POOL_LEDGER_ACTIONS)[number];

/** `?memberId&action&from&to&page&limit` of an enterprise's credit ledger. */
export class PoolLedgerQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "Only this member's spending (reserve, commit, refund)", format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'memberId must be a member id (a UUID)' })
  memberId?: string;

  @ApiPropertyOptional({ enum: POOL_LEDGER_ACTIONS, description: 'grant: credits added to the pool; reserve, commit, refund: members’ spending' })
  @IsOptional()
  @IsIn(POOL_LEDGER_ACTIONS, { message: `action must be one of ${POOL_LEDGER_ACTIONS.join(', ')}` })
  action?: PoolLedgerAction;

  @ApiPropertyOptional({ description: 'From this Philippine day (YYYY-MM-DD, inclusive) or instant (ISO date-time)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be a date (YYYY-MM-DD) or an ISO date-time' })
  from?: string;

  @ApiPropertyOptional({ description: 'To this Philippine day (YYYY-MM-DD, inclusive) or instant (ISO date-time, exclusive)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be a date (YYYY-MM-DD) or an ISO date-time' })
  to?: string;
}

export class PoolMemberRefDto {
  @ApiProperty() _id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
}

export class PoolEntryDto {
  @ApiProperty({ description: 'The ledger row id' }) _id!: string;
  @ApiProperty({ enum: CREDIT_ENTRY_KINDS }) kind!: CreditEntryKind;
  @ApiProperty({ description: 'Credits moved in the pool: positive added, negative taken (a commit moves 0: the reserve took them)' }) amount!: number;
  @ApiProperty({ description: "The pool's balance after this row" }) balanceAfter!: number;
  @ApiProperty({ type: PoolMemberRefDto, nullable: true, description: 'The member who spent (null on credits added to the pool)' })
  member!: PoolMemberRefDto | null;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty({ type: String, nullable: true }) reservationId!: string | null;
  @ApiProperty() createdAt!: string;
}

export class PoolMemberSpendDto {
  @ApiProperty() userId!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ description: 'Credits spent from the pool this calendar month (Asia/Manila): held or committed, refunds excluded' }) spentThisMonth!: number;
  @ApiProperty({ description: 'Credits spent from the pool in the asked window (this month when none)' }) spentInRange!: number;
}

export class PoolAccountDto {
  @ApiProperty() enterpriseId!: string;
  @ApiProperty({ description: "Credits in the team's pool now" }) balance!: number;
  @ApiProperty({ description: 'Credits held from the pool by work in progress (already taken off balance)' }) reserved!: number;
  @ApiProperty({ type: [PoolEntryDto], description: "The pool's ledger, newest first" }) entries!: PoolEntryDto[];
  @ApiProperty({ type: [PoolMemberSpendDto], description: 'Spending by member, the largest in the window first' }) byMember!: PoolMemberSpendDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
