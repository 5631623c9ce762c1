import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../../common/http/common.dto';
import { PageQueryDto } from '../../../common/http/page-query.dto';

export class NotificationListQueryDto extends PageQueryDto {}

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
