import { Body, Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ErrorResponseDto } from '../../common/http/common.dto';
import {
  MarkedReadDto,
  NotificationDto,
  NotificationListDto,
  NotificationListQueryDto,
  NotificationPreferencesDto,
  UnreadNotificationsDto,
  UpdateNotificationPreferencesDto,
} from './dto/notification.dto';
import { NOTIFICATION_NOT_FOUND, NotificationsService } from './notifications.service';

const notificationId = () => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(NOTIFICATION_NOT_FOUND) });

/** The caller's own notifications (new ones also arrive over the socket as the `notification` event). */
@ApiTags('notification')
@Controller('notification')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('get/all')
  @ApiOkResponse({ type: NotificationListDto, description: "The caller's notifications, newest first (unread first with unreadFirst=true), with their unread count" })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  getNotifications(@CurrentUser() caller: AuthUser, @Query() query: NotificationListQueryDto): Promise<NotificationListDto> {
    return this.notifications.list(caller, query);
  }

  @Get('unread-count')
  @ApiOkResponse({ type: UnreadNotificationsDto })
  getUnreadNotificationCount(@CurrentUser() caller: AuthUser): Promise<UnreadNotificationsDto> {
    return this.notifications.unreadCount(caller);
  }

  @Patch(':id/read')
  @ApiOkResponse({ type: NotificationDto })
  @ApiNotFoundResponse({ description: 'Not one of the caller’s notifications' })
  markNotificationRead(@CurrentUser() caller: AuthUser, @Param('id', notificationId()) id: string): Promise<NotificationDto> {
    return this.notifications.markRead(caller, id);
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiOkResponse({ type: MarkedReadDto })
  markAllNotificationsRead(@CurrentUser() caller: AuthUser): Promise<MarkedReadDto> {
    return this.notifications.markAllRead(caller);
  }

  @Get('preferences')
  @ApiOkResponse({ type: NotificationPreferencesDto, description: 'Per kind: in-app (always) and whether it is also e-mailed' })
  getNotificationPreferences(@CurrentUser() caller: AuthUser): Promise<NotificationPreferencesDto> {
    return this.notifications.preferences(caller);
  }

  @Put('preferences')
  @ApiOkResponse({ type: NotificationPreferencesDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'An unknown kind, or email not true/false' })
  updateNotificationPreferences(
    @CurrentUser() caller: AuthUser,
    @Body() dto: UpdateNotificationPreferencesDto,
  ): Promise<NotificationPreferencesDto> {
    return this.notifications.updatePreferences(caller, dto);
  }
}
