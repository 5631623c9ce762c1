import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Req,
  Res,
  UploadedFiles,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { UPLOAD_LIMITS } from '@app/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public, Roles } from '../../common/auth/decorators';
import { ErrorResponseDto, MessageResponseDto } from '../../common/http/common.dto';
import { ListQueryDto } from '../../common/query/list-query.dto';
import { UploadRoute } from '../../common/upload/upload.interceptor';
import { sendStream } from '../../common/storage/send-stream';
import {
  BehaviorDto,
  CreateListingDto,
  DashboardDto,
  DeleteImageDto,
  ListingSearchDto,
  ListingVisibilityDto,
  NearbySearchDto,
  ReviewInputDto,
  UpdateListingDto,
  VerifyListingDto,
} from './dto/listing-input.dto';
import {
  BehaviorResultDto,
  DashboardResultDto,
  ListingDto,
  ListingFacetsDto,
  ListingListDto,
  NearbyResultDto,
  OwnershipDocumentListDto,
  ReviewDto,
  ReviewListDto,
} from './dto/listing-output.dto';
import { ListingOwnerGuard } from './listing-owner.guard';
import { ListingsService, NOT_FOUND_MESSAGE } from './listings.service';

const listingId = () => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(NOT_FOUND_MESSAGE) });
const filesBody = (field: string) =>
  ApiBody({
    schema: {
      type: 'object',
      required: [field],
      properties: { [field]: { type: 'array', items: { type: 'string', format: 'binary' } } },
    },
  });

@ApiTags('listing')
@Controller('listing')
export class ListingsController {
  constructor(private readonly listings: ListingsService) {}

  @Public()
  @Get('get/all')
  @ApiOkResponse({ type: ListingListDto })
  getAllListings(@CurrentUser() caller: AuthUser | undefined, @Query() query: ListQueryDto): Promise<ListingListDto> {
    return this.listings.list(caller, query);
  }

  @Public()
  @Get('get/:id')
  @ApiOkResponse({ type: ListingDto })
  getListingById(@CurrentUser() caller: AuthUser | undefined, @Param('id', listingId()) id: string): Promise<ListingDto> {
    return this.listings.get(caller, id);
  }

  @Post('create')
  @ApiCreatedResponse({ type: ListingDto })
  @ApiResponse({ status: 402, type: ErrorResponseDto, description: "An active listing past the member's plan limit (PLANS activeListings); body.upgrade names the plan with room" })
  createListing(@CurrentUser() caller: AuthUser, @Body() dto: CreateListingDto): Promise<ListingDto> {
    return this.listings.create(caller, dto);
  }

  @Put('update')
  @ApiOkResponse({ type: ListingDto })
  @ApiResponse({ status: 402, type: ErrorResponseDto, description: "Making a listing active past the member's plan limit" })
  updateListing(@CurrentUser() caller: AuthUser, @Body() dto: UpdateListingDto): Promise<ListingDto> {
    return this.listings.update(caller, dto);
  }

  @Delete('remove/:id')
  @ApiOkResponse({ type: MessageResponseDto })
  removeListing(@CurrentUser() caller: AuthUser, @Param('id', listingId()) id: string): Promise<{ message: string }> {
    return this.listings.remove(caller, id);
  }

  @Post('update/visibility')
  @HttpCode(200)
  @ApiOkResponse({ type: ListingDto })
  updateListingVisibility(@CurrentUser() caller: AuthUser, @Body() dto: ListingVisibilityDto): Promise<ListingDto> {
    return this.listings.setVisibility(caller, dto.listingId, dto.visible);
  }

  @Public()
  @Post('update/behavior/:id')
  @HttpCode(200)
  @ApiOkResponse({ type: BehaviorResultDto })
  recordListingBehavior(
    @CurrentUser() caller: AuthUser | undefined,
    @Param('id', listingId()) id: string,
    @Body() dto: BehaviorDto,
    @Req() req: Request,
  ): Promise<BehaviorResultDto> {
    return this.listings.recordBehavior(caller, id, dto.behavior ?? 'view', { ip: req.ip ?? 'unknown' });
  }

  @Public()
  @Post('search')
  @HttpCode(200)
  @ApiOkResponse({ type: ListingListDto })
  searchListings(@CurrentUser() caller: AuthUser | undefined, @Body() body: ListingSearchDto): Promise<ListingListDto> {
    return this.listings.search(caller, body);
  }

