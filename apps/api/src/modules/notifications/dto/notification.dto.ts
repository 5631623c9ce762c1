import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { PAGINATION } from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { LimitNumber, PageNumber } from '../../../common/http/whole-number';

export class NotificationListQueryDto {
  @ApiPropertyOptional({ type: Number, default: 1, minimum: 1, maximum: PAGINATION.maxPage })
  @IsOptional()
  @PageNumber({ query: true })
  page?: number;

  @ApiPropertyOptional({
    type: Number,
    default: PAGINATION.defaultLimit,
    minimum: 1,
    maximum: PAGINATION.maxLimitParam,
    description: `Items per page (more than ${PAGINATION.maxLimit} is served as ${PAGINATION.maxLimit})`,
  })
  @IsOptional()
  @LimitNumber({ query: true })
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
