import { Body, Controller, HttpCode, Post, Put } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ListingIdDto } from '../listings/dto/listing-input.dto';
import { SaveResultDto } from '../listings/dto/listing-output.dto';
import { SavedItemsService } from './saved-items.service';

/** POST /listing/save and PUT /listing/unsave: the listing routes of saving (saved_items is this module's table). */
@ApiTags('listing')
@Controller('listing')
export class SavedListingsController {
  constructor(private readonly saved: SavedItemsService) {}

  @Post('save')
  @HttpCode(200)
  @ApiOkResponse({ type: SaveResultDto })
  @ApiNotFoundResponse({ description: 'No such listing, or one the caller cannot see (hidden or a draft)' })
  saveListing(@CurrentUser() caller: AuthUser, @Body() dto: ListingIdDto): Promise<SaveResultDto> {
    return this.saved.saveListing(caller, dto.listingId);
  }

  @Put('unsave')
  @ApiOkResponse({ type: SaveResultDto, description: 'savedCount is 0 when the caller cannot see the listing (its own saved row is still removed)' })
  unsaveListing(@CurrentUser() caller: AuthUser, @Body() dto: ListingIdDto): Promise<SaveResultDto> {
    return this.saved.unsaveListing(caller, dto.listingId);
  }
}
