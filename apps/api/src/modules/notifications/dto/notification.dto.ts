import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsBoolean, IsIn, IsOptional, ValidateNested } from 'class-validator';
import { NOTIFICATION_KINDS, type NotificationKind } from '@app/domain';
import { PaginationDto } from '../../../common/http/common.dto';
import { PageQueryDto } from '../../../common/http/page-query.dto';

export class NotificationListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'Unread notifications first, then the rest; each newest first' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'unreadFirst must be true or false' })
  unreadFirst?: boolean;
}

export class NotificationDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ enum: NOTIFICATION_KINDS, example: 'message', description: 'The kind of notification' }) type!: NotificationKind;
  @ApiProperty({ example: 'New message from Maria Santos' }) title!: string;
  @ApiProperty() body!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'What it is about: for a message threadId, messageId, senderId, listingId; for a review or verification listingId; for a saved search savedSearchId and listingIds',
  })
  data!: Record<string, unknown>;
  @ApiProperty({ description: 'Where the web app opens it, e.g. /messages/<threadId>' }) link!: string;
  @ApiProperty() isRead!: boolean;
  @ApiProperty() createdAt!: string;
}

export class NotificationListDto {
  @ApiProperty({ type: [NotificationDto] }) notifications!: NotificationDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
  @ApiProperty({ description: "The caller's unread notifications" }) unreadCount!: number;
}

export class UnreadNotificationsDto {
  @ApiProperty() count!: number;
}

export class MarkedReadDto {
  @ApiProperty({ description: 'How many notifications were marked read' }) marked!: number;
}

export class NotificationPreferenceDto {
  @ApiProperty({ enum: NOTIFICATION_KINDS })
  @IsIn(NOTIFICATION_KINDS, { message: `kind must be one of: ${NOTIFICATION_KINDS.join(', ')}` })
  kind!: NotificationKind;
  @ApiProperty({ description: 'Also send it by e-mail (in-app is always on)' })
  @IsBoolean({ message: 'email must be true or false' })
  email!: boolean;
}

export class NotificationPreferenceViewDto extends NotificationPreferenceDto {
  @ApiProperty() label!: string;
  @ApiProperty({ description: 'True for the kinds that are always shown in the app' }) inApp!: boolean;
}

export class NotificationPreferencesDto {
  @ApiProperty({ type: [NotificationPreferenceViewDto] }) preferences!: NotificationPreferenceViewDto[];
}

export class UpdateNotificationPreferencesDto {
  @ApiProperty({ type: [NotificationPreferenceDto] })
  @IsArray({ message: 'preferences must be a list of { kind, email }' })
  @ArrayMaxSize(NOTIFICATION_KINDS.length)
  // an item that is itself a list would pass ValidateNested (it validates the inner list's items)
  @IsObject({ each: true, message: 'preferences must be a list of { kind, email }' })
  @ValidateNested({ each: true })
  @Type(() => NotificationPreferenceDto)
  preferences!: NotificationPreferenceDto[];
}
