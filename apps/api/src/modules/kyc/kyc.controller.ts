import { Body, Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Put, Query, Res, UploadedFiles } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { KYC_MAX_FILE_BYTES } from '@app/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Roles } from '../../common/auth/decorators';
import { ErrorResponseDto } from '../../common/http/common.dto';
import { UploadRoute, type UploadedFieldFiles } from '../../common/upload/upload.interceptor';
import {
  CREATE_KYC_BODY,
  CreateKycDto,
  KycFileLinkDto,
  KycFileLinkRequestDto,
  KycListDto,
  KycListQueryDto,
  KycSubmissionDto,
  MyKycDto,
  UpdateKycStatusDto,
} from './dto/kyc.dto';
import { KycSubmitLimitGuard } from './kyc-submit-limit.guard';
import { KYC_BEING_REVIEWED, KYC_FILE_NOT_FOUND, KYC_NOT_FOUND, KycService } from './kyc.service';

const submissionId = () => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(KYC_NOT_FOUND) });
const fileId = () => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(KYC_FILE_NOT_FOUND) });

/**
 * Identity verification (KYC): members submit and follow their own; reviewers (admins and super admins,
 * not viewers: IDs are sensitive personal information) work the queue.
 */
@ApiTags('kyc')
@Controller('kyc')
export class KycController {
  constructor(private readonly kyc: KycService) {}

  @Post('create')
  // guards in order: signed in (global), at most KYC_SUBMISSIONS_PER_DAY a day, the upload limit; only then are the files read
  @UploadRoute(
    {
      fields: [
        { name: 'front', maxFiles: 1 },
        { name: 'back', maxFiles: 1 },
        { name: 'selfie', maxFiles: 1 },
      ],
      maxBytes: KYC_MAX_FILE_BYTES,
    },
    KycSubmitLimitGuard,
  )
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: CREATE_KYC_BODY as never })
  @ApiOperation({
    summary: 'Submit (or save a draft of) my identity verification',
    description:
      'Multipart: idType, idNumber, fullName, birthDate (18+), idExpiresOn (optional, in the future), submit (default true) and the images front, back (optional for passports and PhilSys paper/digital IDs) and selfie (JPEG, PNG or WebP by their bytes, 10 MB each). With an open draft or resubmission request, the fields and files given replace the stored ones and it is submitted.',
  })
  @ApiCreatedResponse({ type: KycSubmissionDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A missing field or image, a file that is not a JPEG/PNG/WebP image (the field is named), under 18, an expired ID' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: KYC_BEING_REVIEWED })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'An image over 10 MB' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'More than 5 submissions today (Retry-After)' })
  createKyc(@CurrentUser() caller: AuthUser, @Body() dto: CreateKycDto, @UploadedFiles() files: UploadedFieldFiles | undefined): Promise<KycSubmissionDto> {
    return this.kyc.create(caller, dto, files);
  }

  @Get('my')
  @ApiOkResponse({ type: MyKycDto })
  getMyKyc(@CurrentUser() caller: AuthUser): Promise<MyKycDto> {
    return this.kyc.mine(caller);
  }

  @Post('withdraw/:id')
  @HttpCode(200)
  @ApiOkResponse({ type: KycSubmissionDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Not open any more' })
  withdrawKyc(@CurrentUser() caller: AuthUser, @Param('id', submissionId()) id: string): Promise<KycSubmissionDto> {
    return this.kyc.withdraw(caller, id);
  }

  @Get('get/all')
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: KycListDto, description: 'Oldest submittedAt first (the queue)' })
  getAllKyc(@CurrentUser() caller: AuthUser, @Query() query: KycListQueryDto): Promise<KycListDto> {
    return this.kyc.list(caller, query);
  }

  @Get('get/:id')
  @ApiOkResponse({ type: KycSubmissionDto, description: 'The owner, or a reviewer (with user and reviews)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Not found, or not yours' })
  getKyc(@CurrentUser() caller: AuthUser, @Param('id', submissionId()) id: string): Promise<KycSubmissionDto> {
    return this.kyc.get(caller, id);
  }

  @Put('update/status/:id')
  @Roles('admin', 'super_admin')
  @ApiOperation({
    summary: 'Take, release or decide a submission',
    description:
      'in_review: assign to me; submitted: release; approved; rejected and resubmission_requested need at least one reason code (other needs a note). Someone else’s assigned submission is 409 naming the reviewer.',
  })
  @ApiOkResponse({ type: KycSubmissionDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'A move the status does not allow, or another reviewer has it' })
  updateKycStatus(@CurrentUser() caller: AuthUser, @Param('id', submissionId()) id: string, @Body() dto: UpdateKycStatusDto): Promise<KycSubmissionDto> {
    return this.kyc.updateStatus(caller, id, dto);
  }

  @Post('file-link/:fileId')
  @HttpCode(200)
  @ApiOperation({ summary: 'A 5-minute link to a KYC image for me (audited with the reason)' })
  @ApiOkResponse({ type: KycFileLinkDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A reviewer gave no valid reason' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  getKycFileLink(@CurrentUser() caller: AuthUser, @Param('fileId', fileId()) id: string, @Body() dto: KycFileLinkRequestDto): Promise<KycFileLinkDto> {
    return this.kyc.fileLink(caller, id, dto.reason);
  }

  @Get('file/:fileId')
  @ApiOperation({ summary: 'The decrypted image of a signed link; send the bearer token of the member the link was made for' })
  @ApiQuery({ name: 'viewer', required: true })
  @ApiQuery({ name: 'expires', required: true })
  @ApiQuery({ name: 'signature', required: true })
  @ApiProduces('image/jpeg', 'image/png', 'image/webp')
  @ApiOkResponse({ description: 'The image', content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'A link made for someone else, or not one we signed' })
  @ApiGoneResponse({ type: ErrorResponseDto, description: 'The link has expired' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async getKycFile(
    @CurrentUser() caller: AuthUser,
    @Param('fileId', fileId()) id: string,
    @Query('viewer') viewer: string | undefined,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const image = await this.kyc.openFile(caller, id, viewer, expires, signature);
    res.status(200);
    res.setHeader('Content-Type', image.mimeType);
    res.setHeader('Content-Length', String(image.bytes.length));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', 'inline');
    res.end(image.bytes);
  }
}
