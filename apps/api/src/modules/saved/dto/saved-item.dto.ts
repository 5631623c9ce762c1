import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { SAVED_SEARCH_ALERTS, type SavedSearchAlert } from '@app/domain';
import { ListingDto } from '../../listings/dto/listing-output.dto';

export const SAVED_ITEM_TYPES = ['listing', 'search', 'pinned'] as const;
export type SavedItemType = (typeof SAVED_ITEM_TYPES)[number];

export class SaveItemDto {
  @ApiProperty({ description: 'Must be the caller' }) @IsUUID('all', { message: 'userId must be a user id' }) userId!: string;
  @ApiPropertyOptional({ description: 'For type listing (and optionally pinned): the listing' })
  @IsOptional() @IsUUID('all', { message: 'listingId must be a listing id' }) listingId?: string;
  @ApiPropertyOptional({ description: 'A label, e.g. the name of a saved search' })
  @IsOptional() @IsString() @MaxLength(120) name?: string;
  @ApiPropertyOptional({
    description:
      'For a saved search: { query: "<the search URL query string>" }. For a pinned item: what it points to; a pinned saved search is ' +
      '{ kind: "search", savedItemId: "<one of the caller\'s saved searches>" } (its name and query are copied from the search)',
    type: 'object',
    additionalProperties: true,
  })
  @IsOptional() @IsObject() data?: Record<string, unknown>;
  @ApiPropertyOptional({
    enum: SAVED_SEARCH_ALERTS,
    default: 'off',
    description: 'For a saved search: alert me of new listings it matches, soon after (instant, batched) or in a daily digest',
  })
  @IsOptional()
  @IsIn(SAVED_SEARCH_ALERTS, { message: `alert must be one of: ${SAVED_SEARCH_ALERTS.join(', ')}` })
  alert?: SavedSearchAlert;
}

export class SetSavedSearchAlertDto {
  @ApiProperty({ enum: SAVED_SEARCH_ALERTS, description: 'off, instant (the matches of a batch window together, a minute by default) or daily (one digest a day)' })
  @IsIn(SAVED_SEARCH_ALERTS, { message: `alert must be one of: ${SAVED_SEARCH_ALERTS.join(', ')}` })
  alert!: SavedSearchAlert;
}

export class GetSavedItemsDto {
  @ApiProperty() @IsUUID('all', { message: 'userId must be a user id' }) userId!: string;
  @ApiPropertyOptional({ enum: [...SAVED_ITEM_TYPES, 'all'], default: 'all' })
  @IsOptional() @IsIn([...SAVED_ITEM_TYPES, 'all'], { message: 'type must be one of: listing, search, pinned, all' }) type?: SavedItemType | 'all';
}

export class DeleteSavedItemDto {
  @ApiProperty() @IsUUID('all', { message: 'userId must be a user id' }) userId!: string;
  @ApiProperty({ enum: SAVED_ITEM_TYPES }) @IsIn(SAVED_ITEM_TYPES, { message: 'type must be one of: listing, search, pinned' }) type!: SavedItemType;
  @ApiProperty({ description: 'The saved item id, or for type listing also the listing id' })
  @IsUUID('all', { message: 'itemId must be an id' }) itemId!: string;
}

/** A saved listing the caller can no longer see (its owner hid it or made it a draft): only its id. */
export class UnavailableListingDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ enum: [true], description: 'Always true: the listing is hidden or a draft; the web shows "No longer available"' })
  unavailable!: true;
}

@ApiExtraModels(ListingDto, UnavailableListingDto)
export class SavedItemDto {
  @ApiProperty() _id!: string;
  @ApiProperty({ enum: SAVED_ITEM_TYPES }) type!: SavedItemType;
  @ApiProperty({
    nullable: true,
    description: 'The saved or pinned listing; { _id, unavailable: true } when the caller can no longer see it; null for a saved search',
    oneOf: [{ $ref: getSchemaPath(ListingDto) }, { $ref: getSchemaPath(UnavailableListingDto) }],
  })
  listing!: ListingDto | UnavailableListingDto | null;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) data!: Record<string, unknown>;
  @ApiProperty({ enum: SAVED_SEARCH_ALERTS, nullable: true, description: "A saved search's alerts; null for a saved listing or a pinned item" })
  alert!: SavedSearchAlert | null;
  @ApiProperty({ type: String, nullable: true, description: 'When the member was last alerted of new matches of this search' })
  lastNotifiedAt!: string | null;
  @ApiProperty() createdAt!: string;
}

export class SavedItemListDto {
  @ApiProperty({ type: [SavedItemDto] }) items!: SavedItemDto[];
}
