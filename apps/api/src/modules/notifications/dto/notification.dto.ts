import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';
import { PAGINATION } from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';

export class NotificationListQueryDto {
  @ApiPropertyOptional({ type: Number, default: 1, minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  page?: number;

  @ApiPropertyOptional({ type: Number, default: PAGINATION.defaultLimit, minimum: 1, maximum: PAGINATION.maxLimit })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  limit?: number;
}

export class NotificationDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ example: 'message' }) type!: string;
  @ApiProperty({ example: 'New message from Maria Santos' }) title!: string;
  @ApiProperty() body!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'For a message: threadId, messageId, senderId, listingId',
  })
  data!: Record<string, unknown>;
  @ApiProperty() isRead!: boolean;
  @ApiProperty() createdAt!: string;
}

export class NotificationListDto {
  @ApiProperty({ type: [NotificationDto] }) notifications!: NotificationDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
  @ApiProperty({ description: "The caller's unread notifications" }) unreadCount!: number;
}
