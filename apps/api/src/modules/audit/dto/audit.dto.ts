import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { AUDIT_SEVERITIES, DOMAIN_EVENT_TYPES, ENTITY_KINDS, type AuditSeverity, type EntityKind } from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { PageBodyDto } from '../../../common/http/page-query.dto';

export const AUDIT_SORTS = ['-timestamp', 'timestamp'] as const;

export class AuditActorDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ nullable: true, type: String, description: 'Their name when the entry was written' }) name!: string | null;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
}

export class AuditEntityDto {
  @ApiProperty({ enum: ENTITY_KINDS }) kind!: EntityKind;
  @ApiProperty() id!: string;
}

/** The spec's audit log entry (user, type, severity, entity, description, timestamp) and the request it came from. */
export class AuditEntryDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ type: AuditActorDto, nullable: true, description: 'Who did it (null: the system, or someone not signed in)' })
  user!: AuditActorDto | null;
  @ApiProperty({ description: 'The event type, e.g. user.role_changed' }) type!: string;
  @ApiProperty({ enum: AUDIT_SEVERITIES }) severity!: AuditSeverity;
  @ApiProperty({ type: AuditEntityDto, nullable: true }) entity!: AuditEntityDto | null;
  @ApiProperty() description!: string;
  @ApiProperty({ format: 'date-time' }) timestamp!: string;
  @ApiProperty({ nullable: true, type: String }) ip!: string | null;
  @ApiProperty({ nullable: true, type: String }) userAgent!: string | null;
  @ApiProperty({ nullable: true, type: String }) requestId!: string | null;
}

export class AuditListDto {
  @ApiProperty({ type: [AuditEntryDto] }) entries!: AuditEntryDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
  @ApiProperty({ description: 'True when totalItems is an estimate (more than 10,000 matches)' }) totalIsEstimate!: boolean;
}

export class AuditEntityFilterDto {
  @ApiProperty({ enum: ENTITY_KINDS }) @IsIn(ENTITY_KINDS, { message: `kind must be one of: ${ENTITY_KINDS.join(', ')}` }) kind!: EntityKind;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) id?: string;
}

/** What an audit search matches: every field given must hold (types and severities: any of those listed). */
export class AuditQueryDto {
  @ApiPropertyOptional({
    description:
      'Words of the description or the actor’s name or e-mail: each must appear as a whole word; when that matches nothing, the last word also matches the words it begins ("Dela Cru" finds "Dela Cruz")',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  text?: string;

  @ApiPropertyOptional({ enum: DOMAIN_EVENT_TYPES, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(DOMAIN_EVENT_TYPES.length)
  @IsIn(DOMAIN_EVENT_TYPES, { each: true, message: 'type must list event types such as user.role_changed' })
  type?: string[];

  @ApiPropertyOptional({ enum: AUDIT_SEVERITIES, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(AUDIT_SEVERITIES.length)
  @IsIn(AUDIT_SEVERITIES, { each: true, message: `severity must list some of: ${AUDIT_SEVERITIES.join(', ')}` })
  severity?: AuditSeverity[];

  @ApiPropertyOptional({ description: 'The actor’s user id' })
  @IsOptional()
  @IsUUID('all', { message: 'actor must be a user id (a UUID)' })
  actor?: string;

  @ApiPropertyOptional({ type: AuditEntityFilterDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => AuditEntityFilterDto)
  entity?: AuditEntityFilterDto;

  @ApiPropertyOptional({ format: 'date-time', description: 'From this time (inclusive)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date or date-time' })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Before this time (exclusive)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date or date-time' })
  to?: string;
}

export class AuditSearchDto extends PageBodyDto {
  @ApiPropertyOptional({ type: AuditQueryDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => AuditQueryDto)
  query?: AuditQueryDto;

  @ApiPropertyOptional({ enum: AUDIT_SORTS, default: '-timestamp' })
  @IsOptional()
  @IsIn(AUDIT_SORTS, { message: `sort must be one of: ${AUDIT_SORTS.join(', ')}` })
  sort?: (typeof AUDIT_SORTS)[number];
}

export class AuditFilterDto {
  @ApiPropertyOptional({ type: AuditQueryDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => AuditQueryDto)
  query?: AuditQueryDto;
}

export class AuditFacetCountDto {
  @ApiProperty() value!: string;
  @ApiProperty() count!: number;
}

/** Facet counts of the entries a query matches: per type, per severity, per day (UTC, newest first, at most 90). */
export class AuditFacetsDto {
  @ApiProperty({ type: [AuditFacetCountDto] }) type!: AuditFacetCountDto[];
  @ApiProperty({ type: [AuditFacetCountDto] }) severity!: AuditFacetCountDto[];
  @ApiProperty({ type: [AuditFacetCountDto] }) day!: AuditFacetCountDto[];
  @ApiProperty({ description: 'The entries counted' }) total!: number;
  @ApiProperty({
    nullable: true,
    type: Number,
    description:
      'Null: the counts cover every match. A number: the query has an actor, an entity or common words, and its other filters select more entries than this; the counts cover the newest this many of those (and, with words, the ones that have them)',
  })
  limitedToNewest!: number | null;
}
