import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { PAGINATION } from '@app/domain';
import { LimitNumber, PageNumber } from '../../../common/http/whole-number';

export const MAX_MESSAGE_LENGTH = 5000;
export const MESSAGE_MAX_LIMIT = 100;
/** A sender's own token for a send (its optimistic message's temporary id): echoed back, never stored. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const CLIENT_ID_INVALID = "clientId must be 1 to 64 letters, digits, '-' or '_'";

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
/** A query-string boolean: 'true'/'1' and 'false'/'0' (anything else is left for IsBoolean to refuse). */
const queryBoolean = () =>
  Transform(({ value }) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value));

export class CreateThreadDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The member to talk to; defaults to the owner of `listingId`' })
  @IsOptional()
  @IsUUID('all', { message: 'participantId must be a user id' })
  participantId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The listing the conversation is about' })
  @IsOptional()
  @IsUUID('all', { message: 'listingId must be a listing id' })
  listingId?: string;
}

export class PageQueryDto {
  @ApiPropertyOptional({ type: Number, default: 1, minimum: 1, maximum: PAGINATION.maxPage })
  @IsOptional()
  @PageNumber({ query: true })
  page?: number;

  @ApiPropertyOptional({
    type: Number,
    default: PAGINATION.messagePageSize,
    minimum: 1,
    maximum: PAGINATION.maxLimitParam,
    description: `Items per page (more than ${MESSAGE_MAX_LIMIT} is served as ${MESSAGE_MAX_LIMIT})`,
  })
  @IsOptional()
  @LimitNumber({ query: true })
  limit?: number;
}

export class ThreadListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'false: threads not archived by the caller; true: only archived ones' })
  @IsOptional()
  @queryBoolean()
  @IsBoolean({ message: 'archived must be true or false' })
  archived?: boolean;
}

export class ArchiveThreadDto {
  @ApiPropertyOptional({ type: Boolean, default: true, description: 'false takes the thread out of the archive' })
  @IsOptional()
  @IsBoolean({ message: 'archived must be true or false' })
  archived?: boolean;
}

/**
 * A message: JSON `{ content, attachments: [] }`, or multipart/form-data with `content`, the files in
 * the repeated field `attachments` and optionally `attachmentsJson` (their metadata, in file order).
 */
export class SendMessageDto {
  @ApiPropertyOptional({ maxLength: MAX_MESSAGE_LENGTH, description: 'Plain text (trimmed; stored and returned as sent, never turned into markup)' })
  @IsOptional()
  @trim()
  @IsString({ message: 'content must be text' })
  @MaxLength(MAX_MESSAGE_LENGTH, { message: `content must be at most ${MAX_MESSAGE_LENGTH} characters` })
  content?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    description:
      'multipart/form-data: the files (image, video or PDF; at most 5, 10 MB each), checked by their bytes. In JSON it must be empty or absent.',
  })
  @IsOptional()
  @IsArray({ message: 'attachments must be a list' })
  attachments?: unknown[];

  @ApiPropertyOptional({
    description: 'multipart/form-data only: a JSON array of { filename?, type? } (type: image, video or pdf), one per file in order',
    example: '[{"filename":"floor-plan.pdf","type":"pdf"}]',
  })
  @IsOptional()
  @IsString({ message: 'attachmentsJson must be a JSON text' })
  @MaxLength(20000)
  attachmentsJson?: string;

  @ApiPropertyOptional({
    pattern: CLIENT_ID_PATTERN.source,
    maxLength: 64,
    description:
      "The sender's own token for this send (JSON or multipart), e.g. the temporary id of its optimistic copy. Never stored: it comes back as `clientId` in the answer and in newMessage to the sender's own connections only, so the sender can tell its message whichever arrives first.",
    example: 'temp-m1abc2d3-k9x8y7z6',
  })
  @IsOptional()
  @IsString({ message: CLIENT_ID_INVALID })
  @Matches(CLIENT_ID_PATTERN, { message: CLIENT_ID_INVALID })
  clientId?: string;
}
