import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public } from '../../common/auth/decorators';
import { ListingClustersDto, ListingClustersQueryDto } from './dto/listing-map.dto';
import { ListingMapService } from './listing-map.service';

@ApiTags('listing')
@Controller('listing')
export class ListingMapController {
  constructor(private readonly map: ListingMapService) {}

  /** The search map: the matches in a box as clusters with counts, or as pins when few. */
  @Public()
  @Post('clusters')
  @HttpCode(200)
  @ApiOkResponse({ type: ListingClustersDto })
  getListingClusters(@CurrentUser() caller: AuthUser | undefined, @Body() body: ListingClustersQueryDto): Promise<ListingClustersDto> {
    return this.map.clusters(caller, body);
  }
}
