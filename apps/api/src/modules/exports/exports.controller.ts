import { BadRequestException, Body, Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public, Roles } from '../../common/auth/decorators';
import { ErrorResponseDto } from '../../common/http/common.dto';
import { PageQueryDto } from '../../common/http/page-query.dto';
import {
  AuditExportDto,
  AuditExportPreviewDto,
  AuditExportWithFormatDto,
  ExportAcceptedDto,
  ExportJobDto,
  ExportJobListDto,
  ExportPreviewDto,
  ListingExportDto,
  ListingExportPreviewDto,
  ListingExportWithFormatDto,
  UserExportDto,
  UserExportPreviewDto,
} from './dto/export.dto';
import { EXPORT_FORMATS, RESOURCES, type ExportFormat, type ExportResource } from './export-columns';
import { EXPORT_NOT_FOUND, ExportsService, type ExportFile } from './exports.service';

const STAFF = ['viewer', 'admin', 'super_admin'] as const;
const exportId = () => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(EXPORT_NOT_FOUND) });

/** Headers and body of an export file. */
function sendFile(res: Response, file: ExportFile): StreamableFile {
  res.setHeader('X-Export-Id', file.id);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  return new StreamableFile(file.stream, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"`, length: file.size });
}

/** The file (200) of a small export, or its job (202). */
async function answer(res: Response, result: Awaited<ReturnType<ExportsService['request']>>): Promise<StreamableFile | ExportAcceptedDto> {
  if ('file' in result) return sendFile(res, result.file);
  res.status(202);
  return result.accepted;
}

const columnsNote = (r: ExportResource) =>
  `Columns (select): ${RESOURCES[r].columns.map((c) => c.key).join(', ')}; default ${RESOURCES[r].defaultSelect.join(', ')}. Sort: ${RESOURCES[r].sorts.join(', ')} (default ${RESOURCES[r].defaultSort}).`;

const fileAnswers = (r: ExportResource) => (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
  ApiProduces('text/csv', 'application/pdf', 'application/json')(target, key, descriptor);
  ApiOkResponse({
    description: `The file (small exports: ${RESOURCES[r].filePrefix}_report_{timestamp}.{format}, header X-Export-Id). ${columnsNote(r)}`,
    content: {
      'text/csv': { schema: { type: 'string', format: 'binary' } },
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    },
  })(target, key, descriptor);
  ApiAcceptedResponse({ type: ExportAcceptedDto, description: 'A large export (or one not done in time) runs on: GET statusUrl' })(target, key, descriptor);
  ApiBadRequestResponse({ type: ErrorResponseDto })(target, key, descriptor);
  ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Members may not export' })(target, key, descriptor);
};

const previewAnswers = (r: ExportResource) => (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
  ApiOkResponse({ type: ExportPreviewDto, description: `The columns, the first 10 rows as the file will have them, and the rows the export would write. ${columnsNote(r)}` })(
    target,
    key,
    descriptor,
  );
  ApiBadRequestResponse({ type: ErrorResponseDto })(target, key, descriptor);
  ApiForbiddenResponse({ type: ErrorResponseDto })(target, key, descriptor);
};

/** Spec: POST /user/export/{format}. */
@ApiTags('export')
@Controller()
export class UserExportController {
  constructor(private readonly exports: ExportsService) {}

  @Roles(...STAFF)
  @Post('user/export/preview')
  @HttpCode(200)
  @previewAnswers('users')
  previewUserExport(@CurrentUser() caller: AuthUser, @Body() body: UserExportPreviewDto): Promise<ExportPreviewDto> {
    return this.exports.preview(caller, 'users', body);
  }

  @Roles(...STAFF)
  @Post('user/export/:format')
  @HttpCode(200)
  @ApiParam({ name: 'format', enum: EXPORT_FORMATS })
  @fileAnswers('users')
  async exportUsers(
    @CurrentUser() caller: AuthUser,
    @Param('format') format: string,
    @Body() body: UserExportDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | ExportAcceptedDto> {
    return answer(res, await this.exports.request(caller, 'users', formatOf(format), body));
  }
}

function formatOf(format: string): ExportFormat {
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw new BadRequestException(`format must be one of: ${EXPORT_FORMATS.join(', ')}`);
  return format as ExportFormat;
}

/** Spec: /listing/export/csv, /listing/export/pdf, /listing/export/ (format in the body). */
@ApiTags('export')
@Controller()
export class ListingExportController {
  constructor(private readonly exports: ExportsService) {}

  @Roles(...STAFF)
  @Post('listing/export/preview')
  @HttpCode(200)
  @previewAnswers('listings')
  previewListingExport(@CurrentUser() caller: AuthUser, @Body() body: ListingExportPreviewDto): Promise<ExportPreviewDto> {
    return this.exports.preview(caller, 'listings', body);
  }

  @Roles(...STAFF)
  @Post('listing/export/csv')
  @HttpCode(200)
  @fileAnswers('listings')
  async exportListingsCsv(@CurrentUser() caller: AuthUser, @Body() body: ListingExportDto, @Res({ passthrough: true }) res: Response): Promise<StreamableFile | ExportAcceptedDto> {
    return answer(res, await this.exports.request(caller, 'listings', 'csv', body));
  }

  @Roles(...STAFF)
  @Post('listing/export/pdf')
  @HttpCode(200)
  @fileAnswers('listings')
  async exportListingsPdf(@CurrentUser() caller: AuthUser, @Body() body: ListingExportDto, @Res({ passthrough: true }) res: Response): Promise<StreamableFile | ExportAcceptedDto> {
    return answer(res, await this.exports.request(caller, 'listings', 'pdf', body));
  }

  @Roles(...STAFF)
  @Post('listing/export')
  @HttpCode(200)
  @fileAnswers('listings')
  async exportListings(
    @CurrentUser() caller: AuthUser,
    @Body() body: ListingExportWithFormatDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | ExportAcceptedDto> {
    return answer(res, await this.exports.request(caller, 'listings', body.format, body));
  }
}

/** Spec: /audit/export/, /audit/export/csv, /audit/export/pdf. */
@ApiTags('export')
@Controller()
export class AuditExportController {
  constructor(private readonly exports: ExportsService) {}

  @Roles(...STAFF)
  @Post('audit/export/preview')
  @HttpCode(200)
  @previewAnswers('audit')
  previewAuditExport(@CurrentUser() caller: AuthUser, @Body() body: AuditExportPreviewDto): Promise<ExportPreviewDto> {
    return this.exports.preview(caller, 'audit', body);
  }

  @Roles(...STAFF)
  @Post('audit/export/csv')
  @HttpCode(200)
  @fileAnswers('audit')
  async exportAuditCsv(@CurrentUser() caller: AuthUser, @Body() body: AuditExportDto, @Res({ passthrough: true }) res: Response): Promise<StreamableFile | ExportAcceptedDto> {
    return answer(res, await this.exports.request(caller, 'audit', 'csv', body));
  }

  @Roles(...STAFF)
  @Post('audit/export/pdf')
  @HttpCode(200)
  @fileAnswers('audit')
  async exportAuditPdf(@CurrentUser() caller: AuthUser, @Body() body: AuditExportDto, @Res({ passthrough: true }) res: Response): Promise<StreamableFile | ExportAcceptedDto> {
    return answer(res, await this.exports.request(caller, 'audit', 'pdf', body));
  }

  @Roles(...STAFF)
  @Post('audit/export')
  @HttpCode(200)
  @fileAnswers('audit')
  async exportAudit(
    @CurrentUser() caller: AuthUser,
    @Body() body: AuditExportWithFormatDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | ExportAcceptedDto> {
    return answer(res, await this.exports.request(caller, 'audit', body.format, body));
  }
}

/** An export's job: progress, then its signed download link. */
@ApiTags('export')
@ApiExtraModels(ExportJobDto)
@Controller('export')
export class ExportJobsController {
  constructor(private readonly exports: ExportsService) {}

  @Roles(...STAFF)
  @Get('my')
  @ApiOkResponse({ type: ExportJobListDto, description: 'The caller’s exports, newest first' })
  @ApiForbiddenResponse({ type: ErrorResponseDto })
  getMyExports(@CurrentUser() caller: AuthUser, @Query() query: PageQueryDto): Promise<ExportJobListDto> {
    return this.exports.mine(caller, query);
  }

  @Roles(...STAFF)
  @Get(':id')
  @ApiOkResponse({ schema: { $ref: getSchemaPath(ExportJobDto) }, description: 'The caller’s own export (another’s is 404); downloadUrl when ready' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getExport(@CurrentUser() caller: AuthUser, @Param('id', exportId()) id: string): Promise<ExportJobDto> {
    return this.exports.get(caller, id);
  }

  /** The file through the signed link of ExportJobDto.downloadUrl (no token: works as a plain link). */
  @Public()
  @Get(':id/download')
  @ApiProduces('text/csv', 'application/pdf')
  @ApiOkResponse({ description: 'The file', content: { 'text/csv': { schema: { type: 'string', format: 'binary' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Not a link we signed' })
  @ApiGoneResponse({ type: ErrorResponseDto, description: 'The link or the export has expired' })
  async downloadExport(
    @Param('id', exportId()) id: string,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return sendFile(res, await this.exports.download(id, expires, signature));
  }
}
