import { Controller, Get, NotFoundException, Param, ParseUUIDPipe, Patch, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { NotificationDto, NotificationListDto, NotificationListQueryDto } from './dto/notification.dto';
import { NOTIFICATION_NOT_FOUND, NotificationsService } from './notifications.service';

const notificationId = () => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(NOTIFICATION_NOT_FOUND) });

@ApiTags('notification')
@Controller('notification')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('get/all')
  @ApiOkResponse({ type: NotificationListDto, description: "The caller's notifications, newest first, with their unread count" })
  getNotifications(@CurrentUser() caller: AuthUser, @Query() query: NotificationListQueryDto): Promise<NotificationListDto> {
    return this.notifications.list(caller, query);
  }

  @Patch(':id/read')
  @ApiOkResponse({ type: NotificationDto })
  @ApiNotFoundResponse({ description: 'Not one of the caller’s notifications' })
  markNotificationRead(@CurrentUser() caller: AuthUser, @Param('id', notificationId()) id: string): Promise<NotificationDto> {
    return this.notifications.markRead(caller, id);
  }
}
