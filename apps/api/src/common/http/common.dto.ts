import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class PaginationDto {
  @ApiProperty() currentPage!: number;
  @ApiProperty() itemsOnPage!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() totalItems!: number;
  @ApiProperty() itemsPerPage!: number;
}

export class MessageResponseDto {
  @ApiProperty({ example: 'Done' }) message!: string;
}

/** Why a team member's credit pool could not pay (a 402 for credits of a team member). */
export class PoolRefusalDto {
  @ApiProperty({ enum: ['paused', 'cap', 'balance'], description: 'paused: the member is paused in the team; cap: their monthly cap is reached; balance: the pool is short' })
  why!: 'paused' | 'cap' | 'balance';
  @ApiPropertyOptional({ description: "The member's monthly cap (why cap)" }) cap?: number;
  @ApiPropertyOptional({ description: 'Credits the member used from the pool this month (why cap)' }) spent?: number;
  @ApiPropertyOptional({ description: "The pool's balance (why balance)" }) balance?: number;
}

/** What a 402 answer adds for the web's Upgrade prompt: a feature the plan lacks, or too few AI credits. */
export class UpgradeRequiredDto {
  @ApiProperty({ enum: ['plan', 'credits'] }) reason!: 'plan' | 'credits';
  @ApiPropertyOptional({ description: 'The locked feature (reason plan)' }) entitlement?: string;
  @ApiPropertyOptional({ description: 'Its name, for people' }) feature?: string;
  @ApiPropertyOptional({ description: 'The cheapest plan that includes it' }) requiredPlan?: string;
  @ApiPropertyOptional({ description: "The caller's plan now" }) currentPlan?: string;
  @ApiPropertyOptional({ description: 'Credits the work needs (reason credits)' }) needed?: number;
  @ApiPropertyOptional({ description: 'Credits left (reason credits)' }) remaining?: number;
  @ApiPropertyOptional({ type: PoolRefusalDto, description: "A team member: why the team's pool could not pay (reason credits)" }) pool?: PoolRefusalDto;
}

export class ErrorResponseDto {
  @ApiProperty({ example: 400 }) statusCode!: number;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }) message!: string | string[];
  @ApiProperty({ example: 'Bad Request' }) error!: string;
  @ApiPropertyOptional({ type: UpgradeRequiredDto, description: 'On 402 only' }) upgrade?: UpgradeRequiredDto;
}
