import { Body, Controller, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ErrorResponseDto, MessageResponseDto } from '../../common/http/common.dto';
import { ALERT_SEARCH_NOT_FOUND } from './alerts/saved-search-alerts.service';
import {
  DeleteSavedItemDto,
  GetSavedItemsDto,
  SavedItemDto,
  SavedItemListDto,
  SaveItemDto,
  SAVED_ITEM_TYPES,
  SetSavedSearchAlertDto,
} from './dto/saved-item.dto';
import { SavedItemsService } from './saved-items.service';

@ApiTags('user')
@Controller('user')
export class SavedItemsController {
  constructor(private readonly saved: SavedItemsService) {}

  @Post('save/:type')
  @ApiParam({ name: 'type', enum: SAVED_ITEM_TYPES })
  @ApiCreatedResponse({ type: SavedItemDto, description: 'The saved item; a listing saved or pinned again, or a saved search pinned again, answers the existing item' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'An unknown type, a search without data.query, a pinned search without data.savedItemId, an unknown alert, alert on an item that is not a search, ' +
      'alerts on a search whose filters are not valid' })
  @ApiNotFoundResponse({
    type: ErrorResponseDto,
    description: 'The listing (to save or pin) does not exist, or the caller cannot see it (hidden or a draft); the saved search to pin is not one of the caller\'s',
  })
  saveUserItem(@CurrentUser() caller: AuthUser, @Param('type') type: string, @Body() dto: SaveItemDto): Promise<SavedItemDto> {
    return this.saved.save(caller, type, dto);
  }

  @Put('save/search/:id/alert')
  @ApiParam({ name: 'id', description: 'The saved search (saved item) id' })
  @ApiOkResponse({ type: SavedItemDto, description: 'The saved search with its alert setting' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "alert is not off, instant or daily; or the search's filters are not valid" })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: "Not one of the caller's saved searches" })
  setSavedSearchAlert(
    @CurrentUser() caller: AuthUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(ALERT_SEARCH_NOT_FOUND) })) id: string,
    @Body() dto: SetSavedSearchAlertDto,
  ): Promise<SavedItemDto> {
    return this.saved.setAlert(caller, id, dto.alert);
  }

  @Post('get/save/items')
  @HttpCode(200)
  @ApiOkResponse({ type: SavedItemListDto })
  getUserSavedItems(@CurrentUser() caller: AuthUser, @Body() dto: GetSavedItemsDto): Promise<SavedItemListDto> {
    return this.saved.list(caller, dto.userId, dto.type);
  }

  @Post('delete/save/items')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto, description: 'Removed; a removed saved search takes its pins with it' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The caller has no such item' })
  deleteUserSavedItem(@CurrentUser() caller: AuthUser, @Body() dto: DeleteSavedItemDto): Promise<{ message: string }> {
    return this.saved.remove(caller, dto.userId, dto.type, dto.itemId);
  }
}
