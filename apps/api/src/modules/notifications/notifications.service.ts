import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  buildPagination,
  NOTIFICATION_EMAIL_DEFAULTS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@app/domain';
import type { NotificationRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { Transactions } from '../../common/db/transactions';
import { pageWindow } from '../../common/http/page-query.dto';
import { MailQueue } from '../../common/mail/mail.queue';
import { RealtimeService } from '../../common/realtime/realtime.service';
import { UsersService } from '../users/users.service';
import type {
  NotificationDto,
  NotificationListDto,
  NotificationListQueryDto,
  NotificationPreferencesDto,
  UpdateNotificationPreferencesDto,
} from './dto/notification.dto';
import { notificationEmail } from './notification-emails';
import { notificationLink } from './notification-links';
import { NotificationsRepository } from './notifications.repository';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
/** The socket event that carries a new notification to every tab of its member. */
export const NOTIFICATION_EVENT = 'notification';

export function toNotificationDto(row: NotificationRow): NotificationDto {
  return {
    _id: row.id,
    type: row.type as NotificationKind,
    title: row.title,
    body: row.body,
    data: row.data,
    link: notificationLink(row.type, row.data),
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A notification to leave for a member. */
export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  data: Record<string, unknown>;
}

/**
 * In-app notifications: written from events (NotificationsSubscriber), pushed over the socket to every
 * tab of the member, e-mailed for the kinds the member chose; each member reads and marks only their own.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly transactions: Transactions,
    private readonly realtime: RealtimeService,
    private readonly mail: MailQueue,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Leaves notifications from one event (at most one per member and event, however often it is
   * handled); after the handler's transaction commits they are pushed, and e-mailed where chosen.
   */
  async notify(event: { id: string; occurredAt: string }, inputs: NotificationInput[]): Promise<NotificationRow[]> {
    // dated when it happened: events are handled in parallel, a list by handling time would misorder them
    const createdAt = new Date(event.occurredAt);
    const written = await this.notifications.insert(
      inputs.map(({ kind, ...n }) => ({ ...n, type: kind, eventId: event.id, createdAt })),
    );
    if (!written.length) return written;
    const mailTo = await this.emailRecipients(written);
    this.transactions.afterCommit(async () => {
      for (const row of written) this.realtime.emitToUsers([row.userId], NOTIFICATION_EVENT, toNotificationDto(row));
      for (const { row, email, firstName } of mailTo) {
        await this.mail.enqueue(notificationEmail(email, firstName, row, `${this.config.appUrl}${notificationLink(row.type, row.data)}`));
      }
    });
    return written;
  }

  async list(caller: AuthUser, query: NotificationListQueryDto): Promise<NotificationListDto> {
    const { limit, skip } = pageWindow(query);
    const { rows, total, unread } = await this.notifications.page(caller.id, limit, skip, query.unreadFirst ?? false);
    return { notifications: rows.map(toNotificationDto), pagination: buildPagination(total, rows.length, limit, skip), unreadCount: unread };
  }

  async unreadCount(caller: AuthUser): Promise<{ count: number }> {
    return { count: await this.notifications.unreadCount(caller.id) };
  }

  async markRead(caller: AuthUser, id: string): Promise<NotificationDto> {
    const row = await this.notifications.markRead(caller.id, id);
    if (!row) throw new NotFoundException(NOTIFICATION_NOT_FOUND);
    return toNotificationDto(row);
  }

  async markAllRead(caller: AuthUser): Promise<{ marked: number }> {
    return { marked: await this.notifications.markAllRead(caller.id) };
  }

  async preferences(caller: AuthUser): Promise<NotificationPreferencesDto> {
    const chosen = new Map((await this.notifications.emailChoices([caller.id])).map((c) => [c.kind, c.email]));
    return {
      preferences: NOTIFICATION_KINDS.map((kind) => ({
        kind,
        label: NOTIFICATION_KIND_LABELS[kind],
        inApp: true,
        email: chosen.get(kind) ?? NOTIFICATION_EMAIL_DEFAULTS[kind],
      })),
    };
  }

  async updatePreferences(caller: AuthUser, dto: UpdateNotificationPreferencesDto): Promise<NotificationPreferencesDto> {
    const kinds = dto.preferences.map((p) => p.kind);
    const twice = kinds.find((kind, i) => kinds.indexOf(kind) !== i);
    if (twice) throw new BadRequestException(`preferences lists ${twice} twice; list each kind at most once`);
    await this.notifications.setEmailChoices(caller.id, dto.preferences);
    return this.preferences(caller);
  }

  /** The notifications to e-mail: those of kinds their member wants by e-mail, with the address. */
  private async emailRecipients(rows: NotificationRow[]) {
    const userIds = [...new Set(rows.map((r) => r.userId))];
    const chosen = new Map((await this.notifications.emailChoices(userIds)).map((c) => [`${c.userId}:${c.kind}`, c.email]));
    const wanted = rows.filter((r) => chosen.get(`${r.userId}:${r.type}`) ?? NOTIFICATION_EMAIL_DEFAULTS[r.type as NotificationKind] ?? false);
    if (!wanted.length) return [];
    const contacts = new Map((await this.users.contactsByIds(wanted.map((r) => r.userId))).map((c) => [c.id, c]));
    return wanted.flatMap((row) => {
      const contact = contacts.get(row.userId);
      return contact ? [{ row, email: contact.email, firstName: contact.firstName }] : [];
    });
  }
}
