import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { buildPagination, CLIENT_ACTIVITY_KINDS, STAFF_ROLES, type ActivityKind, type DomainEvent } from '@app/domain';
import type { ActivityRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import { pageWindow, type PageQueryDto } from '../../common/http/page-query.dto';
import { ListingsService } from '../listings/listings.service';
import type { ActivityDto, ActivityListDto, ActivitySearchDto, CreateActivityDto, UpdateActivityDto } from './dto/activity.dto';
import { activitiesVisibleTo, canChangeActivity, canSeeActivity } from './activity-access';
import { activitiesOf, activityLink } from './activity-rules';
import { ActivityRepository, type ActivityFilter } from './activity.repository';

export const ACTIVITY_NOT_FOUND = 'Activity not found';

const CHANNEL_WORDS: Record<string, string> = {
  copy_link: 'by link',
  facebook: 'on Facebook',
  messenger: 'on Messenger',
  viber: 'on Viber',
  whatsapp: 'on WhatsApp',
  x: 'on X',
  email: 'by e-mail',
  sms: 'by SMS',
  other: '',
};

function toActivityDto(row: ActivityRow): ActivityDto {
  const entity = row.entityKind && row.entityId ? { kind: row.entityKind, id: row.entityId } : null;
  return {
    _id: row.id,
    userId: row.userId,
    kind: row.kind as ActivityKind,
    title: row.title,
    link: activityLink(row.kind, entity, row.data),
    entity,
    byMe: row.actorId === null || row.actorId === row.userId,
    data: row.data,
    timestamp: row.occurredAt.toISOString(),
  };
}

/**
 * A member's recent activity: recorded from events (ActivitySubscriber) and, for shares, by the web
 * app. Members read and clear their own; staff read everyone's (activity-access.ts is the one rule).
 */
@Injectable()
export class ActivityService {
  constructor(
    private readonly activity: ActivityRepository,
    private readonly listings: ListingsService,
    private readonly events: EventsService,
    private readonly transactions: Transactions,
  ) {}

  /** Records the activities an event calls for (the subscriber), dated when it happened. */
  async record(event: DomainEvent): Promise<number> {
    const occurredAt = new Date(event.occurredAt);
    const rows = await this.activity.insert(
      activitiesOf(event).map((a) => ({
        userId: a.userId,
        eventId: event.id,
        kind: a.kind,
        actorId: a.actorId,
        entityKind: a.entity?.kind ?? null,
        entityId: a.entity?.id ?? null,
        title: a.title,
        data: a.data,
        occurredAt,
      })),
    );
    return rows.length;
  }

  /** GET /activity/get/all: everyone's (staff). */
  all(caller: AuthUser, query: PageQueryDto): Promise<ActivityListDto> {
    return this.pageOf(caller, {}, query);
  }

  /** GET /activity/user: the caller's own. */
  mine(caller: AuthUser, query: PageQueryDto): Promise<ActivityListDto> {
    return this.pageOf(caller, { userId: caller.id }, query);
  }

  async get(caller: AuthUser, id: string): Promise<ActivityDto> {
    const row = await this.activity.findById(id);
    if (!row || !canSeeActivity(caller, row)) throw new NotFoundException(ACTIVITY_NOT_FOUND);
    return toActivityDto(row);
  }

  async search(caller: AuthUser, body: ActivitySearchDto): Promise<ActivityListDto> {
    const q = body.query ?? {};
    const staff = STAFF_ROLES.includes(caller.role);
    if (q.userId && !staff && q.userId !== caller.id) throw new ForbiddenException('You can only search your own activity');
    const from = q.from ? new Date(q.from) : undefined;
    const to = q.to ? new Date(q.to) : undefined;
    if (from && to && from >= to) throw new BadRequestException('query.from must be before query.to');
    return this.pageOf(caller, { userId: staff ? q.userId : caller.id, kinds: q.kind, text: q.text?.trim() || undefined, from, to }, body);
  }

  /** POST /activity/create: a share of a listing the caller can see. */
  async create(caller: AuthUser, dto: CreateActivityDto): Promise<ActivityDto> {
    if (!(CLIENT_ACTIVITY_KINDS as readonly string[]).includes(dto.kind)) throw new BadRequestException('This kind of activity is recorded by the platform');
    const listing = await this.listings.mustSee(caller, dto.listingId);
    const row = await this.transactions.run(async () => {
      const [row] = await this.activity.insert([
        {
          userId: caller.id,
          kind: dto.kind,
          actorId: caller.id,
          entityKind: 'listing',
          entityId: listing.listingId,
          title: shareTitle(listing.name, dto.channel),
          data: { channel: dto.channel, code: listing.code },
        },
      ]);
      await this.events.publish({ type: 'activity.created', actorId: caller.id, entity: { kind: 'activity', id: row.id }, data: { activityId: row.id, kind: dto.kind } });
      return row;
    });
    return toActivityDto(row);
  }

  /** PUT /activity/update: a member corrects the channel of their own share; other activity is the platform's record. */
  async update(caller: AuthUser, dto: UpdateActivityDto): Promise<ActivityDto> {
    const row = await this.activity.findById(dto._id);
    if (!row || !canSeeActivity(caller, row)) throw new NotFoundException(ACTIVITY_NOT_FOUND);
    if (!canChangeActivity(caller, row)) throw new ForbiddenException('Only the member whose activity it is can change it');
    if (!(CLIENT_ACTIVITY_KINDS as readonly string[]).includes(row.kind)) {
      throw new ForbiddenException('This activity was recorded by the platform: it can be removed, not changed');
    }
    const listingName = /“(.*)”/.exec(row.title)?.[1] ?? 'a listing';
    const updated = await this.activity.update(row.id, { data: { ...row.data, channel: dto.channel }, title: shareTitle(listingName, dto.channel) });
    return toActivityDto(updated!);
  }

  async remove(caller: AuthUser, id: string): Promise<{ message: string }> {
    const row = await this.activity.findById(id);
    if (!row || !canSeeActivity(caller, row)) throw new NotFoundException(ACTIVITY_NOT_FOUND);
    if (!canChangeActivity(caller, row)) throw new ForbiddenException('Only the member whose activity it is can remove it');
    await this.activity.remove(id, caller.id);
    return { message: 'Activity removed' };
  }

  /** DELETE /activity/user: clears the caller's whole history. */
  async clear(caller: AuthUser): Promise<{ removed: number }> {
    return { removed: await this.activity.clear(caller.id) };
  }

  private async pageOf(caller: AuthUser, filter: ActivityFilter, query: PageQueryDto & { skip?: number }): Promise<ActivityListDto> {
    const { limit, skip } = pageWindow(query);
    const { rows, total } = await this.activity.page(activitiesVisibleTo(caller), filter, limit, skip);
    return { activities: rows.map(toActivityDto), pagination: buildPagination(total, rows.length, limit, skip) };
  }
}

function shareTitle(name: string, channel: string): string {
  const how = CHANNEL_WORDS[channel];
  return `Shared “${name}”${how ? ` ${how}` : ''}`;
}
