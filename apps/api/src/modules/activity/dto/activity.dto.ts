import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsOptional, IsUUID, MaxLength, ValidateNested, IsString } from 'class-validator';
import { ACTIVITY_KINDS, CLIENT_ACTIVITY_KINDS, type ActivityKind, type ClientActivityKind } from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { PageBodyDto } from '../../../common/http/page-query.dto';

/** Where a member shared a listing. */
export const SHARE_CHANNELS = ['copy_link', 'facebook', 'messenger', 'viber', 'whatsapp', 'x', 'email', 'sms', 'other'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

export class ActivityEntityDto {
  @ApiProperty({ enum: ['listing', 'saved_item', 'thread', 'review'] }) kind!: string;
  @ApiProperty() id!: string;
}

/** An entry of a member's recent activity, in words. */
export class ActivityDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ description: 'Whose history it is' }) userId!: string;
  @ApiProperty({ enum: ACTIVITY_KINDS }) kind!: ActivityKind;
  @ApiProperty({ example: 'Viewed “3BR house in Lahug”' }) title!: string;
  @ApiProperty({ description: 'Where the web app opens it', example: '/listings/…' }) link!: string;
  @ApiProperty({ type: ActivityEntityDto, nullable: true }) entity!: ActivityEntityDto | null;
  @ApiProperty({ description: 'True when the member did it; false when someone did something to their listing' }) byMe!: boolean;
  @ApiProperty({ type: 'object', additionalProperties: true }) data!: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) timestamp!: string;
}

export class ActivityListDto {
  @ApiProperty({ type: [ActivityDto] }) activities!: ActivityDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

/** An activity the web app records itself: only the kinds of CLIENT_ACTIVITY_KINDS (a share). */
export class CreateActivityDto {
  @ApiProperty({ enum: CLIENT_ACTIVITY_KINDS })
  @IsIn(CLIENT_ACTIVITY_KINDS, { message: `kind must be one of: ${CLIENT_ACTIVITY_KINDS.join(', ')} (the others are recorded by the platform)` })
  kind!: ClientActivityKind;

  @ApiProperty({ description: 'The listing shared' })
  @IsUUID('all', { message: 'listingId must be a listing id' })
  listingId!: string;

  @ApiProperty({ enum: SHARE_CHANNELS })
  @IsIn(SHARE_CHANNELS, { message: `channel must be one of: ${SHARE_CHANNELS.join(', ')}` })
  channel!: ShareChannel;
}

export class UpdateActivityDto {
  @ApiProperty() @IsUUID('all', { message: '_id must be an activity id' }) _id!: string;

  @ApiProperty({ enum: SHARE_CHANNELS, description: 'The channel of a share (the only thing a member may correct)' })
  @IsIn(SHARE_CHANNELS, { message: `channel must be one of: ${SHARE_CHANNELS.join(', ')}` })
  channel!: ShareChannel;
}

export class ActivityQueryDto {
  @ApiPropertyOptional({ enum: ACTIVITY_KINDS, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(ACTIVITY_KINDS.length)
  @IsIn(ACTIVITY_KINDS, { each: true, message: `kind must list some of: ${ACTIVITY_KINDS.join(', ')}` })
  kind?: ActivityKind[];

  @ApiPropertyOptional({ description: 'Staff only: one member’s activity' })
  @IsOptional()
  @IsUUID('all', { message: 'userId must be a user id' })
  userId?: string;

  @ApiPropertyOptional({ description: 'Words of the title' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  text?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date or date-time' })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date or date-time' })
  to?: string;
}

export class ActivitySearchDto extends PageBodyDto {
  @ApiPropertyOptional({ type: ActivityQueryDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ActivityQueryDto)
  query?: ActivityQueryDto;
}

export class ClearedActivityDto {
  @ApiProperty({ description: 'How many entries were removed' }) removed!: number;
}
