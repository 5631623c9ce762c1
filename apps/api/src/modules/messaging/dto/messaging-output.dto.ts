import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PaginationDto } from '../../../common/http/common.dto';
import { USER_TYPES } from '@app/domain';

export const ATTACHMENT_TYPES = ['image', 'video', 'pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export class UserSummaryDto {
  @ApiProperty() _id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty({ type: String, nullable: true }) avatar!: string | null;
  @ApiProperty({ enum: USER_TYPES }) type!: string;
}

export class AttachmentDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ enum: ATTACHMENT_TYPES }) type!: AttachmentType;
  @ApiProperty({ description: 'A signed link that works for 24 hours (usable in <img> and <video>)' }) url!: string;
  @ApiProperty() filename!: string;
  @ApiProperty({ description: 'Bytes' }) size!: number;
  @ApiProperty({ example: 'image/png' }) contentType!: string;
}

export class MessageDto {
  @ApiProperty() _id!: string;
  @ApiProperty() threadId!: string;
  @ApiProperty({ description: 'Plain text, exactly as sent' }) content!: string;
  @ApiProperty({ type: [AttachmentDto] }) attachments!: AttachmentDto[];
  @ApiProperty({ type: UserSummaryDto }) sender!: UserSummaryDto;
  @ApiProperty() isRead!: boolean;
  @ApiProperty({ type: String, nullable: true }) readAt!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ description: 'Same as createdAt' }) timestamp!: string;
  @ApiPropertyOptional({
    description:
      "The clientId given with the send, echoed (never stored): only in the answer to that send and in newMessage to the sender's own connections",
  })
  clientId?: string;
}

export class ThreadListingDto {
  @ApiProperty() _id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() code!: string;
  @ApiProperty() price!: number;
  @ApiProperty() currency!: string;
  @ApiProperty({ type: String, nullable: true }) thumbnailUrl!: string | null;
}

export class ThreadDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ type: [UserSummaryDto] }) participants!: UserSummaryDto[];
  @ApiProperty({ type: UserSummaryDto }) otherParticipant!: UserSummaryDto;
  @ApiProperty({ type: ThreadListingDto, nullable: true }) listing!: ThreadListingDto | null;
  @ApiProperty({ type: MessageDto, nullable: true }) lastMessage!: MessageDto | null;
  @ApiProperty({ description: "The caller's unread messages in this thread" }) unreadCount!: number;
  @ApiProperty({ description: 'Whether the caller archived it' }) archived!: boolean;
  @ApiProperty() lastActivityAt!: string;
  @ApiProperty() createdAt!: string;
}

export class ThreadListDto {
  @ApiProperty({ type: [ThreadDto] }) threads!: ThreadDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class MessageListDto {
  @ApiProperty({ type: [MessageDto], description: 'Oldest first within the page' }) messages!: MessageDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class UnreadCountDto {
  @ApiProperty() count!: number;
}

export class SuccessDto {
  @ApiProperty({ example: true }) success!: boolean;
}

export class MarkReadResultDto {
  @ApiProperty() threadId!: string;
  @ApiProperty({ type: [String], description: 'The messages that turned read' }) messageIds!: string[];
  @ApiProperty({ example: 0, description: 'Always 0: nothing in the thread is unread for the caller any more' }) unreadCount!: number;
}
