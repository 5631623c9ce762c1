import { BadRequestException, ForbiddenException, forwardRef, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { SavedItemRow } from '@app/db';
import { isForeignKeyViolation } from '../../common/db/pg-errors';
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import type { AuthUser } from '../../common/auth/auth-user';
import type { SaveResultDto } from '../listings/dto/listing-output.dto';
import { ListingsService, NOT_FOUND_MESSAGE, type ListingForViewer, type ListingRef } from '../listings/listings.service';
import type { NewDomainEvent, SavedSearchAlert } from '@app/domain';
import type { SavedListingsLookup } from '../listings/saved-listings-lookup';
import { type SavedItemDto, type SavedItemType, SAVED_ITEM_TYPES, type SaveItemDto } from './dto/saved-item.dto';
import { SavedItemsRepository } from './saved-items.repository';
import { SavedSearchAlertsService } from './alerts/saved-search-alerts.service';

const MAX_SAVED_DATA_BYTES = 8 * 1024;
/** A market report's address: /market/{area code}/{group}, with its query (offer, kind, view) if any. */
const REPORT_HREF = /^\/market\/[A-Za-z0-9]{2,12}\/[a-z_]{2,40}(\?[A-Za-z0-9_=&,.%-]*)?$/;

export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found: pin one of your own saved searches';

/**
 * Saved listings, saved searches and pinned items. A member only reads and changes their own, and only
 * saves or pins a listing they can see (the listings module's rule, `canSeeListing`). A saved listing
 * the member can no longer see is answered as `{ _id, unavailable: true }`, and its saved count is not
 * told to them. Listings are read through ListingsService: this module owns saved_items only.
 */
@Injectable()
export class SavedItemsService implements SavedListingsLookup {
  constructor(
    private readonly saved: SavedItemsRepository,
    @Inject(forwardRef(() => ListingsService)) private readonly listings: ListingsService,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
    private readonly alerts: SavedSearchAlertsService,
  ) {}

  private assertSelf(caller: AuthUser, userId: string): void {
    if (userId !== caller.id) throw new ForbiddenException('You can only use your own saved items');
  }

  /** Which of these listings the user saved (for the listings' `isSaved`). */
  savedListingIds(userId: string, listingIds: string[]): Promise<Set<string>> {
    return this.saved.savedListingIds(userId, listingIds);
  }

  /** POST /listing/save: saves a listing the caller can see (404 otherwise, nothing changes). */
  async saveListing(caller: AuthUser, listingId: string): Promise<SaveResultDto> {
    const listing = await this.listings.mustSee(caller, listingId);
    try {
      const { savedCount } = await this.transactions.run(async () => {
        const result = await this.saved.saveListing(caller.id, listingId);
        if (result.item) await this.events.publish(this.savedEvent(caller, listing));
        return result;
      });
      return { saved: true, savedCount };
    } catch (err) {
      // deleted between the check and the insert
      if (isForeignKeyViolation(err)) throw new NotFoundException(NOT_FOUND_MESSAGE);
      throw err;
    }
  }

  /**
   * PUT /listing/unsave: removes the caller's own saved row whatever the listing's state. The saved
   * count is told only to a caller who can see the listing; otherwise it answers 0.
   */
  async unsaveListing(caller: AuthUser, listingId: string): Promise<SaveResultDto> {
    await this.transactions.run(async () => {
      const removed = await this.saved.unsaveListing(caller.id, listingId);
      if (removed) await this.events.publish(unsavedEvent(caller, removed.listingId));
    });
    const visible = await this.listings.canSee(caller, listingId);
    return { saved: false, savedCount: visible ? await this.saved.savedCount(listingId) : 0 };
  }

  async save(caller: AuthUser, type: string, dto: SaveItemDto): Promise<SavedItemDto> {
    this.assertSelf(caller, dto.userId);
    if (!(SAVED_ITEM_TYPES as readonly string[]).includes(type)) {
      throw new BadRequestException(`type must be one of: ${SAVED_ITEM_TYPES.join(', ')}`);
    }
    if (dto.data && JSON.stringify(dto.data).length > MAX_SAVED_DATA_BYTES) {
      throw new BadRequestException('data is too large (at most 8 KB)');
    }
    if (type === 'listing' && !dto.listingId) throw new BadRequestException('listingId is required to save a listing');
    if (type === 'search' && typeof dto.data?.query !== 'string') {
      throw new BadRequestException('A saved search needs data.query: the query string of the search');
    }
    if (type !== 'search' && dto.alert && dto.alert !== 'off') throw new BadRequestException('alert is only for a saved search');
    if (type === 'pinned' && dto.data?.kind === 'search') return this.pinSearch(caller, dto);
    if (type === 'pinned' && dto.data?.kind === 'report') return this.pinReport(caller, dto);
    const listingId = type === 'search' ? null : (dto.listingId ?? null);
    const listing = listingId ? await this.listings.mustSee(caller, listingId) : null;
    // a search saved with alerts on: its filters compiled now (400 when they are not valid, nothing saved)
    const alerting = type === 'search' && dto.alert ? await this.alerts.columnsFor(String(dto.data!.query), dto.alert) : null;
    try {
      const item = await this.transactions.run(async () => {
        if (type === 'listing') {
          const { item: added } = await this.saved.saveListing(caller.id, listingId!);
          if (added) await this.events.publish(this.savedEvent(caller, listing!));
          const [row] = await this.saved.list(caller.id, 'listing', listingId!);
          return row;
        }
        const values = { userId: caller.id, type: type as SavedItemType, listingId, name: dto.name ?? null, data: dto.data ?? {} };
        if (type === 'pinned' && listingId) {
          // a listing is pinned once (the unique index per user, type and listing): a second pin answers the first
          const pin = await this.saved.insertOnce(values);
          if (!pin) return (await this.saved.list(caller.id, 'pinned', listingId))[0];
          await this.events.publish(pinnedEvent(caller, pin));
          return pin;
        }
        const row = await this.saved.insert({ ...values, ...alerting?.columns });
        if (alerting?.keys.length) await this.alerts.indexSaved(row, alerting.keys);
        await this.events.publish(
          row.type === 'search'
            ? { type: 'search.saved', actorId: caller.id, entity: { kind: 'saved_item', id: row.id }, data: { savedItemId: row.id, name: row.name, query: String(row.data.query ?? '') } }
            : pinnedEvent(caller, row),
        );
        return row;
      });
      const [answer] = await this.toDtos(caller, [item]);
      return answer;
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new NotFoundException(NOT_FOUND_MESSAGE);
      throw err;
    }
  }

  /**
   * Pins one of the caller's own saved searches (data: { kind: 'search', savedItemId }), once: a second
   * pin answers the first. The pin keeps the search's name and query; it goes when the search is removed.
   * The saved search is locked while it is pinned, so a pin and a removal of the search do not cross.
   */
  private async pinSearch(caller: AuthUser, dto: SaveItemDto): Promise<SavedItemDto> {
    const savedItemId = dto.data?.savedItemId;
    if (dto.listingId) throw new BadRequestException('A pinned saved search takes data.savedItemId, not a listingId');
    if (typeof savedItemId !== 'string' || !isUUID(savedItemId)) {
      throw new BadRequestException('A pinned saved search needs data.savedItemId: the id of one of your saved searches');
    }
    const pin = await this.transactions.run(async () => {
      const search = await this.saved.findOwnForUpdate(caller.id, 'search', savedItemId);
      if (!search) throw new NotFoundException(SAVED_SEARCH_NOT_FOUND);
      const existing = await this.saved.findSearchPin(caller.id, search.id);
      if (existing) return existing;
      const row = await this.saved.insert({
        userId: caller.id,
        type: 'pinned',
        listingId: null,
        name: dto.name ?? search.name,
        data: { kind: 'search', savedItemId: search.id, query: String(search.data.query ?? '') },
      });
      await this.events.publish(pinnedEvent(caller, row));
      return row;
    });
    const [answer] = await this.toDtos(caller, [pin]);
    return answer;
  }

  /**
   * Pins a market report (data: { kind: 'report', href, group, area, areaName }), once per address: a
   * second pin of the same href answers the first. The href is the report's address in the app
   * (/market/{area}/{group}?offer=…), the only link the dashboard follows.
   */
  private async pinReport(caller: AuthUser, dto: SaveItemDto): Promise<SavedItemDto> {
    if (dto.listingId) throw new BadRequestException('A pinned report takes data.href, not a listingId');
    const href = dto.data?.href;
    if (typeof href !== 'string' || href.length > 300 || !REPORT_HREF.test(href)) {
      throw new BadRequestException('A pinned report needs data.href: its address in the app, /market/{area}/{group} with its options (e.g. /market/1380300027/demographics?offer=rent)');
    }
    const pin = await this.transactions.run(async () => {
      await this.saved.lockReportPin(caller.id, href);
      const existing = await this.saved.findReportPin(caller.id, href);
      if (existing) return existing;
      const row = await this.saved.insert({ userId: caller.id, type: 'pinned', listingId: null, name: dto.name ?? null, data: { ...dto.data, kind: 'report', href } });
      await this.events.publish(pinnedEvent(caller, row));
      return row;
    });
    const [answer] = await this.toDtos(caller, [pin]);
    return answer;
  }

  /** PUT /user/save/search/:id/alert: the caller's own saved search (404 otherwise). */
  async setAlert(caller: AuthUser, id: string, alert: SavedSearchAlert): Promise<SavedItemDto> {
    const row = await this.alerts.setAlert(caller, id, alert);
    const [answer] = await this.toDtos(caller, [row]);
    return answer;
  }

  async list(caller: AuthUser, userId: string, type: SavedItemType | 'all' = 'all'): Promise<{ items: SavedItemDto[] }> {
    this.assertSelf(caller, userId);
    const rows = await this.saved.list(userId, type === 'all' ? undefined : type);
    return { items: await this.toDtos(caller, rows) };
  }

  async remove(caller: AuthUser, userId: string, type: SavedItemType, itemId: string): Promise<{ message: string }> {
    this.assertSelf(caller, userId);
    await this.transactions.run(async () => {
      if (type === 'listing') {
        const unsaved = await this.saved.unsaveListing(userId, itemId);
        if (!unsaved) throw new NotFoundException('Saved item not found');
        await this.events.publish(unsavedEvent(caller, unsaved.listingId));
        return;
      }
      const removed = await this.saved.remove(userId, type, itemId);
      if (!removed) throw new NotFoundException('Saved item not found');
      // a removed saved search takes its pins with it
      const pins = removed.type === 'search' ? await this.saved.removeSearchPins(userId, removed.id) : [];
      for (const row of [removed, ...pins]) await this.events.publish(removedEvent(caller, row));
    });
    return { message: 'Removed from saved items' };
  }

  private savedEvent(caller: AuthUser, listing: ListingRef): NewDomainEvent<'listing.saved'> {
    return { type: 'listing.saved', actorId: caller.id, entity: { kind: 'listing', id: listing.listingId }, data: listing };
  }

  /** The items with their listings as the caller may see them (one batch for all the listings). */
  private async toDtos(caller: AuthUser, items: SavedItemRow[]): Promise<SavedItemDto[]> {
    const ids = [...new Set(items.map((i) => i.listingId).filter((id): id is string => !!id))];
    const listings: Map<string, ListingForViewer> = await this.listings.forViewer(caller, ids);
    return items.map((item) => ({
      _id: item.id,
      type: item.type,
      listing: item.listingId ? (listings.get(item.listingId) ?? null) : null,
      name: item.name,
      data: item.data,
      alert: item.type === 'search' ? item.alert : null,
      lastNotifiedAt: item.lastNotifiedAt?.toISOString() ?? null,
      createdAt: item.createdAt.toISOString(),
    }));
  }
}

function unsavedEvent(caller: AuthUser, listingId: string): NewDomainEvent<'listing.unsaved'> {
  return { type: 'listing.unsaved', actorId: caller.id, entity: { kind: 'listing', id: listingId }, data: { listingId } };
}

function pinnedEvent(caller: AuthUser, row: SavedItemRow): NewDomainEvent<'item.pinned'> {
  return {
    type: 'item.pinned',
    actorId: caller.id,
    entity: { kind: 'saved_item', id: row.id },
    data: { savedItemId: row.id, kind: pinnedKind(row), refId: row.listingId ?? pinnedRef(row), name: row.name },
  };
}

function removedEvent(caller: AuthUser, row: SavedItemRow): NewDomainEvent<'saved_item.removed'> {
  return {
    type: 'saved_item.removed',
    actorId: caller.id,
    entity: { kind: 'saved_item', id: row.id },
    data: { savedItemId: row.id, type: row.type, listingId: row.listingId, name: row.name },
  };
}

/** What a pinned item points to: a listing, a saved search, or (later) a report. */
function pinnedKind(row: SavedItemRow): string {
  if (row.listingId) return 'listing';
  const kind = row.data.kind;
  return typeof kind === 'string' ? kind : 'item';
}

function pinnedRef(row: SavedItemRow): string | null {
  const ref = row.data.refId ?? row.data.savedItemId ?? row.data.href;
  return typeof ref === 'string' ? ref : null;
}
