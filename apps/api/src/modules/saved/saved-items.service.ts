import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { SavedItemRow } from '@app/db';
import { isForeignKeyViolation } from '../../common/db/pg-errors';
import type { AuthUser } from '../../common/auth/auth-user';
import type { ListingDto } from '../listings/dto/listing-output.dto';
import { toListingDto, type ListingWithOwner } from '../listings/listing.mapper';
import { type SavedItemDto, type SavedItemType, SAVED_ITEM_TYPES, type SaveItemDto } from './dto/saved-item.dto';
import { SavedItemsRepository } from './saved-items.repository';

const MAX_SAVED_DATA_BYTES = 8 * 1024;

/** Saved listings, saved searches and pinned items. A member only reads and changes their own. */
@Injectable()
export class SavedItemsService {
  constructor(private readonly saved: SavedItemsRepository) {}

  private assertSelf(caller: AuthUser, userId: string): void {
    if (userId !== caller.id) throw new ForbiddenException('You can only use your own saved items');
  }

  async saveListing(userId: string, listingId: string) {
    try {
      return await this.saved.saveListing(userId, listingId);
    } catch (err) {
      if (isForeignKeyViolation(err)) {
        throw new NotFoundException("The listing you're looking for might have been deleted or does not exist");
      }
      throw err;
    }
  }

  unsaveListing(userId: string, listingId: string) {
    return this.saved.unsaveListing(userId, listingId);
  }

  async save(caller: AuthUser, type: string, dto: SaveItemDto): Promise<SavedItemDto> {
    this.assertSelf(caller, dto.userId);
    if (!(SAVED_ITEM_TYPES as readonly string[]).includes(type)) {
      throw new BadRequestException(`type must be one of: ${SAVED_ITEM_TYPES.join(', ')}`);
    }
    if (dto.data && JSON.stringify(dto.data).length > MAX_SAVED_DATA_BYTES) {
      throw new BadRequestException('data is too large (at most 8 KB)');
    }
    if (type === 'listing') {
      if (!dto.listingId) throw new BadRequestException('listingId is required to save a listing');
      await this.saveListing(caller.id, dto.listingId);
      const [found] = await this.saved.list(caller.id, 'listing', dto.listingId);
      return this.toDto(found.item, found.listing);
    }
    if (type === 'search' && typeof dto.data?.query !== 'string') {
      throw new BadRequestException('A saved search needs data.query: the query string of the search');
    }
    const item = await this.saved.insert({
      userId: caller.id,
      type: type as SavedItemType,
      listingId: type === 'pinned' ? (dto.listingId ?? null) : null,
      name: dto.name ?? null,
      data: dto.data ?? {},
    });
    return this.toDto(item, null);
  }

  async list(caller: AuthUser, userId: string, type: SavedItemType | 'all' = 'all'): Promise<{ items: SavedItemDto[] }> {
    this.assertSelf(caller, userId);
    const rows = await this.saved.list(userId, type === 'all' ? undefined : type);
    return { items: rows.map((r) => this.toDto(r.item, r.listing)) };
  }

  async remove(caller: AuthUser, userId: string, type: SavedItemType, itemId: string): Promise<{ message: string }> {
    this.assertSelf(caller, userId);
    const removed = type === 'listing' ? (await this.saved.unsaveListing(userId, itemId)).removed : await this.saved.remove(userId, type, itemId);
    if (!removed) throw new NotFoundException('Saved item not found');
    return { message: 'Removed from saved items' };
  }

  private toDto(item: SavedItemRow, listing: ListingWithOwner | null): SavedItemDto {
    return {
      _id: item.id,
      type: item.type,
      listing: listing ? (toListingDto(listing) as ListingDto) : null,
      name: item.name,
      data: item.data,
      createdAt: item.createdAt.toISOString(),
    };
  }
}
