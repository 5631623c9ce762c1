import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, Roles } from '../../../common/auth/decorators';
import { ListingBulkDto, ListingBulkResultDto } from './listing-bulk.dto';
import { ListingBulkService } from './listing-bulk.service';

@ApiTags('listing')
@Controller('listing')
export class ListingBulkController {
  constructor(private readonly bulk: ListingBulkService) {}

  @Roles('admin', 'super_admin')
  @Post('bulk')
  @HttpCode(200)
  @ApiOkResponse({ type: ListingBulkResultDto, description: 'Each listing through its single-listing rule; a failure does not stop the others' })
  bulkListingAction(@CurrentUser() caller: AuthUser, @Body() dto: ListingBulkDto): Promise<ListingBulkResultDto> {
    return this.bulk.run(caller, dto.ids, dto.action);
  }
}
