import { BadRequestException, ForbiddenException, forwardRef, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { SavedItemRow } from '@app/db';
import { isForeignKeyViolation } from '../../common/db/pg-errors';
import type { AuthUser } from '../../common/auth/auth-user';
import type { SaveResultDto } from '../listings/dto/listing-output.dto';
import { ListingsService, NOT_FOUND_MESSAGE, type ListingForViewer } from '../listings/listings.service';
import type { SavedListingsLookup } from '../listings/saved-listings-lookup';
import { type SavedItemDto, type SavedItemType, SAVED_ITEM_TYPES, type SaveItemDto } from './dto/saved-item.dto';
import { SavedItemsRepository } from './saved-items.repository';

const MAX_SAVED_DATA_BYTES = 8 * 1024;

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
    await this.listings.mustSee(caller, listingId);
    try {
      const { savedCount } = await this.saved.saveListing(caller.id, listingId);
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
    await this.saved.unsaveListing(caller.id, listingId);
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
    const listingId = type === 'search' ? null : (dto.listingId ?? null);
    if (listingId) await this.listings.mustSee(caller, listingId);
    try {
      let item: SavedItemRow;
      if (type === 'listing') {
        await this.saved.saveListing(caller.id, listingId!);
        [item] = await this.saved.list(caller.id, 'listing', listingId!);
      } else {
        item = await this.saved.insert({ userId: caller.id, type: type as SavedItemType, listingId, name: dto.name ?? null, data: dto.data ?? {} });
      }
      const [answer] = await this.toDtos(caller, [item]);
      return answer;
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new NotFoundException(NOT_FOUND_MESSAGE);
      throw err;
    }
  }

  async list(caller: AuthUser, userId: string, type: SavedItemType | 'all' = 'all'): Promise<{ items: SavedItemDto[] }> {
    this.assertSelf(caller, userId);
    const rows = await this.saved.list(userId, type === 'all' ? undefined : type);
    return { items: await this.toDtos(caller, rows) };
  }

  async remove(caller: AuthUser, userId: string, type: SavedItemType, itemId: string): Promise<{ message: string }> {
    this.assertSelf(caller, userId);
    const removed = type === 'listing' ? !!(await this.saved.unsaveListing(userId, itemId)) : await this.saved.remove(userId, type, itemId);
    if (!removed) throw new NotFoundException('Saved item not found');
    return { message: 'Removed from saved items' };
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
      createdAt: item.createdAt.toISOString(),
    }));
  }
}
