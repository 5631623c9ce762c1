import { Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Query, Res, UploadedFiles } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, Roles } from '../../../common/auth/decorators';
import { ErrorResponseDto } from '../../../common/http/common.dto';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { UploadRoute } from '../../../common/upload/upload.interceptor';
import { ImportAnswerDto, ImportDto, ImportListDto } from './dto/listing-import.dto';
import { IMPORT_NOT_FOUND, ListingImportService } from './listing-import.service';

const importId = () =>
  new ParseUUIDPipe({
    exceptionFactory: () => new NotFoundException(IMPORT_NOT_FOUND),
  });

/**
 * Listing imports from JSON: admins and super admins import (staff keep the catalogue; members,
 * whose listings are their own, and the read-only viewer cannot), every staff role reads the reports.
 */
@ApiTags('listing')
@Controller('listing/import')
export class ListingImportController {
  constructor(private readonly imports: ListingImportService) {}

  @Post('json')
  @HttpCode(200)
  @Roles('admin', 'super_admin')
  @UploadRoute({
    field: 'file',
    maxFiles: 1,
    maxBytes: (config) => config.listingImport.maxBytes,
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    description:
      'A JSON array of listings as POST /listing/create takes them (or as get, search and the export give them), each with its `code` (required: it finds the listing on re-import) and optionally `owner`/`ownerId` (a member id or e-mail; default: a new listing is the importer’s, an existing one keeps its owner). Up to LISTING_IMPORT_MAX_BYTES (100 MB).',
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    },
  })
  @ApiOkResponse({
    type: ImportAnswerDto,
    description: 'A small import (at most 2,000 rows) finished within the call: its report',
  })
  @ApiAcceptedResponse({
    type: ImportAnswerDto,
    description: 'A larger import runs on: poll GET /listing/import/{id}',
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Not a JSON array ("The file must be a JSON array of listings"), or not valid JSON (where it stops being JSON)',
  })
  @ApiPayloadTooLargeResponse({
    type: ErrorResponseDto,
    description: 'The file is larger than LISTING_IMPORT_MAX_BYTES',
  })
  async importListingsJson(
    @CurrentUser() caller: AuthUser,
    @UploadedFiles() files: Express.Multer.File[],
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImportAnswerDto> {
    const { status, body } = await this.imports.start(caller, files);
    res.status(status);
    return body;
  }

  @Get('get/all')
  @Roles('viewer', 'admin', 'super_admin')
  @ApiOkResponse({
    type: ImportListDto,
    description: 'Imports, newest first, without their rejected rows',
  })
  getListingImports(@Query() query: PageQueryDto): Promise<ImportListDto> {
    return this.imports.list(query);
  }

  @Get(':id')
  @Roles('viewer', 'admin', 'super_admin')
  @ApiOkResponse({ type: ImportDto })
  getListingImport(@Param('id', importId()) id: string): Promise<ImportDto> {
    return this.imports.get(id);
  }
}
