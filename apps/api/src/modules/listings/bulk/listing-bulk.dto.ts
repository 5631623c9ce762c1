import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsUUID } from 'class-validator';

export const BULK_ACTIONS = ['hide', 'show', 'verify', 'unverify', 'remove'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_MAX_IDS = 100;

export class ListingBulkDto {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: BULK_MAX_IDS })
  @IsArray({ message: 'ids must be a list of listing ids' })
  @ArrayMinSize(1, { message: 'ids must name at least one listing' })
  @ArrayMaxSize(BULK_MAX_IDS, { message: `ids must name at most ${BULK_MAX_IDS} listings` })
  @IsUUID('all', { each: true, message: 'each of ids must be a listing id (a UUID)' })
  ids!: string[];

  @ApiProperty({ enum: BULK_ACTIONS })
  @IsIn(BULK_ACTIONS, { message: `action must be one of: ${BULK_ACTIONS.join(', ')}` })
  action!: BulkAction;
}

export class BulkItemResultDto {
  @ApiProperty() id!: string;
  @ApiProperty() ok!: boolean;
  @ApiPropertyOptional({ description: 'Why it failed (the message the single-listing route would give)' }) message?: string;
}

export class ListingBulkResultDto {
  @ApiProperty({ type: [BulkItemResultDto], description: 'One per distinct id, in the order given' }) results!: BulkItemResultDto[];
  @ApiProperty() done!: number;
  @ApiProperty() failed!: number;
}
