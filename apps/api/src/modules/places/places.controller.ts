import { Controller, Get, NotFoundException, Param, Query } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/decorators';
import { ErrorResponseDto } from '../../common/http/common.dto';
import {
  BarangaysQueryDto,
  CitiesQueryDto,
  GeocodeQueryDto,
  GeocodeResultDto,
  PlaceDto,
  ProvincesQueryDto,
  ReverseGeocodeQueryDto,
} from './dto/place.dto';
import { GeocodingService } from './geocoder';
import { PlacesService } from './places.service';

/** The PSGC places behind the address pickers; public reference data, sorted by name. */
@ApiTags('places')
@Controller()
export class PlacesController {
  constructor(
    private readonly places: PlacesService,
    private readonly geocoding: GeocodingService,
  ) {}

  @Public()
  @Get('places/regions')
  @ApiOkResponse({ type: [PlaceDto] })
  listRegions(): Promise<PlaceDto[]> {
    return this.places.listRegions();
  }

  @Public()
  @Get('places/provinces')
  @ApiOkResponse({ type: [PlaceDto] })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'regionCode is not a 10-digit code or not a region' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Unknown regionCode' })
  listProvinces(@Query() query: ProvincesQueryDto): Promise<PlaceDto[]> {
    return this.places.listProvinces(query.regionCode);
  }

  @Public()
  @Get('places/cities')
  @ApiOkResponse({ type: [PlaceDto], description: 'Cities and municipalities, or the sub-municipalities of a city' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No parent code given, or a code of the wrong form or level' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Unknown regionCode, provinceCode or cityCode' })
  listCities(@Query() query: CitiesQueryDto): Promise<PlaceDto[]> {
    return this.places.listCities(query);
  }

  @Public()
  @Get('places/barangays')
  @ApiOkResponse({ type: [PlaceDto] })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'cityCode missing, not a 10-digit code, or not a city' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Unknown cityCode' })
  listBarangays(@Query() query: BarangaysQueryDto): Promise<PlaceDto[]> {
    return this.places.listBarangays(query.cityCode);
  }

  @Public()
  @Get('places/geocode')
  @ApiOkResponse({ type: [GeocodeResultDto], description: 'Up to 5 places, best first; empty when nothing matches' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'q missing, empty or longer than 200 characters' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'The configured geocoding service failed' })
  geocode(@Query() query: GeocodeQueryDto): Promise<GeocodeResultDto[]> {
    return this.geocoding.search(query.q);
  }

  @Public()
  @Get('places/reverse')
  @ApiOkResponse({ type: GeocodeResultDto, description: 'The barangay the point is nearest to' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'lat or lng missing or out of range' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No place near the point' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'The configured geocoding service failed' })
  async reverseGeocode(@Query() query: ReverseGeocodeQueryDto): Promise<GeocodeResultDto> {
    const found = await this.geocoding.reverse(query.lat, query.lng);
    if (!found) throw new NotFoundException(`No place is known near ${query.lat}, ${query.lng}`);
    return found;
  }

  @Public()
  @Get('places/:code')
  @ApiParam({ name: 'code', description: '10-digit PSGC code', example: '1380300000' })
  @ApiOkResponse({ type: PlaceDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The code is not 10 digits' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No place has this code' })
  getPlace(@Param('code') code: string): Promise<PlaceDto> {
    return this.places.getPlace(code);
  }
}
