import { Injectable, NotFoundException } from '@nestjs/common';
import { buildPagination } from '@app/domain';
import type { NotificationRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import type { NotificationDto, NotificationListDto, NotificationListQueryDto } from './dto/notification.dto';
import { NotificationsRepository } from './notifications.repository';
import { pageWindow } from '../../common/http/page-query.dto';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

function toNotificationDto(row: NotificationRow): NotificationDto {
  return {
    _id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    data: row.data,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** In-app notifications: each member reads and marks only their own. */
@Injectable()
export class NotificationsService {
  constructor(private readonly notifications: NotificationsRepository) {}

  async list(caller: AuthUser, query: NotificationListQueryDto): Promise<NotificationListDto> {
    const { limit, skip } = pageWindow(query);
    const { rows, total, unread } = await this.notifications.page(caller.id, limit, skip);
    return { notifications: rows.map(toNotificationDto), pagination: buildPagination(total, rows.length, limit, skip), unreadCount: unread };
  }

  async markRead(caller: AuthUser, id: string): Promise<NotificationDto> {
    const row = await this.notifications.markRead(caller.id, id);
    if (!row) throw new NotFoundException(NOTIFICATION_NOT_FOUND);
    return toNotificationDto(row);
  }
}
