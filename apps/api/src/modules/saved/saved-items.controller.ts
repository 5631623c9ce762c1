import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { MessageResponseDto } from '../../common/http/common.dto';
import { DeleteSavedItemDto, GetSavedItemsDto, SavedItemDto, SavedItemListDto, SaveItemDto, SAVED_ITEM_TYPES } from './dto/saved-item.dto';
import { SavedItemsService } from './saved-items.service';

@ApiTags('user')
@Controller('user')
export class SavedItemsController {
  constructor(private readonly saved: SavedItemsService) {}

  @Post('save/:type')
  @ApiParam({ name: 'type', enum: SAVED_ITEM_TYPES })
  @ApiCreatedResponse({ type: SavedItemDto })
  @ApiNotFoundResponse({ description: 'The listing (to save or pin) does not exist, or the caller cannot see it (hidden or a draft)' })
  saveUserItem(@CurrentUser() caller: AuthUser, @Param('type') type: string, @Body() dto: SaveItemDto): Promise<SavedItemDto> {
    return this.saved.save(caller, type, dto);
  }

  @Post('get/save/items')
  @HttpCode(200)
  @ApiOkResponse({ type: SavedItemListDto })
  getUserSavedItems(@CurrentUser() caller: AuthUser, @Body() dto: GetSavedItemsDto): Promise<SavedItemListDto> {
    return this.saved.list(caller, dto.userId, dto.type);
  }

  @Post('delete/save/items')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponseDto })
  deleteUserSavedItem(@CurrentUser() caller: AuthUser, @Body() dto: DeleteSavedItemDto): Promise<{ message: string }> {
    return this.saved.remove(caller, dto.userId, dto.type, dto.itemId);
  }
}