  @Public()
  @Post('filter')
  @HttpCode(200)
  @ApiOkResponse({ type: ListingFacetsDto })
  filterListings(@CurrentUser() caller: AuthUser | undefined, @Body() body: ListingSearchDto): Promise<ListingFacetsDto> {
    return this.listings.facets(caller, body);
  }

  @Public()
  @Post('search/nearby')
  @HttpCode(200)
  @ApiOkResponse({ type: NearbyResultDto })
  searchNearbyListings(@CurrentUser() caller: AuthUser | undefined, @Body() dto: NearbySearchDto): Promise<NearbyResultDto> {
    return this.listings.nearby(caller, dto);
  }

  @Post('upload-image/:id')
  @HttpCode(200)
  @UploadRoute({ field: 'image', maxFiles: UPLOAD_LIMITS.maxFiles, maxBytes: UPLOAD_LIMITS.maxFileBytes }, ListingOwnerGuard)
  @ApiConsumes('multipart/form-data')
  @filesBody('image')
  @ApiOkResponse({ type: ListingDto })
  uploadListingImages(
    @CurrentUser() caller: AuthUser,
    @Param('id', listingId()) id: string,
    @UploadedFiles() files: Express.Multer.File[],
  ): Promise<ListingDto> {
    return this.listings.uploadImages(caller, id, files);
  }

  @Delete('delete-image')
  @ApiOkResponse({ type: ListingDto })
  deleteListingImage(@CurrentUser() caller: AuthUser, @Body() dto: DeleteImageDto): Promise<ListingDto> {
    return this.listings.deleteImage(caller, dto.listingId, dto.imageId);
  }

  @Post('upload-ownership/:id')
  @HttpCode(200)
  @UploadRoute({ field: 'documents', maxFiles: UPLOAD_LIMITS.maxFiles, maxBytes: UPLOAD_LIMITS.maxFileBytes }, ListingOwnerGuard)
  @ApiConsumes('multipart/form-data')
  @filesBody('documents')
  @ApiOkResponse({ type: OwnershipDocumentListDto })
  uploadOwnershipDocuments(
    @CurrentUser() caller: AuthUser,
    @Param('id', listingId()) id: string,
    @UploadedFiles() files: Express.Multer.File[],
  ): Promise<OwnershipDocumentListDto> {
    return this.listings.uploadDocuments(caller, id, files);
  }

  @Get('ownership/:id')
  @ApiOkResponse({ type: OwnershipDocumentListDto })
  listOwnershipDocuments(@CurrentUser() caller: AuthUser, @Param('id', listingId()) id: string): Promise<OwnershipDocumentListDto> {
    return this.listings.documents(caller, id);
  }

  @Get('ownership/:id/:documentId')
  @ApiProduces('application/pdf', 'image/*')
  @ApiOkResponse({ description: 'The document file (owner and admins only)' })
  async getOwnershipDocument(
    @CurrentUser() caller: AuthUser,
    @Param('id', listingId()) id: string,
    @Param('documentId', new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Document not found') })) documentId: string,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.listings.openDocument(caller, id, documentId);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename.replace(/"/g, '')}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    sendStream(file.stream, res);
  }

  @Post('dashboard')
  @HttpCode(200)
  @ApiOkResponse({ type: DashboardResultDto })
  getListingDashboard(@CurrentUser() caller: AuthUser, @Body() dto: DashboardDto): Promise<DashboardResultDto> {
    return this.listings.dashboard(caller, dto);
  }

  @Roles('admin', 'super_admin')
  @Post('verify/:id')
  @HttpCode(200)
  @ApiOkResponse({ type: ListingDto })
  verifyListing(@CurrentUser() caller: AuthUser, @Param('id', listingId()) id: string, @Body() dto: VerifyListingDto): Promise<ListingDto> {
    return this.listings.verify(caller, id, dto.verified);
  }

  @Public()
  @Get('reviews/:id')
  @ApiOkResponse({ type: ReviewListDto })
  getListingReviews(
    @CurrentUser() caller: AuthUser | undefined,
    @Param('id', listingId()) id: string,
    @Query() query: ListQueryDto,
  ): Promise<ReviewListDto> {
    return this.listings.reviews(caller, id, query);
  }

  @Post('review/:id')
  @ApiCreatedResponse({ type: ReviewDto })
  createListingReview(@CurrentUser() caller: AuthUser, @Param('id', listingId()) id: string, @Body() dto: ReviewInputDto): Promise<ReviewDto> {
    return this.listings.review(caller, id, dto);
  }
}
